import type { Database } from '../../platform/db/database.js';
import { OUTBOX_CURSORS } from '../events/cursors.js';
import { followOutbox, type OutboxConsumer } from '../events/follower.js';

/**
 * The webhook fan-out as a follower of the event outbox (events/follower.ts), with a cursor per
 * endpoint: each enabled endpoint's new events of its agency environment become its deliveries,
 * those of the types it asked for (all when it named none). $1 is the run's time. A delivery's
 * id (its webhook-id) is made from the endpoint and the event, so the primary key alone refuses
 * a second delivery of one event to one endpoint (migration 210).
 */
const FAN_OUT = {
  cursors: OUTBOX_CURSORS.webhooks,
  window: { eventsPerScope: 2_000, scopes: 200 },
  columns: ['id', 'type', 'data', 'at'],
  handler: `inserted AS (
     INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, payload, state, next_attempt_at, event_at, created_at)
     SELECT 'msg_' || md5(f.scope_id || ' ' || f.id), f.scope_id, f.id, f.type,
            json_build_object('type', f.type, 'timestamp', to_char(f.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', f.data)::text,
            'pending', $1, f.at, $1
     FROM fresh f JOIN scopes sc ON sc.scope_id = f.scope_id
     WHERE sc.event_types IS NULL OR f.type = ANY (sc.event_types)
     ON CONFLICT (id) DO NOTHING
     RETURNING 1
   )`,
  summary: '(SELECT count(*) FROM inserted)::int AS created',
} satisfies OutboxConsumer;

/**
 * Turns committed events into deliveries for the endpoints behind, and moves their cursors on, in
 * one statement; processes fanning out at once share the endpoints and never double one. Returns
 * the deliveries created.
 */
export async function fanOut(db: Database, now: Date, options: { endpoints?: number; eventsPerEndpoint?: number } = {}): Promise<number> {
  const round = await followOutbox<{ created: number }>(db, FAN_OUT, {
    params: [now.toISOString()],
    window: { eventsPerScope: options.eventsPerEndpoint, scopes: options.endpoints },
  });
  return round?.created ?? 0;
}
