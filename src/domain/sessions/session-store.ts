import { hashLinkSecret, LINK_SECRET_PATTERN, newLinkSecret } from '../credentials/link-secret.js';
import type { Queryable } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { HOUR_MS, type JobDeps, type PeriodicJob } from '../../platform/jobs/periodic.js';
import { networkOf } from './device.js';

/** Which space a session opens: the agencies' pro space or the operators' back-office. */
export type SessionScope = 'pro' | 'admin';

/**
 * How far a sign-in has gone: `full` opens the space; `second_factor` has given the right
 * password and opens nothing but the page asking for the second factor (docs/accounts.md).
 */
export type SessionStage = 'full' | 'second_factor';

export interface Session {
  /** The handle the sessions page names it by; never the cookie's secret. */
  id: string;
  scope: SessionScope;
  principalId: string;
  stage: SessionStage;
  csrfToken: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Where a session was opened from, as its owner sees it on the sessions page. */
export interface SessionClient {
  userAgent: string | null;
  address: string | null;
}

export interface ListedSession {
  id: string;
  stage: SessionStage;
  userAgent: string | null;
  network: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

const hashToken = hashLinkSecret;
export const newSecret = newLinkSecret;
/** A cookie value as this store issues them; anything else is not looked up. */
export const TOKEN_PATTERN = LINK_SECRET_PATTERN;
/** The last-seen time is written at most this often per session, not at every request. */
const LAST_SEEN_STEP_MS = 60_000;
const USER_AGENT_MAX = 400;

/** Opens a session; the token goes into the cookie and only its hash into the table. */
export async function createSession(
  db: Queryable,
  scope: SessionScope,
  principalId: string,
  now: Date,
  ttlMs: number,
  options: { stage?: SessionStage; client?: SessionClient } = {},
): Promise<{ token: string; session: Session }> {
  const token = newSecret();
  const session: Session = {
    id: newId('ses'),
    scope,
    principalId,
    stage: options.stage ?? 'full',
    csrfToken: newSecret(),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  };
  await db.query(
    `INSERT INTO sessions (token_hash, id, scope, principal_id, stage, csrf_token, created_at, expires_at, last_seen_at, user_agent, network)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $7, $9, $10)`,
    [
      hashToken(token),
      session.id,
      scope,
      principalId,
      session.stage,
      session.csrfToken,
      now,
      session.expiresAt,
      options.client?.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      options.client?.address ? networkOf(options.client.address) : null,
    ],
  );
  return { token, session };
}

interface SessionRow {
  id: string;
  principal_id: string;
  stage: SessionStage;
  csrf_token: string;
  created_at: Date;
  expires_at: Date;
  last_seen_at: Date;
}

/**
 * The live session of `scope` behind a cookie value, or null (unknown, expired, other scope,
 * malformed). Its last-seen time moves forward at most once a minute.
 */
export async function findSession(db: Queryable, scope: SessionScope, token: string | undefined, now: Date): Promise<Session | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const tokenHash = hashToken(token);
  const { rows } = await db.query<SessionRow>(
    'SELECT id, principal_id, stage, csrf_token, created_at, expires_at, last_seen_at FROM sessions WHERE token_hash = $1 AND scope = $2 AND expires_at > $3',
    [tokenHash, scope, now],
  );
  const row = rows[0];
  if (!row) return null;
  if (now.getTime() - row.last_seen_at.getTime() >= LAST_SEEN_STEP_MS)
    await db.query('UPDATE sessions SET last_seen_at = $2 WHERE token_hash = $1', [tokenHash, now]);
  return {
    id: row.id,
    scope,
    principalId: row.principal_id,
    stage: row.stage,
    csrfToken: row.csrf_token,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

export async function endSession(db: Queryable, token: string | undefined): Promise<void> {
  if (token && TOKEN_PATTERN.test(token)) await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
}

/** Ends every session of a principal at once (a disabled operator, a removed user, a password reset). */
export async function endSessionsOf(db: Queryable, scope: SessionScope, principalId: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE scope = $1 AND principal_id = $2', [scope, principalId]);
}

/** Ends the principal's sessions but one (a password changed, "end all other sessions"); how many ended. */
export async function endOtherSessions(db: Queryable, scope: SessionScope, principalId: string, keptId: string): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM sessions WHERE scope = $1 AND principal_id = $2 AND id <> $3', [
    scope,
    principalId,
    keptId,
  ]);
  return rowCount ?? 0;
}

/** Ends one session of the principal by its handle; false when it is not theirs or already ended. */
export async function endSessionById(db: Queryable, scope: SessionScope, principalId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM sessions WHERE scope = $1 AND principal_id = $2 AND id = $3', [scope, principalId, id]);
  return (rowCount ?? 0) > 0;
}

/** The principal's live sessions, the most recently seen first. */
export async function listSessions(db: Queryable, scope: SessionScope, principalId: string, now: Date): Promise<ListedSession[]> {
  const { rows } = await db.query<SessionRow & { user_agent: string | null; network: string | null }>(
    `SELECT id, principal_id, stage, csrf_token, created_at, expires_at, last_seen_at, user_agent, network FROM sessions
     WHERE scope = $1 AND principal_id = $2 AND expires_at > $3 ORDER BY last_seen_at DESC, id`,
    [scope, principalId, now],
  );
  return rows.map((row) => ({
    id: row.id,
    stage: row.stage,
    userAgent: row.user_agent,
    network: row.network,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
  }));
}

export async function purgeExpiredSessions(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM sessions WHERE expires_at <= $1', [now]);
}

export const sessionJobs = ({ db, now }: JobDeps): PeriodicJob[] => [
  { name: 'sessions.purge', everyMs: HOUR_MS, run: () => purgeExpiredSessions(db, now()) },
];
