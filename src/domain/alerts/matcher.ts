import type { Database } from '../../platform/db/database.js';
import { lastPositionSql } from '../events/change-clock.js';
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
 * Finds the confirmed alerts of each listing first published since the last run (docs/decisions.md
 * §18). It follows the live event outbox as the relay indexer does — a cursor per agency, one
 * statement, one process at a time (the lock on alert_state) — so a push never waits for it and
 * it never skips a committed event. A `listing.published` event is a first publication when
 * the listing's first_published_at is the event's own time (both are the write's clock). Each
 * such listing, read through the public_listings view, looks up the saved searches it meets by
 * index (public-listings/saved-search.ts), then their confirmed alerts — only those confirmed
 * before the listing came out: the cost follows the new listings and what they match. The
 * listings found wait in alert_pending, one row per alert: immediate ones for the next send,
 * daily ones for their 08:00 mail.
 */
export async function matchNewListings(
  db: Database,
  now: Date,
  options: { eventsPerAgency?: number; agencies?: number } = {},
): Promise<MatchRun> {
  const perAgency = options.eventsPerAgency ?? 5_000;
  return db.transaction(async (tx) => {
    const { rows: locked } = await tx.query('SELECT id FROM alert_state WHERE id = 1 FOR UPDATE SKIP LOCKED');
    if (locked.length === 0) return { listings: 0, matches: 0, alerts: 0, scopes: 0 };
    const { rows } = await tx.query<MatchRun>(
      `WITH scopes AS (
         SELECT s.agency_id, coalesce(c.event_cursor, 0) AS event_cursor, ${lastPositionSql('s.last_seq')} AS top
         FROM listing_sequences s LEFT JOIN alert_cursors c ON c.agency_id = s.agency_id
         WHERE s.env = 'live' AND coalesce(c.event_cursor, 0) < ${lastPositionSql('s.last_seq')}
         ORDER BY s.agency_id LIMIT $2
       ), fresh AS (
         SELECT sc.agency_id, ev.position, ev.listing_id, ev.type, ev.at
         FROM scopes sc CROSS JOIN LATERAL (
           SELECT position, listing_id, type, at FROM events
           WHERE agency_id = sc.agency_id AND env = 'live' AND position > sc.event_cursor AND position <= sc.top
           ORDER BY position LIMIT $1) ev
       ), first_published AS (
         SELECT DISTINCT f.listing_id FROM fresh f JOIN listings l ON l.id = f.listing_id
         WHERE f.type = 'listing.published' AND l.first_published_at = f.at
       ), news AS MATERIALIZED (
         SELECT p.id, p.transaction, p.property_type, p.city, p.postcode, p.price, p.surface, p.rooms, p.dpe, p.first_published_at,
           ${publicSearchDocumentSql('p')} AS document
         FROM public_listings p WHERE p.id IN (SELECT listing_id FROM first_published)
       ), pairs AS MATERIALIZED (
         SELECT a.id AS alert_id, a.frequency, n.id AS listing_id
         FROM news n CROSS JOIN LATERAL ${savedSearchKeysSql('n')} AS key
         JOIN alert_searches s ON s.lookup_key = key.lookup_key AND ${savedSearchMatchSql('n', 's')}
         JOIN alerts a ON a.search_id = s.id AND a.confirmed_at IS NOT NULL AND a.confirmed_at <= n.first_published_at
       ), found AS (
         INSERT INTO alert_pending AS p (alert_id, listing_ids, due_day, found_at)
         SELECT alert_id, array_agg(listing_id ORDER BY listing_id), CASE WHEN frequency = 'daily' THEN $4::date END, $3
         FROM pairs GROUP BY alert_id, frequency
         ON CONFLICT (alert_id) DO UPDATE SET listing_ids = p.listing_ids || excluded.listing_ids
         RETURNING 1
       ), advanced AS (
         INSERT INTO alert_cursors (agency_id, event_cursor)
         SELECT sc.agency_id, CASE WHEN m.n >= $1 THEN m.last ELSE sc.top END
         FROM scopes sc LEFT JOIN (SELECT agency_id, max(position) AS last, count(*) AS n FROM fresh GROUP BY agency_id) m
           ON m.agency_id = sc.agency_id
         ON CONFLICT (agency_id) DO UPDATE SET event_cursor = excluded.event_cursor
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM news)::int AS listings, (SELECT count(*) FROM pairs)::int AS matches,
         (SELECT count(*) FROM found)::int AS alerts, (SELECT count(*) FROM advanced)::int AS scopes`,
      [perAgency, options.agencies ?? 500, now, digestDayFor(now)],
    );
    return rows[0]!;
  });
}
