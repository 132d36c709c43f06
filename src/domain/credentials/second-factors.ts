import type { Queryable } from '../../platform/db/database.js';

/** Which accounts: pro users (`pro`) or operators (`admin`), as sessions name their spaces. */
export type AccountScope = 'pro' | 'admin';

/** Whose factors, links or recovery codes. */
export interface Principal {
  scope: AccountScope;
  id: string;
}

export type SecondFactorKind = 'totp' | 'passkey';

/** A second factor as its owner sees it listed (secrets and keys stay in the store). */
export interface SecondFactor {
  id: string;
  kind: SecondFactorKind;
  label: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** The principal's confirmed factors, oldest first (a TOTP secret counts once its first code was typed). */
export async function listSecondFactors(db: Queryable, principal: Principal): Promise<SecondFactor[]> {
  const { rows } = await db.query<{ id: string; kind: SecondFactorKind; label: string; created_at: Date; last_used_at: Date | null }>(
    `SELECT id, kind, label, created_at, last_used_at FROM second_factors
     WHERE scope = $1 AND principal_id = $2 AND confirmed_at IS NOT NULL ORDER BY created_at, id`,
    [principal.scope, principal.id],
  );
  return rows.map((row) => ({ id: row.id, kind: row.kind, label: row.label, createdAt: row.created_at, lastUsedAt: row.last_used_at }));
}

/** Whether a sign-in of this principal needs a second factor after the password: it has one. */
export async function hasSecondFactor(db: Queryable, principal: Principal): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM second_factors WHERE scope = $1 AND principal_id = $2 AND confirmed_at IS NOT NULL LIMIT 1',
    [principal.scope, principal.id],
  );
  return rows.length > 0;
}

/** Removes one factor of the principal; the removed factor, or null when it is not theirs. */
export async function removeSecondFactor(db: Queryable, principal: Principal, factorId: string): Promise<SecondFactor | null> {
  const { rows } = await db.query<{ id: string; kind: SecondFactorKind; label: string; created_at: Date; last_used_at: Date | null }>(
    `DELETE FROM second_factors WHERE scope = $1 AND principal_id = $2 AND id = $3 RETURNING id, kind, label, created_at, last_used_at`,
    [principal.scope, principal.id, factorId],
  );
  const row = rows[0];
  return row ? { id: row.id, kind: row.kind, label: row.label, createdAt: row.created_at, lastUsedAt: row.last_used_at } : null;
}

/** Removes every factor and recovery code of the principal: the operators' procedure for an account that lost them all. */
export async function removeAllSecondFactors(db: Queryable, principal: Principal): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM second_factors WHERE scope = $1 AND principal_id = $2', [principal.scope, principal.id]);
  await db.query('DELETE FROM recovery_codes WHERE scope = $1 AND principal_id = $2', [principal.scope, principal.id]);
  return rowCount ?? 0;
}
