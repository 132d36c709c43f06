import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type IPv6 = ipaddr.IPv6;

/**
 * IPv6 ranges that carry an IPv4 address inside them. A packet sent there reaches (through a
 * translator, a tunnel or the host's own stack) the IPv4 address, so the IPv6 form must never
 * let through what the IPv4 form would be refused for (`https://[::127.0.0.1]/` is loopback).
 * `at` is the byte where the IPv4 address starts, for the forms judged as that address; null
 * refuses the whole range, for the forms that are deprecated or hide the address.
 */
const EMBEDS_IPV4: Array<{ prefix: IPv6; bits: number; at: number | null }> = [
  // IPv4-compatible `::a.b.c.d` (deprecated, RFC 4291 §2.5.5.1): `::7f00:1` is 127.0.0.1 on many stacks.
  { prefix: ipaddr.IPv6.parse('::'), bits: 96, at: null },
  // IPv4-translated `::ffff:0:a.b.c.d` (RFC 6145).
  { prefix: ipaddr.IPv6.parse('::ffff:0:0:0'), bits: 96, at: null },
  // NAT64 well-known prefix (RFC 6052): the translator forwards to the IPv4 address, so it is judged as that
  // address (a host behind DNS64 reaches every IPv4-only receiver this way).
  { prefix: ipaddr.IPv6.parse('64:ff9b::'), bits: 96, at: 12 },
  // Local-use NAT64 (RFC 8215): a network's own translator, towards whatever it chooses.
  { prefix: ipaddr.IPv6.parse('64:ff9b:1::'), bits: 48, at: null },
  // 6to4 (RFC 3056, deprecated by RFC 7526): the relay forwards to the IPv4 address in bits 16–47.
  { prefix: ipaddr.IPv6.parse('2002::'), bits: 16, at: 2 },
  // Teredo (RFC 4380): the client's address is stored obfuscated; nothing legitimate receives webhooks there.
  { prefix: ipaddr.IPv6.parse('2001::'), bits: 32, at: null },
];

/**
 * Whether an outbound call may reach this address: only public unicast addresses. Loopback,
 * private, carrier-grade NAT, link-local (with the cloud metadata address 169.254.169.254),
 * unique-local, multicast, reserved and unspecified ranges are refused, and an IPv4 address
 * carried in IPv6 (mapped `::ffff:10.0.0.1`, compatible `::10.0.0.1`, NAT64, 6to4, Teredo) is
 * judged as that IPv4 address, or refused with its whole range (EMBEDS_IPV4). The one check of
 * a webhook URL at registration and of every address a delivery connects to.
 */
export function isPublicAddress(address: string): boolean {
  const text = isIP(address) === 6 ? hexTail(address) : address;
  if (!ipaddr.isValid(text)) return false;
  // process() turns the IPv4-mapped form ::ffff:a.b.c.d into the IPv4 address itself.
  const parsed = ipaddr.process(text);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as IPv6;
  const embedding = EMBEDS_IPV4.find(({ prefix, bits }) => v6.match(prefix, bits));
  if (!embedding) return v6.range() === 'unicast';
  if (embedding.at === null) return false;
  const bytes = v6.toByteArray().slice(embedding.at, embedding.at + 4);
  return new ipaddr.IPv4(bytes).range() === 'unicast';
}

/**
 * An IPv6 address with its dotted IPv4 tail (`::127.0.0.1`) written in hex (`::7f00:1`), the form
 * URLs and resolvers give: ipaddr.js 2.5 reads any dotted tail as IPv4-mapped, which would judge
 * the compatible form as its IPv4 address instead of refusing it.
 */
function hexTail(address: string): string {
  return address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_all, a, b, c, d) =>
    [
      [a, b],
      [c, d],
    ]
      .map(([high, low]) => ((Number(high) << 8) | Number(low)).toString(16))
      .join(':'),
  );
}

/** A URL's host when it is an address literal (`[::1]` unbracketed), else null. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
}

/** Names that resolve to this machine whatever DNS says (RFC 6761). */
export const isLocalName = (hostname: string) => /(^|\.)localhost\.?$/i.test(hostname);
