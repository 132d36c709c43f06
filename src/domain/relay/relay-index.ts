import type { Database, Queryable } from '../../platform/db/database.js';
import { lastPositionSql } from '../events/change-clock.js';
import type { JobDeps, PeriodicJob } from '../../platform/jobs/periodic.js';

/**
 * Brings the relay feed up to date with the live event outbox: every listing of a new event
 * that is shared with the relay (or already in the feed, to tombstone it) gets the next feed
 * sequence number. Only one process indexes at a time (the lock on relay_state, SKIP LOCKED:
 * the others leave at once), so sequence numbers commit in increasing order and a partner
 * paging by `afterSeq` never skips a change. Returns the feed rows written.
 */
export async function indexRelay(db: Database, options: { eventsPerAgency?: number; agencies?: number } = {}): Promise<number> {
  const perAgency = options.eventsPerAgency ?? 5_000;
  return db.transaction(async (tx) => {
    const { rows: locked } = await tx.query('SELECT id FROM relay_state WHERE id = 1 FOR UPDATE SKIP LOCKED');
    if (locked.length === 0) return 0;
    const { rows } = await tx.query<{ written: number }>(
      `WITH scopes AS (
         SELECT s.agency_id, coalesce(c.event_cursor, 0) AS event_cursor, ${lastPositionSql('s.last_seq')} AS top
         FROM listing_sequences s LEFT JOIN relay_cursors c ON c.agency_id = s.agency_id
         WHERE s.env = 'live' AND coalesce(c.event_cursor, 0) < ${lastPositionSql('s.last_seq')}
         ORDER BY s.agency_id LIMIT $2
       ), fresh AS (
         SELECT sc.agency_id, ev.position, ev.listing_id, ev.type
         FROM scopes sc CROSS JOIN LATERAL (
           SELECT position, listing_id, type FROM events
           WHERE agency_id = sc.agency_id AND env = 'live' AND position > sc.event_cursor AND position <= sc.top
           ORDER BY position LIMIT $1) ev
       ), touched AS (
         SELECT DISTINCT f.agency_id, f.listing_id FROM fresh f
         JOIN listings l ON l.id = f.listing_id
         WHERE f.type LIKE 'listing.%'
           AND (l.share_with_relay OR EXISTS (SELECT 1 FROM relay_feed r WHERE r.listing_id = f.listing_id))
       ), written AS (
         INSERT INTO relay_feed (listing_id, agency_id, seq)
         SELECT listing_id, agency_id, nextval('relay_seq') FROM touched
         ON CONFLICT (listing_id) DO UPDATE SET seq = excluded.seq
         RETURNING 1
       ), advanced AS (
         INSERT INTO relay_cursors (agency_id, event_cursor)
         SELECT sc.agency_id, CASE WHEN m.n >= $1 THEN m.last ELSE sc.top END
         FROM scopes sc LEFT JOIN (SELECT agency_id, max(position) AS last, count(*) AS n FROM fresh GROUP BY agency_id) m ON m.agency_id = sc.agency_id
         ON CONFLICT (agency_id) DO UPDATE SET event_cursor = excluded.event_cursor
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM written)::int AS written, (SELECT count(*) FROM advanced)::int AS scopes`,
      [perAgency, options.agencies ?? 500],
    );
    return rows[0]!.written;
  });
}

/**
 * Moves every relayed listing of an agency to the end of the feed: its suspension or
 * reinstatement changes what the partner may show without any listing event. Runs in the
 * caller's transaction and takes the indexer's lock (waiting for a run in progress), so its
 * sequence numbers commit in order with the indexer's.
 */
export async function requeueAgencyInRelay(tx: Queryable, agencyId: string): Promise<void> {
  await tx.query('SELECT id FROM relay_state WHERE id = 1 FOR UPDATE');
  await tx.query(
    `INSERT INTO relay_feed (listing_id, agency_id, seq)
     SELECT l.id, l.agency_id, nextval('relay_seq') FROM listings l
     WHERE l.agency_id = $1 AND l.env = 'live' AND (l.share_with_relay OR EXISTS (SELECT 1 FROM relay_feed r WHERE r.listing_id = l.id))
     ON CONFLICT (listing_id) DO UPDATE SET seq = excluded.seq`,
    [agencyId],
  );
}

/** The partner feed follows the outbox within about 2 seconds (one process at a time indexes). */
export const relayJobs = ({ db }: JobDeps): PeriodicJob[] => [
  {
    name: 'relay.index',
    everyMs: 2_000,
    run: async () => {
      while ((await indexRelay(db)) > 0);
    },
  },
];
