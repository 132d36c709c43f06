import type { Queryable } from '../../platform/db/database.js';
import { DELIVERY_RETENTION_MS, FAILING_DISABLES_AFTER_MS, MAX_ATTEMPTS, retryDelayMs } from './delivery-policy.js';
import type { AttemptResult } from './sender.js';
import { HOUR_MS, type JobDeps, type PeriodicJob } from '../../platform/jobs/periodic.js';
import { lockInIdOrder } from '../../platform/jobs/lease-loop.js';

/** A delivery a process holds under lease, with what it needs to send it. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  payload: string;
  attempt: number;
  url: string;
  secrets: string[];
  endpointEnabled: boolean;
  eventAt: Date;
}

/**
 * A pending delivery no process holds: its lease (`leased_until`) over or never taken. A row
 * claimed by a process older than migration 210 has no lease and holds until next_attempt_at.
 */
const UNLEASED = (at: string) =>
  `webhook_deliveries.state = 'pending' AND webhook_deliveries.next_attempt_at <= ${at} AND (webhook_deliveries.leased_until IS NULL OR webhook_deliveries.leased_until <= ${at})`;

/**
 * Claims due deliveries, oldest first, at most `perEndpoint` of one endpoint in a claim and
 * none of `busyEndpoints` (those this process already has enough of in flight), so one slow
 * receiver never holds every sending slot. The oldest are chosen first, then locked in id
 * order, skipping those another process is claiming (the lock order of lease-loop.ts). The
 * claim writes no indexed column (migration 210): PostgreSQL rewrites the row in its page.
 */
export async function claimDeliveries(
  db: Queryable,
  claim: { runnerId: string; now: Date; leaseMs: number; limit: number; perEndpoint: number; busyEndpoints: string[] },
): Promise<ClaimedDelivery[]> {
  const { rows } = await db.query<{
    id: string;
    endpoint_id: string;
    payload: string;
    attempts: number;
    url: string;
    secret: string;
    previous_secret: string | null;
    previous_secret_until: Date | null;
    enabled: boolean;
    event_at: Date;
  }>(
    `WITH candidates AS (
       SELECT id, endpoint_id, next_attempt_at FROM webhook_deliveries
       WHERE ${UNLEASED('$1')} AND endpoint_id <> ALL ($2::text[])
       ORDER BY next_attempt_at LIMIT $3 * 4
     ), chosen AS (
       SELECT c.id FROM (SELECT id, next_attempt_at, row_number() OVER (PARTITION BY endpoint_id ORDER BY next_attempt_at) AS rank FROM candidates) c
       WHERE c.rank <= $4 ORDER BY c.next_attempt_at LIMIT $3 * 2
     ), due AS (
       ${lockInIdOrder('webhook_deliveries', UNLEASED('$1'), { among: 'chosen', skipLocked: true })}
       LIMIT $3
     )
     UPDATE webhook_deliveries d SET attempts = d.attempts + 1, leased_until = $5, locked_by = $6
     FROM due, webhook_endpoints e WHERE d.id = due.id AND e.id = d.endpoint_id
     RETURNING d.id, d.endpoint_id, d.payload, d.attempts, d.event_at, e.url, e.secret, e.previous_secret, e.previous_secret_until, e.enabled`,
    [
      claim.now.toISOString(),
      claim.busyEndpoints,
      claim.limit,
      claim.perEndpoint,
      new Date(claim.now.getTime() + claim.leaseMs).toISOString(),
      claim.runnerId,
    ],
  );
  return rows.map((row) => ({
    id: row.id,
    endpointId: row.endpoint_id,
    payload: row.payload,
    attempt: row.attempts,
    url: row.url,
    secrets:
      row.previous_secret && row.previous_secret_until && row.previous_secret_until > claim.now
        ? [row.secret, row.previous_secret]
        : [row.secret],
    endpointEnabled: row.enabled,
    eventAt: row.event_at,
  }));
}

