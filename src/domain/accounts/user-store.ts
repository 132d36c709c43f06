import { hashLinkSecret, LINK_SECRET_PATTERN, newLinkSecret } from '../credentials/link-secret.js';
import type { Database, Queryable } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import type { Agency } from '../agencies/agency-store.js';
import { canHaveLiveKeys } from '../agencies/live-keys.js';
import type { Plan } from '../agencies/plans.js';
import { openAgency } from '../onboarding/open-agency.js';
import { hashPassword } from '../credentials/password.js';
import { normaliseEmail } from '../credentials/email.js';
import { endSessionsOf } from '../sessions/session-store.js';
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
const emailTaken = () =>
  refuse('conflict', 'Cette adresse e-mail a déjà un compte : connectez-vous.', [
    { field: 'email', message: 'Cette adresse e-mail a déjà un compte : connectez-vous.' },
  ]);

export async function insertUser(
  tx: Queryable,
  input: { agencyId: string; email: string; password: string; role: Role },
): Promise<User | null> {
  const { rows } = await tx.query<UserRow>(
    `INSERT INTO users (id, agency_id, email, password_hash, role) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (email) DO NOTHING RETURNING *`,
    [newId('usr'), input.agencyId, normaliseEmail(input.email), await hashPassword(input.password), input.role],
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
 * transaction. The key's value is returned this once. LIVE keys wait for the 48-hour check.
 */
export async function signUp(db: Database, input: SignUp): Promise<Outcome<{ agency: Agency; user: User; testKey: string }>> {
  try {
    return await db.transaction(async (tx) => {
      const { agency, testKey } = await openAgency(
        tx,
        { name: input.agencyName.trim(), plan: input.plan, email: normaliseEmail(input.email), siren: input.siren, verified: false },
        { test: 'Clé de test', live: 'Clé LIVE' },
      );
      const user = await insertUser(tx, { agencyId: agency.id, email: input.email, password: input.password, role: 'admin' });
      if (!user) throw new EmailTaken();
      return { ok: true as const, value: { agency, user, testKey: testKey.key } };
    });
  } catch (error) {
    if (error instanceof EmailTaken) return emailTaken();
    throw error;
  }
}
class EmailTaken extends Error {}

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
    return { ok: true, value: toUser(target) };
  });
}

const INVITATION_DAYS = 7;
const hashToken = hashLinkSecret;
export const INVITATION_TOKEN = LINK_SECRET_PATTERN;

/** An invitation link's token, shown once to the admin who makes it; valid 7 days, once. */
export async function createInvitation(
  db: Queryable,
  agencyId: string,
  role: Role,
  by: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newLinkSecret();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  await db.query(
    'INSERT INTO invitations (token_hash, id, agency_id, role, created_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [hashToken(token), newId('inv'), agencyId, role, by, now, expiresAt],
  );
  return { token, expiresAt };
}

export async function findInvitation(
  db: Queryable,
  token: string,
  now: Date,
): Promise<{ agencyId: string; agencyName: string; role: Role } | null> {
  if (!INVITATION_TOKEN.test(token)) return null;
  const { rows } = await db.query<{ agency_id: string; name: string; role: Role }>(
    `SELECT i.agency_id, a.name, i.role FROM invitations i JOIN agencies a ON a.id = i.agency_id WHERE i.token_hash = $1 AND i.used_at IS NULL AND i.expires_at > $2`,
    [hashToken(token), now],
  );
  return rows[0] ? { agencyId: rows[0].agency_id, agencyName: rows[0].name, role: rows[0].role } : null;
}

/** Accepting an invitation creates the colleague's account; the link then stops working. */
export async function acceptInvitation(
  db: Database,
  token: string,
  input: { email: string; password: string },
  now: Date,
): Promise<Outcome<User>> {
  return db
    .transaction(async (tx): Promise<Outcome<User>> => {
      const { rows } = await tx.query<{ agency_id: string; role: Role }>(
        `UPDATE invitations SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING agency_id, role`,
        [hashToken(token), now],
      );
      if (!rows[0]) return refuse('not_found', 'Cette invitation a expiré ou a déjà servi : demandez-en une nouvelle.');
      const user = await insertUser(tx, { agencyId: rows[0].agency_id, email: input.email, password: input.password, role: rows[0].role });
      if (!user) throw new EmailTaken();
      return { ok: true, value: user };
    })
    .catch((error: unknown) => {
      if (error instanceof EmailTaken) return emailTaken();
      throw error;
    });
}
