import type { Database } from '../../platform/db/database.js';
import { OUTBOX_CURSORS, type AgencyCursors } from '../events/cursors.js';
import { followOutbox, type OutboxConsumer } from '../events/follower.js';
import { savedSearchKeysSql, savedSearchMatchSql } from '../public-listings/saved-search.js';
import { publicSearchDocumentSql } from '../public-listings/keyword-index.js';
import { digestDayFor } from './digest-day.js';

export interface MatchRun {
  /** Listings first published in the events read, and public now. */
  listings: number;
  /** (alert, listing) pairs found. */
  matches: number;
  /** Alerts they concern. */
  alerts: number;
  /** Agencies whose events were read. */
  scopes: number;
}

/**
 * The matcher as a follower of the live event outbox (events/follower.ts): $1 is the run's time,
 * $2 the Paris day of the daily mails it is due in.
 */
const MATCHER = {
  cursors: OUTBOX_CURSORS.alerts,
  window: { eventsPerScope: 5_000, scopes: 500 },
  columns: ['listing_id', 'type', 'at'],
  handler: `first_published AS (
     SELECT DISTINCT f.listing_id FROM fresh f JOIN listings l ON l.id = f.listing_id
     WHERE f.type = 'listing.published' AND l.first_published_at = f.at
   ), news AS MATERIALIZED (
     SELECT p.id, p.transaction, p.property_type, p.city, p.postcode, p.price, p.surface, p.rooms, p.dpe, p.first_published_at,
       p.insee_code, p.department_code, p.region_code, ${publicSearchDocumentSql('p')} AS document
     FROM public_listings p WHERE p.id IN (SELECT listing_id FROM first_published)
   ), pairs AS MATERIALIZED (
     SELECT a.id AS alert_id, a.frequency, n.id AS listing_id
     FROM news n CROSS JOIN LATERAL ${savedSearchKeysSql('n')} AS key
     JOIN alert_searches s ON s.lookup_key = key.lookup_key AND ${savedSearchMatchSql('n', 's')}
     JOIN alerts a ON a.search_id = s.id AND a.confirmed_at IS NOT NULL AND a.confirmed_at <= n.first_published_at
   ), found AS (
     INSERT INTO alert_pending AS p (alert_id, listing_ids, due_day, found_at)
     SELECT alert_id, array_agg(listing_id ORDER BY listing_id), CASE WHEN frequency = 'daily' THEN $2::date END, $1
     FROM pairs GROUP BY alert_id, frequency
     ON CONFLICT (alert_id) DO UPDATE SET listing_ids = p.listing_ids || excluded.listing_ids
     RETURNING 1
   )`,
  summary: `(SELECT count(*) FROM news)::int AS listings, (SELECT count(*) FROM pairs)::int AS matches,
     (SELECT count(*) FROM found)::int AS alerts`,
} satisfies OutboxConsumer<AgencyCursors>;

/**
 * Finds the confirmed alerts of each listing first published since the last run (docs/decisions.md
 * §18). It follows the live event outbox as the relay indexer does (one process at a time, a
 * cursor per agency: events/follower.ts), so a push never waits for it and it never skips a
 * committed event. A `listing.published` event is a first publication when the listing's
 * first_published_at is the event's own time (both are the write's clock). Each such listing,
 * read through the public_listings view, looks up the saved searches it meets by index
 * (public-listings/saved-search.ts), then their confirmed alerts — only those confirmed before
 * the listing came out: the cost follows the new listings and what they match. The listings
 * found wait in alert_pending, one row per alert: immediate ones for the next send, daily ones
 * for their 08:00 mail.
 */
export async function matchNewListings(
  db: Database,
  now: Date,
  options: { eventsPerAgency?: number; agencies?: number } = {},
): Promise<MatchRun> {
  const round = await followOutbox<Omit<MatchRun, 'scopes'>>(db, MATCHER, {
    params: [now, digestDayFor(now)],
    window: { eventsPerScope: options.eventsPerAgency, scopes: options.agencies },
  });
  return round ?? { listings: 0, matches: 0, alerts: 0, scopes: 0 };
}
