import type { Database, Queryable } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { PLAN_NAMES, PLAN_WEBHOOKS, type Plan } from '../agencies/plans.js';
import { advanceClock, lastPositionOf } from '../events/change-clock.js';
import { notFound, refuse, refuseFields, type Outcome } from '../../platform/outcome.js';
import { ROTATION_OVERLAP_MS, type WebhookEventType } from './delivery-policy.js';
import { checkEndpointUrl } from './endpoint-url.js';
import { newSecret } from './signing.js';
import type { AgencyEnv } from '../tenant.js';
import type { BeforeCommit } from '../../platform/idempotency/store.js';

export interface EndpointInput {
  url: string;
  /** Types sent; absent: every type. */
  events?: WebhookEventType[] | null;
  description?: string | null;
  enabled?: boolean;
}

export interface Endpoint {
  webhookId: string;
  env: 'live' | 'test';
  url: string;
  description: string | null;
  events: WebhookEventType[] | null;
  enabled: boolean;
  disabledReason: 'manual' | 'failing' | null;
  disabledAt: Date | null;
  /** Until then the previous secret signs too. */
  previousSecretUntil: Date | null;
  /** Start of the current run of failed attempts, if any. */
  failingSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

interface EndpointRow {
  id: string;
  env: 'live' | 'test';
  url: string;
  description: string | null;
  event_types: WebhookEventType[] | null;
  enabled: boolean;
  disabled_reason: 'manual' | 'failing' | null;
  disabled_at: Date | null;
  previous_secret_until: Date | null;
  failing_since: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS =
  'id, env, url, description, event_types, enabled, disabled_reason, disabled_at, previous_secret_until, failing_since, created_at, updated_at';

const view = (row: EndpointRow, now: Date): Endpoint => ({
  webhookId: row.id,
  env: row.env,
  url: row.url,
  description: row.description,
  events: row.event_types,
  enabled: row.enabled,
  disabledReason: row.disabled_reason,
  disabledAt: row.disabled_at,
  previousSecretUntil: row.previous_secret_until && row.previous_secret_until > now ? row.previous_secret_until : null,
  failingSince: row.failing_since,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** An event list as stored: null for every type, else the distinct types in a stable order. */
const storedTypes = (events: readonly WebhookEventType[] | null | undefined) =>
  events && events.length > 0 ? [...new Set(events)].sort() : null;

/**
 * The position of the scope's newest committed event. The scope's lock waits for a write in
 * progress, so no event below this position can still commit: an endpoint starting here
 * receives exactly the events committed after it exists.
 */
async function currentPosition(tx: Queryable, scope: AgencyEnv): Promise<number> {
  return lastPositionOf(await advanceClock(tx, scope, 0));
}

export async function createEndpoint(
  db: Database,
  scope: AgencyEnv,
  input: EndpointInput,
  now: Date,
  options: { allowPrivate: boolean; beforeCommit?: BeforeCommit<{ endpoint: Endpoint; secret: string }> },
): Promise<Outcome<{ endpoint: Endpoint; secret: string }>> {
  const urlError = checkEndpointUrl(input.url, scope.env, options.allowPrivate);
  if (urlError) return refuseFields('validation_error', [urlError]);
  return db.transaction(async (tx) => {
    const cursor = await currentPosition(tx, scope);
    const { rows: counted } = await tx.query<{ plan: Plan; endpoints: number }>(
      `SELECT a.plan, (SELECT count(*)::int FROM webhook_endpoints e WHERE e.agency_id = a.id AND e.env = $2) AS endpoints FROM agencies a WHERE a.id = $1`,
      [scope.agencyId, scope.env],
    );
    const { plan, endpoints } = counted[0]!;
    const cap = PLAN_WEBHOOKS[plan];
    if (endpoints >= cap) {
      const allowed = cap === 0 ? 'has no webhooks' : `allows ${cap} webhook endpoint${cap > 1 ? 's' : ''} per environment`;
      return refuse(
        'forbidden',
        `The ${PLAN_NAMES[plan]} plan ${allowed}; this agency has ${endpoints} ${scope.env === 'live' ? 'LIVE' : 'sandbox'} endpoint${endpoints === 1 ? '' : 's'}. Delete one or change plan.`,
      );
    }
    const secret = newSecret();
    const { rows } = await tx.query<EndpointRow>(
      `INSERT INTO webhook_endpoints (id, agency_id, env, url, description, event_types, enabled, disabled_reason, disabled_at, secret, event_cursor, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING ${COLUMNS}`,
      [
        newId('whk', now.getTime()),
        scope.agencyId,
        scope.env,
        input.url,
        input.description ?? null,
        storedTypes(input.events),
        input.enabled ?? true,
        input.enabled === false ? 'manual' : null,
        input.enabled === false ? now : null,
        secret,
        cursor,
        now,
      ],
    );
    const created = { endpoint: view(rows[0]!, now), secret };
    await options.beforeCommit?.(tx, created);
    return { ok: true, value: created };
  });
}

export async function listEndpoints(db: Queryable, scope: AgencyEnv, now: Date): Promise<Endpoint[]> {
  const { rows } = await db.query<EndpointRow>(
    `SELECT ${COLUMNS} FROM webhook_endpoints WHERE agency_id = $1 AND env = $2 ORDER BY created_at, id`,
    [scope.agencyId, scope.env],
  );
  return rows.map((row) => view(row, now));
}

export async function findEndpoint(db: Queryable, scope: AgencyEnv, webhookId: string, now: Date): Promise<Outcome<Endpoint>> {
  const { rows } = await db.query<EndpointRow>(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE id = $1 AND agency_id = $2 AND env = $3`, [
    webhookId,
    scope.agencyId,
    scope.env,
  ]);
  return rows[0] ? { ok: true, value: view(rows[0], now) } : notFound('Webhook endpoint');
}

/**
 * Changes what is given. Disabling fails the endpoint's waiting deliveries (they stay in the
 * log and can be retried once it is enabled again); enabling starts from the events committed
 * from then on and forgets the run of failures.
 */
export async function updateEndpoint(
  db: Database,
  scope: AgencyEnv,
  webhookId: string,
  patch: Partial<EndpointInput>,
  now: Date,
  options: { allowPrivate: boolean },
): Promise<Outcome<Endpoint>> {
  if (patch.url !== undefined) {
    const urlError = checkEndpointUrl(patch.url, scope.env, options.allowPrivate);
    if (urlError) return refuseFields('validation_error', [urlError]);
  }
  return db.transaction(async (tx) => {
    const { rows: found } = await tx.query<{ enabled: boolean }>(
      'SELECT enabled FROM webhook_endpoints WHERE id = $1 AND agency_id = $2 AND env = $3 FOR UPDATE',
      [webhookId, scope.agencyId, scope.env],
    );
    if (!found[0]) return notFound('Webhook endpoint');
    const enabling = patch.enabled === true && !found[0].enabled;
    const disabling = patch.enabled === false && found[0].enabled;
    const cursor = enabling ? await currentPosition(tx, scope) : null;
    const { rows } = await tx.query<EndpointRow>(
      `UPDATE webhook_endpoints SET
         url = coalesce($4, url),
         description = CASE WHEN $5 THEN $6 ELSE description END,
         event_types = CASE WHEN $7 THEN $8::text[] ELSE event_types END,
         enabled = coalesce($9, enabled),
         disabled_reason = CASE WHEN $10 THEN 'manual' WHEN $11 THEN NULL ELSE disabled_reason END,
         disabled_at = CASE WHEN $10 THEN $12 WHEN $11 THEN NULL ELSE disabled_at END,
         failing_since = CASE WHEN $11 THEN NULL ELSE failing_since END,
         event_cursor = coalesce($13, event_cursor),
         updated_at = $12
       WHERE id = $1 AND agency_id = $2 AND env = $3 RETURNING ${COLUMNS}`,
      [
        webhookId,
        scope.agencyId,
        scope.env,
        patch.url ?? null,
        patch.description !== undefined,
        patch.description ?? null,
        patch.events !== undefined,
        storedTypes(patch.events),
        patch.enabled ?? null,
        disabling,
        enabling,
        now,
        cursor,
      ],
    );
    if (disabling) await failWaitingDeliveries(tx, webhookId, now, 'the endpoint was disabled');
    return { ok: true, value: view(rows[0]!, now) };
  });
}

export async function deleteEndpoint(db: Queryable, scope: AgencyEnv, webhookId: string): Promise<Outcome<null>> {
  const { rows } = await db.query('DELETE FROM webhook_endpoints WHERE id = $1 AND agency_id = $2 AND env = $3 RETURNING id', [
    webhookId,
    scope.agencyId,
    scope.env,
  ]);
  return rows[0] ? { ok: true, value: null } : notFound('Webhook endpoint');
}

/** A new secret, shown once; the previous one keeps signing beside it for ROTATION_OVERLAP_MS. */
export async function rotateSecret(
  db: Database,
  scope: AgencyEnv,
  webhookId: string,
  now: Date,
  beforeCommit?: BeforeCommit<{ endpoint: Endpoint; secret: string }>,
): Promise<Outcome<{ endpoint: Endpoint; secret: string }>> {
  const secret = newSecret();
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<EndpointRow>(
      `UPDATE webhook_endpoints SET previous_secret = secret, previous_secret_until = $5, secret = $4, updated_at = $6
       WHERE id = $1 AND agency_id = $2 AND env = $3 RETURNING ${COLUMNS}`,
      [webhookId, scope.agencyId, scope.env, secret, new Date(now.getTime() + ROTATION_OVERLAP_MS), now],
    );
    if (!rows[0]) return notFound('Webhook endpoint');
    const rotated = { endpoint: view(rows[0], now), secret };
    await beforeCommit?.(tx, rotated);
    return { ok: true, value: rotated };
  });
}

/** Ends an endpoint's waiting deliveries as failed, with a line in their log saying why (no request is sent). */
export async function failWaitingDeliveries(tx: Queryable, webhookId: string, now: Date, why: string): Promise<void> {
  await tx.query(
    `WITH failed AS (
       UPDATE webhook_deliveries SET state = 'failed', attempts = attempts + 1, next_attempt_at = NULL, locked_by = NULL, leased_until = NULL, finished_at = $2
       WHERE endpoint_id = $1 AND state = 'pending' RETURNING id, attempts)
     INSERT INTO webhook_attempts (delivery_id, attempt, at, status, error, latency_ms)
     SELECT id, attempts, $2, NULL, $3, 0 FROM failed`,
    [webhookId, now, why],
  );
}

/** An agency's endpoints (both environments) that the service disabled for failing. */
export async function countFailingEndpoints(db: Queryable, agencyId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM webhook_endpoints WHERE agency_id = $1 AND disabled_reason = 'failing'`,
    [agencyId],
  );
  return rows[0]!.n;
}
