import { pooledRandomBytes } from '../random-pool.js';

/**
 * Ids of stored rows: a prefix naming what they are (`lst_`, `agc_`, `key_`), then the
 * creation time and 72 random bits.
 *
 * The time comes first so that rows created together sit together in the primary-key
 * index. Fully random ids scattered a 500-listing push over as many index pages, each one
 * dirtied (and, after a checkpoint, written whole to the WAL), and the same upsert was slower
 * with random ids (docs/benchmarks.md, "Figures behind the code"). The random part keeps ids unguessable
 * and unique across server processes.
 */
/**
 * The prefixes, one per kind of row: lst listing, agc agency, key API key, syn sync session,
 * usr pro user, opr operator, whk webhook endpoint, msg webhook delivery, evt event, lead
 * conversation, lmsg message of a conversation, imp import of a passerelle file, ses session (the handle the
 * sessions page shows, never the cookie's secret), inv team invitation, fac second factor. A prefix is part of the public id: never change one.
 */
export const ID_PREFIXES = [
  'lst',
  'agc',
  'key',
  'syn',
  'usr',
  'opr',
  'whk',
  'msg',
  'evt',
  'lead',
  'lmsg',
  'imp',
  'ses',
  'inv',
  'fac',
] as const;
export type IdPrefix = (typeof ID_PREFIXES)[number];

/** The longest id the service accepts back from a client (its own are about 25 characters). */
export const ID_MAX_LENGTH = 64;

/** An id of `prefix` as a regular-expression fragment without anchors, to compose into a larger pattern. */
export const idRegexSource = (prefix: IdPrefix) => `${prefix}_[0-9A-Za-z]{1,60}`;

/** The pattern a well-formed id of `prefix` matches: the prefix, then base62 (see `newId`). */
export const idPattern = (prefix: IdPrefix) => `^${idRegexSource(prefix)}$`;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// Seven base-62 digits of milliseconds last until the year 2081.
const TIME_DIGITS = 7;

function timePart(ms: number): string {
  let out = '';
  for (let i = 0; i < TIME_DIGITS; i++) {
    out = BASE62[ms % 62] + out;
    ms = Math.floor(ms / 62);
  }
  return out;
}

export function newId(prefix: IdPrefix, now = Date.now()): string {
  // Pooled: a push creating 500 listings would otherwise make 500 calls into the CSPRNG.
  return `${prefix}_${timePart(now)}${pooledRandomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`;
}
