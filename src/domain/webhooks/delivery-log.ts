import type { Queryable } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { notFound, refuse, type Outcome } from '../../platform/outcome.js';
import type { AgencyEnv } from '../tenant.js';

/**
 * What an agency sees and does of its endpoint's deliveries (the pro space and `/v1/webhooks`):
 * the delivery log with each attempt, a manual retry, and a test message.
 */

export interface DeliveryAttempt {
  attempt: number;
  at: Date;
  status: number | null;
  error: string | null;
  latencyMs: number;
  answer: string | null;
}

export interface DeliveryLogEntry {
  deliveryId: string;
  eventType: string;
  eventId: string | null;
  state: 'pending' | 'succeeded' | 'failed';
  attempts: DeliveryAttempt[];
  nextAttemptAt: Date | null;
  createdAt: Date;
  payload: string;
}

/** An endpoint's deliveries, newest first, keyset-paged by creation (`before`: a delivery id). */
export async function deliveryLog(
  db: Queryable,
  scope: AgencyEnv,
  webhookId: string,
  page: { before?: string; limit: number; state?: 'pending' | 'succeeded' | 'failed' },
): Promise<Outcome<{ deliveries: DeliveryLogEntry[]; next: string | null }>> {
  const { rows: owner } = await db.query('SELECT 1 FROM webhook_endpoints WHERE id = $1 AND agency_id = $2 AND env = $3', [
    webhookId,
    scope.agencyId,
    scope.env,
  ]);
  if (owner.length === 0) return notFound('Webhook endpoint');
  const { rows } = await db.query<{
    id: string;
    event_type: string;
    event_id: string | null;
    state: DeliveryLogEntry['state'];
    next_attempt_at: Date | null;
    locked_by: string | null;
    created_at: Date;
    payload: string;
    attempts: DeliveryAttempt[] | null;
    attempt_count: number;
    finished_at: Date | null;
    success_status: number | null;
    success_latency_ms: number | null;
    success_response: string | null;
  }>(
    `SELECT d.id, d.event_type, d.event_id, d.state, d.next_attempt_at, d.locked_by, d.created_at, d.payload, d.attempts AS attempt_count,
            d.finished_at, d.success_status, d.success_latency_ms, d.success_response,
            (SELECT json_agg(json_build_object('attempt', a.attempt, 'at', a.at, 'status', a.status, 'error', a.error, 'latencyMs', a.latency_ms, 'answer', a.response) ORDER BY a.attempt)
             FROM webhook_attempts a WHERE a.delivery_id = d.id) AS attempts
     FROM webhook_deliveries d
     WHERE d.endpoint_id = $1
       AND ($2::text IS NULL OR (d.created_at, d.id) < (SELECT b.created_at, b.id FROM webhook_deliveries b WHERE b.id = $2 AND b.endpoint_id = $1))
       AND ($4::text IS NULL OR d.state = $4)
     ORDER BY d.created_at DESC, d.id DESC LIMIT $3`,
    [webhookId, page.before ?? null, page.limit + 1, page.state ?? null],
  );
  const more = rows.length > page.limit;
  const deliveries = rows.slice(0, page.limit).map((row) => ({
    deliveryId: row.id,
    eventType: row.event_type,
    eventId: row.event_id,
    state: row.state,
    attempts: [
      ...(row.attempts ?? []).map((a) => ({ ...a, at: new Date(a.at) })),
      // The successful attempt has no row of its own: it is on the delivery (migration 210).
      ...(row.success_status === null
        ? []
        : [
            {
              attempt: row.attempt_count,
              at: row.finished_at!,
              status: row.success_status,
              error: null,
              latencyMs: row.success_latency_ms!,
              answer: row.success_response,
            },
          ]),
    ],
    // While a process holds it, next_attempt_at is its lease, not a planned attempt.
    nextAttemptAt: row.state === 'pending' && !row.locked_by ? row.next_attempt_at : null,
    createdAt: row.created_at,
    payload: row.payload,
  }));
  return { ok: true, value: { deliveries, next: more ? deliveries[deliveries.length - 1]!.deliveryId : null } };
}

