import { hashLinkSecret, LINK_SECRET_PATTERN, newLinkSecret } from '../credentials/link-secret.js';
import type { Queryable } from '../../platform/db/database.js';
import { HOUR_MS, type JobDeps, type PeriodicJob } from '../../platform/jobs/periodic.js';

/** Which space a session opens: the agencies' pro space or the operators' back-office. */
export type SessionScope = 'pro' | 'admin';

export interface Session {
  scope: SessionScope;
  principalId: string;
  csrfToken: string;
  expiresAt: Date;
}

const hashToken = hashLinkSecret;
export const newSecret = newLinkSecret;
/** A cookie value as this store issues them; anything else is not looked up. */
export const TOKEN_PATTERN = LINK_SECRET_PATTERN;

/** Opens a session; the token goes into the cookie and only its hash into the table. */
export async function createSession(
  db: Queryable,
  scope: SessionScope,
  principalId: string,
  now: Date,
  ttlMs: number,
): Promise<{ token: string; session: Session }> {
  const token = newSecret();
  const session: Session = { scope, principalId, csrfToken: newSecret(), expiresAt: new Date(now.getTime() + ttlMs) };
  await db.query(
    `INSERT INTO sessions (token_hash, scope, principal_id, csrf_token, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [hashToken(token), scope, principalId, session.csrfToken, now, session.expiresAt],
  );
  return { token, session };
}

/** The live session of `scope` behind a cookie value, or null (unknown, expired, other scope, malformed). */
export async function findSession(db: Queryable, scope: SessionScope, token: string | undefined, now: Date): Promise<Session | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const { rows } = await db.query<{ principal_id: string; csrf_token: string; expires_at: Date }>(
    'SELECT principal_id, csrf_token, expires_at FROM sessions WHERE token_hash = $1 AND scope = $2 AND expires_at > $3',
    [hashToken(token), scope, now],
  );
  const row = rows[0];
  return row ? { scope, principalId: row.principal_id, csrfToken: row.csrf_token, expiresAt: row.expires_at } : null;
}

export async function endSession(db: Queryable, token: string | undefined): Promise<void> {
  if (token && TOKEN_PATTERN.test(token)) await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
}

/** Ends every session of a principal at once (a disabled operator, a removed user). */
export async function endSessionsOf(db: Queryable, scope: SessionScope, principalId: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE scope = $1 AND principal_id = $2', [scope, principalId]);
}

export async function purgeExpiredSessions(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM sessions WHERE expires_at <= $1', [now]);
}

export const sessionJobs = ({ db, now }: JobDeps): PeriodicJob[] => [
  { name: 'sessions.purge', everyMs: HOUR_MS, run: () => purgeExpiredSessions(db, now()) },
];
