import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../platform/db/database.js';
import { hashLinkSecret } from './link-secret.js';
import type { Principal } from './second-factors.js';

/** How many recovery codes an account holds (docs/accounts.md). */
export const RECOVERY_CODE_COUNT = 10;

/**
 * 32 signs, none read as another (no 1, i, l, o): ten of them carry 50 random bits, printed as
 * two groups of five ("k7m2q-x9d4h") to be copied by hand from paper.
 */
const ALPHABET = '023456789abcdefghjkmnpqrstuvwxyz';
const LENGTH = 10;

export function newRecoveryCode(): string {
  const bytes = randomBytes(LENGTH);
  const signs = Array.from(bytes, (byte) => ALPHABET[byte & 31]!).join('');
  return `${signs.slice(0, 5)}-${signs.slice(5)}`;
}

/** A code as typed (capitals, spaces, dashes, an o for a zero) to the one form its hash is made from, or null when it cannot be one. */
export function normaliseRecoveryCode(typed: string): string | null {
  const signs = typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0');
  return signs.length === LENGTH && [...signs].every((sign) => ALPHABET.includes(sign)) ? signs : null;
}

// Random codes of 50 bits: a plain SHA-256 (as for links) is enough, no password hashing is needed.
const hashCode = (signs: string) => hashLinkSecret(signs);

/** Replaces every recovery code of the principal by ten new ones, returned once to be shown once; only their hashes are kept. */
export async function makeRecoveryCodes(tx: Queryable, principal: Principal, now: Date): Promise<string[]> {
  await tx.query('DELETE FROM recovery_codes WHERE scope = $1 AND principal_id = $2', [principal.scope, principal.id]);
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  for (const code of codes)
    await tx.query('INSERT INTO recovery_codes (scope, principal_id, code_hash, created_at) VALUES ($1, $2, $3, $4)', [
      principal.scope,
      principal.id,
      hashCode(normaliseRecoveryCode(code)!),
      now,
    ]);
  return [...codes];
}

/** Uses a code once: true when it was one of the principal's unused codes (two requests at once cannot both use it). */
export async function useRecoveryCode(tx: Queryable, principal: Principal, typed: string, now: Date): Promise<boolean> {
  const signs = normaliseRecoveryCode(typed);
  if (!signs) return false;
  const { rows } = await tx.query(
    `UPDATE recovery_codes SET used_at = $4 WHERE scope = $1 AND principal_id = $2 AND code_hash = $3 AND used_at IS NULL RETURNING code_hash`,
    [principal.scope, principal.id, hashCode(signs), now],
  );
  return rows.length > 0;
}

/** How many unused recovery codes the principal has left. */
export async function recoveryCodesLeft(db: Queryable, principal: Principal): Promise<number> {
  const { rows } = await db.query<{ unused: number }>(
    'SELECT count(*)::int AS unused FROM recovery_codes WHERE scope = $1 AND principal_id = $2 AND used_at IS NULL',
    [principal.scope, principal.id],
  );
  return rows[0]!.unused;
}
