import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Pure rules of API keys (docs/decisions.md §3): format, generation, hashing, display form. */

export type KeyEnv = 'live' | 'test';

/**
 * What a key may do. A new key gets them all unless narrowed; the leads scopes came later
 * (docs/decisions.md §16), given by migration 100 to the keys that held every earlier one.
 */
export const SCOPES = ['listings:read', 'listings:write', 'listings:delete', 'webhooks:manage', 'leads:read', 'leads:write'] as const;
export type Scope = (typeof SCOPES)[number];

const PREFIX: Record<KeyEnv, string> = { live: 'svc_pk_LIVE_', test: 'svc_pk_TEST_' };
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 40 base62 characters carry about 238 bits: more than a key needs, and above the 32 that docs/decisions.md §3 asks for. */
const RANDOM_LENGTH = 40;
const KEY_PATTERN = /^svc_pk_(LIVE|TEST)_([A-Za-z0-9]{32,128})$/;

export function generateKey(env: KeyEnv): string {
  let out = '';
  while (out.length < RANDOM_LENGTH) {
    for (const byte of randomBytes(64)) {
      // 248 = 4 * 62: rejecting bytes above it keeps every character equally likely.
      if (byte < 248 && out.length < RANDOM_LENGTH) out += BASE62[byte % 62];
    }
  }
  return PREFIX[env] + out;
}

/** A well-formed key, in words: what a refused one is told (bearer.ts). */
export const KEY_SHAPE =
  'svc_pk_LIVE_ or svc_pk_TEST_ followed by 32 to 128 letters and digits (the pro space shows a new key once, 40 of them)';

/** The environment a well-formed key claims, or null for anything that is not a key. */
export function parseKey(candidate: string): KeyEnv | null {
  const match = KEY_PATTERN.exec(candidate);
  if (!match) return null;
  return match[1] === 'LIVE' ? 'live' : 'test';
}

/** The key's SHA-256, as stored; one-shot (hash), as every API request hashes its key. */
export function hashKey(key: string): string {
  return hash('sha256', key, 'hex');
}

/**
 * Constant-time comparison of two key hashes. Both are hashKey's 64 hex digits, so they are
 * compared as they are: sameToken's hashing, which evens out the lengths of arbitrary secrets,
 * would add two SHA-256 to every API call for nothing. Anything else is not a key hash.
 */
export const sameHash = (a: string, b: string): boolean =>
  a.length === KEY_HASH_LENGTH && b.length === KEY_HASH_LENGTH && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const KEY_HASH_LENGTH = 64;

/** What lists show: environment prefix and the first 4 random characters. */
export function displayForm(key: string): string {
  const env = parseKey(key);
  if (!env) throw new Error('not an API key');
  return key.slice(0, PREFIX[env].length + 4) + '…';
}

/** Longest key name (label) the service keeps. */
export const KEY_NAME_MAX = 100;
