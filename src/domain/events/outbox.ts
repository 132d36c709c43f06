import type { Queryable } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { HOUR_MS, type JobDeps, type PeriodicJob } from '../../platform/jobs/periodic.js';
import { CLOCK_CTE, eventPositionSql } from './change-clock.js';

/**
 * The event outbox (docs/decisions.md §9): every accepted change appends its events in the
 * transaction of the change, so an event exists if and only if its change committed.
 * Webhook delivery and the partner relay read from here; nothing here delivers.
 */

export const EVENT_TYPES = [
  'listing.created',
  'listing.updated',
  'listing.status_changed',
  'listing.deleted',
  'listing.published',
  'listing.rejected',
  'lead.received',
  'lead.message_received',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Events are kept this long, then purged (a periodic job). */
export const EVENT_RETENTION_MS = 30 * 24 * 3600 * 1000;

export interface OutboxEvent {
  /** From the change's number on the events' clock (`eventPosition`, change-clock.ts). */
  position: number;
  type: EventType;
  listingId: string | null;
  data: Record<string, unknown>;
}

/** An event as one JSON text, the form bulk writes send rows in (`Queryable.jsonArray`). */
export function eventRecord(event: OutboxEvent): string {
  return recordText(`"position":${event.position}`, event);
}

/** An event's JSON text after `place` (its position, or its rank in a change numbered by the statement). */
const recordText = (place: string, event: Omit<OutboxEvent, 'position'>) =>
  `{${place},"id":"${newId('evt')}","type":"${event.type}","listing_id":${JSON.stringify(event.listingId)},"data":${JSON.stringify(event.data)}}`;

/** Inserts event records ($1 agency, $2 env, $3 time, $n records); composable into a bulk write's statement. */
export const insertEventsSql = (recordsParam: number) => `INSERT INTO events (agency_id, env, position, id, type, listing_id, data, at)
 SELECT $1, $2, e.position, e.id, e.type, e.listing_id, e.data, $3
 FROM jsonb_to_recordset($${recordsParam}::jsonb) AS e(position bigint, id text, type text, listing_id text, data jsonb)`;

export async function appendEvents(
  tx: Queryable,
  scope: { agencyId: string; env: 'live' | 'test' },
  events: readonly OutboxEvent[],
  now: Date,
): Promise<void> {
  if (events.length === 0) return;
  await tx.query(insertEventsSql(4), [scope.agencyId, scope.env, now.toISOString(), tx.jsonArray(events.map(eventRecord))]);
}

/**
 * One change's events, its number taken from the agency's clock in the same statement: for a
 * write whose only ordered part is its events (a contact, a visitor's answer). Call it last in
 * the transaction: the clock's row lock is held from here to the commit, and every push,
 * contact and answer of the agency waits for it, so nothing else should run in between.
 */
export async function appendChangeEvents(
  tx: Queryable,
  scope: { agencyId: string; env: 'live' | 'test' },
  events: ReadonlyArray<Omit<OutboxEvent, 'position'>>,
  now: Date,
): Promise<void> {
  if (events.length === 0) return;
  const records = events.map((event, rank) => recordText(`"rank":${rank}`, event));
  await tx.query(
    `WITH ${CLOCK_CTE}
     INSERT INTO events (agency_id, env, position, id, type, listing_id, data, at)
     SELECT $1, $2, ${eventPositionSql('(clock.last_seq + 1)', 'e.rank')}, e.id, e.type, e.listing_id, e.data, $4
     FROM clock, jsonb_to_recordset($5::jsonb) AS e(rank int, id text, type text, listing_id text, data jsonb)`,
    [scope.agencyId, scope.env, 1, now.toISOString(), tx.jsonArray(records)],
  );
}

export interface StoredEvent {
  id: string;
  position: number;
  type: EventType;
  listingId: string | null;
  data: Record<string, unknown>;
  at: Date;
}

/** An agency's events of one environment after `after` (a position), oldest first. */
export async function readEvents(
  db: Queryable,
  scope: { agencyId: string; env: 'live' | 'test' },
  after: number,
  limit: number,
): Promise<StoredEvent[]> {
  const { rows } = await db.query<{
    id: string;
    position: string | number;
    type: EventType;
    listing_id: string | null;
    data: Record<string, unknown>;
    at: Date;
  }>(
    `SELECT id, position, type, listing_id, data, at FROM events
     WHERE agency_id = $1 AND env = $2 AND position > $3 ORDER BY position LIMIT $4`,
    [scope.agencyId, scope.env, after, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    position: Number(row.position),
    type: row.type,
    listingId: row.listing_id,
    data: row.data,
    at: row.at,
  }));
}

export async function purgeOldEvents(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM events WHERE at < $1', [new Date(now.getTime() - EVENT_RETENTION_MS).toISOString()]);
}

export const eventJobs = ({ db, now }: JobDeps): PeriodicJob[] => [
  { name: 'events.purge', everyMs: HOUR_MS, run: () => purgeOldEvents(db, now()) },
];