/**
 * Records an attempt and what follows from it, if the delivery is still this process's (a
 * failure in webhook_attempts, a success on the delivery itself): done,
 * due again after its backoff, or failed for good; the endpoint's run of failures starts or
 * ends, and an endpoint failing for FAILING_DISABLES_AFTER_MS is disabled. Returns whether
 * that attempt disabled the endpoint.
 */
export async function recordAttempt(
  db: Queryable,
  runnerId: string,
  delivery: ClaimedDelivery,
  result: AttemptResult,
  at: Date,
): Promise<{ disabledEndpoint: boolean }> {
  const delay = result.ok ? null : retryDelayMs(delivery.attempt);
  const state = result.ok ? 'succeeded' : delay === null || delivery.attempt >= MAX_ATTEMPTS ? 'failed' : 'pending';
  const nextAt = state === 'pending' ? new Date(at.getTime() + delay!).toISOString() : null;
  const { rows } = await db.query<{ disabled: boolean }>(
    `WITH delivery AS (
       UPDATE webhook_deliveries SET state = $3, next_attempt_at = $4, locked_by = NULL, leased_until = NULL,
         finished_at = CASE WHEN $3 = 'pending' THEN NULL ELSE $5::timestamptz END,
         success_status = CASE WHEN $11 THEN $7::int END, success_latency_ms = CASE WHEN $11 THEN $9::int END,
         success_response = CASE WHEN $11 THEN $10::text END
       WHERE id = $1 AND locked_by = $2 AND attempts = $6
       RETURNING endpoint_id
     ), attempt AS (
       INSERT INTO webhook_attempts (delivery_id, attempt, at, status, error, latency_ms, response)
       SELECT $1, $6, $5, $7, $8, $9, $10 FROM delivery WHERE NOT $11
     )
     UPDATE webhook_endpoints e SET
       failing_since = CASE WHEN $11 THEN NULL ELSE coalesce(e.failing_since, $5) END,
       enabled = e.enabled AND ($11 OR coalesce(e.failing_since, $5) > $12),
       disabled_reason = CASE WHEN NOT $11 AND e.enabled AND coalesce(e.failing_since, $5) <= $12 THEN 'failing' ELSE e.disabled_reason END,
       disabled_at = CASE WHEN NOT $11 AND e.enabled AND coalesce(e.failing_since, $5) <= $12 THEN $5 ELSE e.disabled_at END
     FROM delivery WHERE e.id = delivery.endpoint_id
       AND (CASE WHEN $11 THEN e.failing_since IS NOT NULL ELSE e.failing_since IS NULL OR (e.enabled AND e.failing_since <= $12) END)
     RETURNING NOT e.enabled AND NOT $11 AS disabled`,
    [
      delivery.id,
      runnerId,
      state,
      nextAt,
      at.toISOString(),
      delivery.attempt,
      result.status,
      result.error,
      result.latencyMs,
      result.answer,
      result.ok,
      new Date(at.getTime() - FAILING_DISABLES_AFTER_MS).toISOString(),
    ],
  );
  return { disabledEndpoint: rows[0]?.disabled === true };
}

/** A successful attempt waiting to be recorded with others. */
export interface Success {
  delivery: ClaimedDelivery;
  result: AttemptResult;
  at: Date;
}

/**
 * Records successful attempts of this process's deliveries in one statement: each delivery
 * done (if still this process's, as `recordAttempt` checks) with its attempt's answer, and the run
 * of failures of each endpoint ended. At a thousand deliveries a second, one statement per
 * attempt was most of the database's work of delivering. The deliveries, then their
 * endpoints, are locked in id order (lease-loop.ts), so two processes' records never deadlock.
 */
