import type { Database, Queryable } from '../../platform/db/database.js';
import type { BeforeCommit } from '../../platform/idempotency/store.js';
import { newId } from '../../platform/db/ids.js';
import { recordWrites } from '../listings/write-steps.js';
import type { AgencyEnv } from '../tenant.js';
import { notFound, refuse, type Outcome } from '../../platform/outcome.js';
import { planWithdrawal, WITHDRAW_CAP, withdrawUnseen } from './withdraw.js';
import { HOUR_MS, type JobDeps, type PeriodicJob } from '../../platform/jobs/periodic.js';

/**
 * Full sync sessions (docs/decisions.md §15, ahead of the interface's announced version 2.5): a CRM opens a
 * session, pushes its whole set with the session's `syncId`, then completes the session,
 * which withdraws the listings on the market that no push of the session named.
 *
 * A session expires an hour after its start or its last push, and 24 hours after its start
 * at the latest: a sync whose process died (a killed CLI, a crashed CRM job) blocks the
 * agency's next one for an hour, not a day. `expires_at` holds the sooner of the two, moved
 * on by each push (`noteSeen`).
 */
export const SESSION_IDLE_MS = HOUR_MS;
export const SESSION_LIFETIME_MS = 24 * HOUR_MS;
/** Finished sessions stay readable this long, then the purge removes them. */
const FINISHED_KEPT_MS = 30 * 24 * 3600 * 1000;

export type SyncState = 'open' | 'completed' | 'expired' | 'abandoned';

export interface SyncSession {
  syncId: string;
  state: SyncState;
  createdAt: Date;
  expiresAt: Date;
  completedAt: Date | null;
  /** Distinct externalIds the session's pushes named so far (open) or in all (completed). */
  seen: number;
  /** On completion: the listings on the market before it, and how many of them it withdrew. */
  onMarket: number | null;
  withdrawn: number | null;
  forced: boolean | null;
}

interface SessionRow {
  id: string;
  state: SyncState;
  created_at: Date;
  expires_at: Date;
  completed_at: Date | null;
  seen_count: number | null;
  on_market_count: number | null;
  withdrawn_count: number | null;
  forced: boolean | null;
}

const SESSION_COLUMNS = 'id, state, created_at, expires_at, completed_at, seen_count, on_market_count, withdrawn_count, forced';

/** An open session past its expiry is expired, whether or not the purge has marked it yet. */
const stateAt = (row: SessionRow, now: Date): SyncState =>
  row.state === 'open' && row.expires_at.getTime() <= now.getTime() ? 'expired' : row.state;

async function countSeen(db: Queryable, syncId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sync_session_seen WHERE sync_id = $1', [syncId]);
  return rows[0]!.n;
}

async function toSession(db: Queryable, row: SessionRow, now: Date): Promise<SyncSession> {
  const state = stateAt(row, now);
  return {
    syncId: row.id,
    state,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    completedAt: row.completed_at,
    seen: row.seen_count ?? (state === 'open' ? await countSeen(db, row.id) : 0),
    onMarket: row.on_market_count,
    withdrawn: row.withdrawn_count,
    forced: row.forced,
  };
}

async function findSession(db: Queryable, scope: AgencyEnv, syncId: string, lock = ''): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(
    `SELECT ${SESSION_COLUMNS} FROM sync_sessions WHERE id = $1 AND agency_id = $2 AND env = $3 ${lock}`,
    [syncId, scope.agencyId, scope.env],
  );
  return rows[0];
}

const expireStale = (db: Queryable, now: Date, scope?: AgencyEnv) =>
  db.query(
    `UPDATE sync_sessions SET state = 'expired' WHERE state = 'open' AND expires_at <= $1 ${scope ? 'AND agency_id = $2 AND env = $3' : ''}`,
    scope ? [now.toISOString(), scope.agencyId, scope.env] : [now.toISOString()],
  );

/** Opens a session; a second open session of the same agency and environment is refused. */
/** When an open session expires if no push comes after `activityAt`. */
const expiryAfter = (createdAt: Date, activityAt: Date) =>
  new Date(Math.min(createdAt.getTime() + SESSION_LIFETIME_MS, activityAt.getTime() + SESSION_IDLE_MS));

/** Where a client abandons a session (the sandbox serves its own). */
const sessionPath = (scope: AgencyEnv, syncId: string) => `${scope.env === 'test' ? '/sandbox' : ''}/ingest/syncSessions/${syncId}`;

