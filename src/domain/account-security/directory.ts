import type { Queryable } from '../../platform/db/database.js';
import { normaliseEmail } from '../credentials/email.js';
import { hashPassword } from '../credentials/password.js';
import type { AccountScope, Principal } from '../credentials/second-factors.js';

/**
 * An account of either space, as the account-security flows need it: who (scope and id), the
 * address its mails go to, and the agency of a pro user (whose activity page shows its events).
 */
export interface Account extends Principal {
  email: string;
  /** The pro user's agency; null for an operator. */
  agencyId: string | null;
  /** An operator switched off (a removed pro user has no row at all). */
  disabled: boolean;
}

const TABLES = {
  pro: `SELECT id, email, agency_id, false AS disabled FROM users`,
  admin: `SELECT id, email, NULL::text AS agency_id, disabled_at IS NOT NULL AS disabled FROM operators`,
} satisfies Record<AccountScope, string>;

const toAccount = (scope: AccountScope, row: { id: string; email: string; agency_id: string | null; disabled: boolean }): Account => ({
  scope,
  id: row.id,
  email: row.email,
  agencyId: row.agency_id,
  disabled: row.disabled,
});

export async function findAccount(db: Queryable, scope: AccountScope, id: string): Promise<Account | null> {
  const { rows } = await db.query<{ id: string; email: string; agency_id: string | null; disabled: boolean }>(
    `${TABLES[scope]} WHERE id = $1`,
    [id],
  );
  return rows[0] ? toAccount(scope, rows[0]) : null;
}

/** The account an address belongs to (compared as normaliseEmail keeps them), or null. */
export async function findAccountByEmail(db: Queryable, scope: AccountScope, email: string): Promise<Account | null> {
  const address = normaliseEmail(email);
  if (address.length > 254) return null;
  const { rows } = await db.query<{ id: string; email: string; agency_id: string | null; disabled: boolean }>(
    `${TABLES[scope]} WHERE email = $1`,
    [address],
  );
  return rows[0] ? toAccount(scope, rows[0]) : null;
}

/** Replaces the account's password (hashed as every password is). */
export async function setAccountPassword(db: Queryable, account: Principal, password: string): Promise<void> {
  const table = account.scope === 'pro' ? 'users' : 'operators';
  await db.query(`UPDATE ${table} SET password_hash = $2 WHERE id = $1`, [account.id, await hashPassword(password)]);
}
