import type { Database, Queryable } from '../../platform/db/database.js';
import { OUTBOX_CURSORS, type AgencyCursors } from '../events/cursors.js';
import { followOutbox, holdFollowerLock, type OutboxConsumer } from '../events/follower.js';
import type { JobDeps, PeriodicJob } from '../../platform/jobs/periodic.js';

/**
 * The relay index as a follower of the live event outbox (events/follower.ts): every listing of a
 * new event that is shared with the relay (or already in the feed, to tombstone it) gets the next
 * feed sequence number. One process at a time follows, so sequence numbers commit in increasing
 * order and a partner paging by `afterSeq` never skips a change.
 */
const RELAY = {
  cursors: OUTBOX_CURSORS.relay,
  window: { eventsPerScope: 5_000, scopes: 500 },
  columns: ['listing_id', 'type'],
  handler: `touched AS (
     SELECT DISTINCT f.agency_id, f.listing_id FROM fresh f
     JOIN listings l ON l.id = f.listing_id
     WHERE f.type LIKE 'listing.%'
       AND (l.share_with_relay OR EXISTS (SELECT 1 FROM relay_feed r WHERE r.listing_id = f.listing_id))
   ), written AS (
     INSERT INTO relay_feed (listing_id, agency_id, seq)
     SELECT listing_id, agency_id, nextval('relay_seq') FROM touched
     ON CONFLICT (listing_id) DO UPDATE SET seq = excluded.seq
     RETURNING 1
   )`,
  summary: '(SELECT count(*) FROM written)::int AS written',
} satisfies OutboxConsumer<AgencyCursors>;

/** One round of the relay index (0 when another process is indexing); returns the feed rows written. */
export async function indexRelay(db: Database, options: { eventsPerAgency?: number; agencies?: number } = {}): Promise<number> {
  const round = await followOutbox<{ written: number }>(db, RELAY, {
    window: { eventsPerScope: options.eventsPerAgency, scopes: options.agencies },
  });
  return round?.written ?? 0;
}

/**
 * Moves every relayed listing of an agency to the end of the feed: its suspension or
 * reinstatement changes what the partner may show without any listing event. Runs in the
 * caller's transaction and takes the indexer's lock (waiting for a run in progress), so its
 * sequence numbers commit in order with the indexer's.
 */
export async function requeueAgencyInRelay(tx: Queryable, agencyId: string): Promise<void> {
  await holdFollowerLock(tx, RELAY);
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