export async function startSession(
  db: Database,
  scope: AgencyEnv,
  now: Date,
  beforeCommit?: BeforeCommit<SyncSession>,
): Promise<Outcome<SyncSession>> {
  return db.transaction(async (tx): Promise<Outcome<SyncSession>> => {
    await expireStale(tx, now, scope);
    const { rows } = await tx.query<SessionRow>(
      `INSERT INTO sync_sessions (id, agency_id, env, state, created_at, expires_at) VALUES ($1, $2, $3, 'open', $4, $5)
       ON CONFLICT (agency_id, env) WHERE state = 'open' DO NOTHING RETURNING ${SESSION_COLUMNS}`,
      [newId('syn', now.getTime()), scope.agencyId, scope.env, now.toISOString(), expiryAfter(now, now).toISOString()],
    );
    if (rows[0]) {
      const session = await toSession(tx, rows[0], now);
      await beforeCommit?.(tx, session);
      return { ok: true, value: session };
    }
    const { rows: open } = await tx.query<{ id: string; expires_at: Date }>(
      "SELECT id, expires_at FROM sync_sessions WHERE agency_id = $1 AND env = $2 AND state = 'open'",
      [scope.agencyId, scope.env],
    );
    if (!open[0]) return refuse('conflict', 'A sync session of this agency was opened at the same moment: start again');
    const { id, expires_at: expiresAt } = open[0];
    // The way out is in the answer: a sync that died half-way left this session behind.
    return refuse(
      'conflict',
      `A sync session is already open for this agency (${id}; it expires at ${expiresAt.toISOString()}, an hour after its last push, ` +
        `unless a push comes before). Complete it (POST ${sessionPath(scope, id)}/complete), abandon it ` +
        `(DELETE ${sessionPath(scope, id)}: nothing is withdrawn; the CLI: listing-sync sync --abandon), or wait until it expires.`,
    );
  });
}

export async function getSession(db: Database, scope: AgencyEnv, syncId: string, now: Date): Promise<Outcome<SyncSession>> {
  const row = await findSession(db, scope, syncId);
  if (!row) return notFound('Sync session');
  return { ok: true, value: await toSession(db, row, now) };
}

/**
 * Notes the externalIds a push of the session names, and moves its expiry an hour on.
 * Refused when the session is unknown (404) or finished (409). Runs before the push is
 * written: a push that then fails leaves its listings as they were, and not withdrawn,
 * which is the safe side.
 */
export async function noteSeen(
  db: Database,
  scope: AgencyEnv,
  syncId: string,
  externalIds: readonly string[],
  now: Date,
): Promise<Outcome<void>> {
  return db.transaction(async (tx): Promise<Outcome<void>> => {
    // Pushes of one session take turns here only (a short step before each push is written), and a
    // completion waits for them (and they for it). FOR NO KEY UPDATE, since the expiry is updated below.
    const row = await findSession(tx, scope, syncId, 'FOR NO KEY UPDATE');
    if (!row) return notFound('Sync session');
    const state = stateAt(row, now);
    if (state === 'completed')
      return refuse('conflict', `Sync session ${syncId} was completed at ${row.completed_at!.toISOString()}: start a new one`);
    if (state === 'expired')
      return refuse('conflict', `Sync session ${syncId} expired at ${row.expires_at.toISOString()}: start a new one`);
    if (state === 'abandoned') return refuse('conflict', `Sync session ${syncId} was abandoned: start a new one`);
    await tx.query('UPDATE sync_sessions SET expires_at = $2 WHERE id = $1', [syncId, expiryAfter(row.created_at, now).toISOString()]);
    if (externalIds.length > 0) {
      await tx.query('INSERT INTO sync_session_seen (sync_id, external_id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING', [
        syncId,
        externalIds,
      ]);
    }
    return { ok: true, value: undefined };
  });
}

/**
 * Completes a session: withdraws the listings on the market it did not see, unless that
 * would be more than 20 % of them and `force` is not given (409). Unknown, expired or
 * another agency's: 404. Already completed: 409.
 */
