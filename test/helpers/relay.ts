import type { TestAgency, TestApp } from './app.js';
import { indexRelay } from '../../src/domain/relay/relay-index.js';

/** A partner's request for a page of the relay feed (docs/decisions.md §14). */
export const relayFeed = (t: TestApp, query: string, token: string | null) =>
  t.app.inject({ method: 'GET', url: `/relay/v1/listings${query}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

/**
 * Indexes until the agency's events are all in the feed. Other processes' job runners index
 * too (on PostgreSQL the test files share the database): while one holds the lock, a call here
 * returns at once, and its rows are not committed yet.
 */
export async function catchUpRelay(t: TestApp, owner: TestAgency): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    while ((await indexRelay(t.db)) > 0);
    const { rows } = await t.db.query<{ done: boolean }>(
      `SELECT coalesce(c.event_cursor, 0) >= s.last_seq * 8 + 7 AS done
       FROM listing_sequences s LEFT JOIN relay_cursors c ON c.agency_id = s.agency_id WHERE s.agency_id = $1 AND s.env = 'live'`,
      [owner.agencyId],
    );
    if (rows[0]?.done) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the relay feed did not catch up');
}