export async function recordSuccesses(db: Queryable, runnerId: string, successes: readonly Success[]): Promise<void> {
  if (successes.length === 0) return;
  const records = successes.map(({ delivery, result, at }) =>
    JSON.stringify({
      id: delivery.id,
      attempt: delivery.attempt,
      at: at.toISOString(),
      status: result.status,
      latency_ms: result.latencyMs,
      response: result.answer,
    }),
  );
  await db.query(
    `WITH input AS (
       SELECT * FROM jsonb_to_recordset($2::jsonb) AS i(id text, attempt integer, at timestamptz, status integer, latency_ms integer, response text)
     ), held AS (
       ${lockInIdOrder('webhook_deliveries', 'webhook_deliveries.locked_by = $1', { among: '(SELECT id FROM input)' })}
     ), delivery AS (
       UPDATE webhook_deliveries d SET state = 'succeeded', next_attempt_at = NULL, locked_by = NULL, leased_until = NULL, finished_at = i.at,
         success_status = i.status, success_latency_ms = i.latency_ms, success_response = i.response
       FROM input i, held WHERE d.id = i.id AND held.id = d.id AND d.attempts = i.attempt
       RETURNING d.id, d.endpoint_id
     ), recovered AS (
       ${lockInIdOrder('webhook_endpoints', 'webhook_endpoints.failing_since IS NOT NULL', { among: '(SELECT DISTINCT endpoint_id AS id FROM delivery)' })}
     )
     UPDATE webhook_endpoints e SET failing_since = NULL FROM recovered WHERE e.id = recovered.id`,
    [runnerId, db.jsonArray(records)],
  );
}

/** Gives claimed deliveries back unspent (this process is stopping before they were sent). */
export async function releaseDeliveries(db: Queryable, runnerId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `WITH held AS (${lockInIdOrder('webhook_deliveries', 'id = ANY ($1::text[]) AND locked_by = $2')})
     UPDATE webhook_deliveries d SET attempts = d.attempts - 1, leased_until = NULL, locked_by = NULL FROM held WHERE d.id = held.id`,
    [ids, runnerId],
  );
}

/** Moves the lease of this process's deliveries in flight to `until`; returns those it still holds. */
export async function renewDeliveries(db: Queryable, runnerId: string, ids: string[], until: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: string }>(
    `WITH held AS (${lockInIdOrder('webhook_deliveries', `id = ANY ($1::text[]) AND locked_by = $2 AND state = 'pending'`)})
     UPDATE webhook_deliveries d SET leased_until = $3 FROM held WHERE d.id = held.id RETURNING d.id`,
    [ids, runnerId, until.toISOString()],
  );
  return rows.map((row) => row.id);
}

export interface DeliveryBacklog {
  /** Deliveries waiting for an attempt, counted up to 100,000. */
  pending: number;
  /** Age of the oldest change still waiting for its first successful delivery, in seconds. */
  oldestPendingSeconds: number | null;
}

export async function deliveryBacklog(db: Queryable, now: Date): Promise<DeliveryBacklog> {
  const { rows } = await db.query<{ pending: number; oldest: Date | null }>(
    `SELECT (SELECT count(*)::int FROM (SELECT 1 FROM webhook_deliveries WHERE state = 'pending' LIMIT 100000) p) AS pending,
            (SELECT min(event_at) FROM webhook_deliveries WHERE state = 'pending') AS oldest`,
  );
  const oldest = rows[0]!.oldest;
  return {
    pending: rows[0]!.pending,
    oldestPendingSeconds: oldest ? Math.max(0, Math.round((now.getTime() - new Date(oldest).getTime()) / 1000)) : null,
  };
}

/**
 * Finished deliveries older than the retention, with their attempts (a periodic job). A delivery
 * finishes after it is created: each endpoint's old ones are found by creation, in the index the
 * delivery log reads, rather than in an index of their own that every delivery would write.
 */
export async function purgeOldDeliveries(db: Queryable, now: Date): Promise<void> {
  await db.query(
    `DELETE FROM webhook_deliveries WHERE id IN (
       SELECT old.id FROM webhook_endpoints e CROSS JOIN LATERAL (
         SELECT d.id FROM webhook_deliveries d
         WHERE d.endpoint_id = e.id AND d.created_at < $1 AND d.state <> 'pending' AND d.finished_at < $1
         OFFSET 0
       ) old
     )`,
    [new Date(now.getTime() - DELIVERY_RETENTION_MS).toISOString()],
  );
}

export const deliveryJobs = ({ db, now }: JobDeps): PeriodicJob[] => [
  { name: 'webhooks.purge', everyMs: HOUR_MS, run: () => purgeOldDeliveries(db, now()) },
];
