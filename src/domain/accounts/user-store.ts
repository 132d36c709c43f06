import type { Database, Queryable } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import type { Agency } from '../agencies/agency-store.js';
import { canHaveLiveKeys } from '../agencies/live-keys.js';
import type { Plan } from '../agencies/plans.js';
import { openAgency } from '../onboarding/open-agency.js';
import { hashPassword } from '../credentials/password.js';
import { normaliseEmail } from '../credentials/email.js';
import { endSessionsOf } from '../sessions/session-store.js';
import { removeAllSecondFactors } from '../credentials/second-factors.js';
import { mailVerificationLink } from '../account-security/address-verification.js';
import type { MailSite } from '../mail/site.js';
import { refuse, type Outcome } from '../../platform/outcome.js';

export const ROLES = ['admin', 'agent'] as const;
export type Role = (typeof ROLES)[number];

export interface User {
  id: string;
  agencyId: string;
  email: string;
  role: Role;
  createdAt: Date;
}

interface UserRow {
  id: string;
  agency_id: string;
  email: string;
  password_hash: string;
  role: Role;
  created_at: Date;
}

const toUser = (row: UserRow): User => ({
  id: row.id,
  agencyId: row.agency_id,
  email: row.email,
  role: row.role,
  createdAt: row.created_at,
});
export const emailTaken = () =>
  refuse('conflict', 'Cette adresse e-mail a déjà un compte : connectez-vous.', [
    { field: 'email', message: 'Cette adresse e-mail a déjà un compte : connectez-vous.' },
  ]);

/**
 * Writes a user. Its address counts as verified unless `emailVerified` is false (a sign-up,
 * whose link is mailed to it): the demo account's and an invited colleague's are known to work.
 */
export async function insertUser(
  tx: Queryable,
  input: { agencyId: string; email: string; password: string; role: Role; emailVerified?: boolean },
): Promise<User | null> {
  const { rows } = await tx.query<UserRow>(
    `INSERT INTO users (id, agency_id, email, password_hash, role, email_verified_at) VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::boolean THEN now() END)
     ON CONFLICT (email) DO NOTHING RETURNING *`,
    [
      newId('usr'),
      input.agencyId,
      normaliseEmail(input.email),
      await hashPassword(input.password),
      input.role,
      input.emailVerified ?? true,
    ],
  );
  return rows[0] ? toUser(rows[0]) : null;
}

export interface SignUp {
  agencyName: string;
  siren: string;
  email: string;
  password: string;
  plan: Plan;
}

/**
 * Sign-up (docs/decisions.md §13): an unverified agency, its first user (admin) and a TEST key, in one
 * transaction. The key's value is returned this once. LIVE keys wait for the 48-hour check, and
 * for the user's address, proven by the link mailed to it in the same transaction (docs/accounts.md).
 */
export async function signUp(
  db: Database,
  input: SignUp,
  site: MailSite,
  now: Date,
): Promise<Outcome<{ agency: Agency; user: User; testKey: string }>> {
  try {
    return await db.transaction(async (tx) => {
      const { agency, testKey } = await openAgency(
        tx,
        { name: input.agencyName.trim(), plan: input.plan, email: normaliseEmail(input.email), siren: input.siren, verified: false },
        { test: 'Clé de test', live: 'Clé LIVE' },
      );
      const user = await insertUser(tx, {
        agencyId: agency.id,
        email: input.email,
        password: input.password,
        role: 'admin',
        emailVerified: false,
      });
      if (!user) throw new EmailTaken();
      await mailVerificationLink(tx, user, site, now);
      return { ok: true as const, value: { agency, user, testKey: testKey.key } };
    });
  } catch (error) {
    if (error instanceof EmailTaken) return emailTaken();
    throw error;
  }
}
/** Thrown inside a transaction to undo it when the address was taken meanwhile. */
export class EmailTaken extends Error {}

/** A signed-in user with what every page of the pro space shows of the agency, in one query. */
export async function findUserWithAgency(
  db: Queryable,
  id: string,
): Promise<(User & { agencyName: string; canHaveLiveKeys: boolean; emailVerified: boolean; agencyRequiresTwoFactor: boolean }) | null> {
  const { rows } = await db.query<
    UserRow & {
      agency_name: string;
      verified: boolean;
      suspended_at: Date | null;
      email_verified_at: Date | null;
      require_two_factor: boolean;
    }
  >(
    `SELECT u.*, a.name AS agency_name, a.verified, a.suspended_at, a.require_two_factor FROM users u JOIN agencies a ON a.id = u.agency_id WHERE u.id = $1`,
    [id],
  );
  const row = rows[0];
  return row
    ? {
        ...toUser(row),
        agencyName: row.agency_name,
        canHaveLiveKeys: canHaveLiveKeys({ verified: row.verified, suspendedAt: row.suspended_at }),
        emailVerified: row.email_verified_at !== null,
        agencyRequiresTwoFactor: row.require_two_factor,
      }
    : null;
}

export async function findUserForLogin(db: Queryable, email: string): Promise<(User & { passwordHash: string; disabled: boolean }) | null> {
  const { rows } = await db.query<UserRow & { suspended: boolean }>(
    `SELECT u.*, a.suspended_at IS NOT NULL AS suspended FROM users u JOIN agencies a ON a.id = u.agency_id WHERE u.email = $1`,
    [normaliseEmail(email)],
  );
  // A suspended agency's users still sign in: the dashboard tells them why their keys are refused.
  return rows[0] ? { ...toUser(rows[0]), passwordHash: rows[0].password_hash, disabled: false } : null;
}

export async function listTeam(db: Queryable, agencyId: string): Promise<User[]> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE agency_id = $1 ORDER BY created_at, id', [agencyId]);
  return rows.map(toUser);
}

/** Removes a colleague (never oneself, never the last admin); their sessions end at once. */
export async function removeUser(db: Database, agencyId: string, userId: string, by: string): Promise<Outcome<User>> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<UserRow>('SELECT * FROM users WHERE agency_id = $1 ORDER BY id FOR UPDATE', [agencyId]);
    const target = rows.find((row) => row.id === userId);
    if (!target) return refuse('not_found', 'Utilisateur introuvable');
    if (target.id === by) return refuse('conflict', 'Vous ne pouvez pas retirer votre propre compte.');
    if (target.role === 'admin' && rows.filter((row) => row.role === 'admin').length === 1)
      return refuse('conflict', 'L’agence doit garder au moins un administrateur.');
    await tx.query('DELETE FROM users WHERE id = $1', [userId]);
    await endSessionsOf(tx, 'pro', userId);
    // A removed colleague's passkeys and codes could never sign in again; nothing of them is kept.
    await removeAllSecondFactors(tx, { scope: 'pro', id: userId });
    return { ok: true, value: toUser(target) };
  });
}