export async function completeSession(
  db: Database,
  scope: AgencyEnv,
  syncId: string,
  force: boolean,
  now: Date,
): Promise<Outcome<SyncSession>> {
  const result = await db.transaction(async (tx): Promise<Outcome<SyncSession>> => {
    const row = await findSession(tx, scope, syncId, 'FOR UPDATE');
    const state = row && stateAt(row, now);
    if (!row || state === 'expired' || state === 'abandoned') return notFound('Sync session');
    if (state === 'completed') {
      return refuse(
        'conflict',
        `Sync session ${syncId} was already completed at ${row.completed_at!.toISOString()}; it withdrew ${row.withdrawn_count} listings`,
      );
    }
    const plan = await planWithdrawal(tx, scope, syncId);
    if (!force && plan.unseen > plan.onMarket * WITHDRAW_CAP) {
      const share = Math.round((100 * plan.unseen) / plan.onMarket);
      return refuse(
        'conflict',
        `Completing would withdraw ${plan.unseen} of the ${plan.onMarket} listings on the market (${share} %), more than the ${WITHDRAW_CAP * 100} % ` +
          'a sync session withdraws without force. Nothing was withdrawn and the session is still open: check that every push of the session ' +
          `carried its syncId, then complete it with {"force": true}, or abandon it (DELETE ${sessionPath(scope, syncId)}).`,
      );
    }
    const withdrawn = await withdrawUnseen(tx, scope, syncId, plan.unseen, now);
    const seen = await countSeen(tx, syncId);
    const { rows } = await tx.query<SessionRow>(
      `UPDATE sync_sessions SET state = 'completed', completed_at = $2, seen_count = $3, on_market_count = $4, withdrawn_count = $5, forced = $6
       WHERE id = $1 RETURNING ${SESSION_COLUMNS}`,
      [syncId, now.toISOString(), seen, plan.onMarket, withdrawn, force],
    );
    await tx.query('DELETE FROM sync_session_seen WHERE sync_id = $1', [syncId]);
    return { ok: true, value: await toSession(tx, rows[0]!, now) };
  });
  if (result.ok) recordWrites(db, result.value.withdrawn ?? 0);
  return result;
}

/**
 * Abandons an open session: nothing is withdrawn, and a new session can start at once (a
 * CRM whose sync failed half-way need not wait for the expiry). Unknown, expired, abandoned
 * or another agency's: 404; completed: 409.
 */
export async function abandonSession(db: Database, scope: AgencyEnv, syncId: string, now: Date): Promise<Outcome<SyncSession>> {
  return db.transaction(async (tx): Promise<Outcome<SyncSession>> => {
    const row = await findSession(tx, scope, syncId, 'FOR UPDATE');
    const state = row && stateAt(row, now);
    if (!row || state === 'expired' || state === 'abandoned') return notFound('Sync session');
    if (state === 'completed')
      return refuse('conflict', `Sync session ${syncId} was already completed at ${row.completed_at!.toISOString()}`);
    const seen = await countSeen(tx, syncId);
    const { rows } = await tx.query<SessionRow>(
      `UPDATE sync_sessions SET state = 'abandoned', completed_at = $2, seen_count = $3 WHERE id = $1 RETURNING ${SESSION_COLUMNS}`,
      [syncId, now.toISOString(), seen],
    );
    await tx.query('DELETE FROM sync_session_seen WHERE sync_id = $1', [syncId]);
    return { ok: true, value: await toSession(tx, rows[0]!, now) };
  });
}

export interface SessionFilter {
  state?: SyncState;
}

/** How many sessions a listing shows: the newest, the open one first among them since it is the newest. */
export const SESSIONS_LISTED = 20;

/**
 * The agency's sessions in this environment, newest first (finished ones are kept 30 days):
 * how a CRM, or `listing-sync sync --abandon`, finds the open session a dead sync left behind.
 */
export async function listSessions(db: Database, scope: AgencyEnv, filter: SessionFilter, now: Date): Promise<SyncSession[]> {
  // Stored states lag behind the clock until the purge runs: an open row past its expiry is expired.
  const byState: Record<SyncState, string> = {
    open: "AND state = 'open' AND expires_at > $3",
    expired: "AND (state = 'expired' OR (state = 'open' AND expires_at <= $3))",
    completed: "AND state = 'completed'",
    abandoned: "AND state = 'abandoned'",
  };
  const timed = filter.state === 'open' || filter.state === 'expired';
  const { rows } = await db.query<SessionRow>(
    `SELECT ${SESSION_COLUMNS} FROM sync_sessions WHERE agency_id = $1 AND env = $2 ${filter.state ? byState[filter.state] : ''}
     ORDER BY created_at DESC, id DESC LIMIT ${SESSIONS_LISTED}`,
    timed ? [scope.agencyId, scope.env, now.toISOString()] : [scope.agencyId, scope.env],
  );
  return Promise.all(rows.map((row) => toSession(db, row, now)));
}

/** Periodic: marks stale sessions expired, drops the seen lists of finished ones, forgets old ones. */
export async function purgeSyncSessions(db: Database, now: Date): Promise<void> {
  await expireStale(db, now);
  await db.query("DELETE FROM sync_session_seen WHERE sync_id IN (SELECT id FROM sync_sessions WHERE state <> 'open')");
  await db.query("DELETE FROM sync_sessions WHERE state <> 'open' AND created_at < $1", [
    new Date(now.getTime() - FINISHED_KEPT_MS).toISOString(),
  ]);
}

export const syncJobs = ({ db, now }: JobDeps): PeriodicJob[] => [
  { name: 'sync.purge', everyMs: HOUR_MS, run: () => purgeSyncSessions(db, now()) },
];