/**
 * A delivery a process is sending: claimed, its lease not over (a claim older than migration 210
 * has its lease in next_attempt_at).
 */
const IN_FLIGHT = (alias: string, at: string) =>
  `${alias}.state = 'pending' AND ${alias}.locked_by IS NOT NULL AND coalesce(${alias}.leased_until, ${alias}.next_attempt_at) > ${at}`;

/** A delivery due again now, with the same webhook-id (a manual retry); not one being sent right now. */
export async function retryDelivery(
  db: Queryable,
  scope: AgencyEnv,
  webhookId: string,
  deliveryId: string,
  now: Date,
): Promise<Outcome<null>> {
  const { rows } = await db.query<{ in_flight: boolean; enabled: boolean }>(
    `SELECT ${IN_FLIGHT('d', '$5')} AS in_flight, e.enabled
     FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
     WHERE d.id = $1 AND e.id = $2 AND e.agency_id = $3 AND e.env = $4`,
    [deliveryId, webhookId, scope.agencyId, scope.env, now.toISOString()],
  );
  const found = rows[0];
  if (!found) return notFound('Delivery');
  if (!found.enabled) return refuse('conflict', 'The endpoint is disabled: enable it before retrying its deliveries');
  if (found.in_flight) return refuse('conflict', 'The delivery is being sent right now: see its attempt in the log in a few seconds');
  // A success recorded on the delivery moves to a row of its own, so the next attempt keeps it in the log.
  await db.query(
    `WITH kept AS (
       INSERT INTO webhook_attempts (delivery_id, attempt, at, status, error, latency_ms, response)
       SELECT d.id, d.attempts, d.finished_at, d.success_status, NULL, d.success_latency_ms, d.success_response FROM webhook_deliveries d
       WHERE d.id = $1 AND d.success_status IS NOT NULL AND NOT (${IN_FLIGHT('d', '$2')})
       ON CONFLICT DO NOTHING
     )
     UPDATE webhook_deliveries d SET state = 'pending', next_attempt_at = $2, locked_by = NULL, leased_until = NULL, finished_at = NULL,
       success_status = NULL, success_latency_ms = NULL, success_response = NULL
     WHERE d.id = $1 AND NOT (${IN_FLIGHT('d', '$2')})`,
    [deliveryId, now.toISOString()],
  );
  return { ok: true, value: null };
}

/** Queues a `webhook.test` message for the endpoint, due at once; its delivery id. */
export async function queueTestMessage(
  db: Queryable,
  scope: AgencyEnv,
  webhookId: string,
  now: Date,
): Promise<Outcome<{ deliveryId: string }>> {
  const deliveryId = newId('msg', now.getTime());
  const payload = JSON.stringify({
    type: 'webhook.test',
    timestamp: now.toISOString(),
    data: { agencyId: scope.agencyId, env: scope.env, webhookId },
  });
  const { rows } = await db.query(
    `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, payload, state, next_attempt_at, event_at, created_at)
     SELECT $1, e.id, NULL, 'webhook.test', $2, 'pending', $3, $3, $3 FROM webhook_endpoints e
     WHERE e.id = $4 AND e.agency_id = $5 AND e.env = $6 AND e.enabled
     RETURNING id`,
    [deliveryId, payload, now.toISOString(), webhookId, scope.agencyId, scope.env],
  );
  if (rows.length > 0) return { ok: true, value: { deliveryId } };
  const exists = await db.query('SELECT 1 FROM webhook_endpoints WHERE id = $1 AND agency_id = $2 AND env = $3', [
    webhookId,
    scope.agencyId,
    scope.env,
  ]);
  return exists.rows.length > 0 ? refuse('conflict', 'The endpoint is disabled: enable it to send a test') : notFound('Webhook endpoint');
}
