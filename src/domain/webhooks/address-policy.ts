import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether an outbound call may reach this address: only public unicast addresses. Loopback,
 * private, carrier-grade NAT, link-local (with the cloud metadata address 169.254.169.254),
 * unique-local, multicast, reserved and unspecified ranges are refused, and an IPv4 address
 * hidden in IPv6 (`::ffff:10.0.0.1`, 6to4, Teredo) is judged as what it is or refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** A URL's host when it is an address literal (`[::1]` unbracketed), else null. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
}

/** Names that resolve to this machine whatever DNS says (RFC 6761). */
export const isLocalName = (hostname: string) => /(^|\.)localhost\.?$/i.test(hostname);
