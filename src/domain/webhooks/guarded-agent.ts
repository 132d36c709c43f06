import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import type { Agent } from 'undici';

/** Resolves a name to all its addresses, as `dns.lookup(name, { all: true })` does. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** A connection refused because a name resolved to an address the caller may not reach. */
export class BlockedAddress extends Error {}

export interface GuardOptions {
  /** Whether a connection may go to this address (`isPublicAddress` unless private addresses are allowed). */
  allows: (address: string) => boolean;
  resolve?: Resolver;
  /** Connection, headers and body, each. */
  timeoutMs: number;
  connections?: number;
}

/**
 * An undici agent for calls to addresses agencies give (webhook receivers, passerelle files):
 * the check runs on every address the name resolves to at connection time, and the connection
 * goes to the very address checked, so a DNS answer that changes in between (rebinding) gains
 * nothing. Loaded on first use: a server that never calls out never loads undici (idle memory).
 */
export async function guardedAgent(options: GuardOptions): Promise<Agent> {
  const resolve = options.resolve ?? systemResolver;
  const lookup = (hostname: string, lookupOptions: LookupAllOptions | { all?: false }, callback: (...args: unknown[]) => void) => {
    resolve(hostname).then(
      (addresses) => {
        if (addresses.length === 0) return callback(new Error(`${hostname} has no address`));
        const blocked = addresses.find((a) => !options.allows(a.address));
        if (blocked)
          return callback(
            new BlockedAddress(`${hostname} resolves to ${blocked.address}, a loopback, private, link-local or metadata address`),
          );
        if (lookupOptions.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: unknown) => callback(error),
    );
  };
  const timeout = options.timeoutMs;
  return new (await import('undici')).Agent({
    connect: { lookup, timeout } as never,
    headersTimeout: timeout,
    bodyTimeout: timeout,
    keepAliveTimeout: 30_000,
    connections: options.connections ?? 16,
  });
}

/** Why a call failed, in a sentence; `timedOutAfterMs`, the timeout applied, when the deadline ended it. */
export function describeFailure(error: unknown, timedOutAfterMs: number | null): string {
  if (timedOutAfterMs !== null) return `no complete answer within ${timedOutAfterMs / 1000} s`;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof BlockedAddress) return cause.message;
  const code = (cause as { code?: string }).code;
  const message = cause instanceof Error ? cause.message : String(cause);
  return (code ? `${code}: ${message}` : message).slice(0, 300);
}
