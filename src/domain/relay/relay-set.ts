import { prepared, type Queryable } from '../../platform/db/database.js';
import { publicListingColumns, toPublicListing, type PublicListingRow } from '../public-listings/projection.js';
import type { RelayedListing } from './relay-feed.js';

/** Listings read at a time: one short statement each, so no connection is held while a client reads slowly. */
export const RELAY_SET_PAGE = 500;

// Prepared: the whole set is read in hundreds of pages of the same statement.
const RELAY_SET_AFTER = prepared(
  'relay-set-after',
  `SELECT ${publicListingColumns()} FROM public_listings WHERE share_with_relay AND id > $1 ORDER BY id LIMIT $2`,
);

/**
 * The whole relayed set as it is now, each listing once, by id: the public projection of the
 * listings public and shared with the relay (the set a partner paging the feed from 0 holds),
 * never a tombstone. Read in keyset pages, each asked only when the caller wants more: a
 * listing that changes during the read comes as it was or as it is, one that arrives or leaves
 * may come or not, none comes twice. Ending the iteration (`return()`) stops the reads.
 */
export async function* readRelaySet(db: Queryable, pageSize = RELAY_SET_PAGE): AsyncGenerator<RelayedListing> {
  let after = '';
  for (;;) {
    const { rows } = await db.query<PublicListingRow>(RELAY_SET_AFTER, [after, pageSize]);
    for (const row of rows) yield toPublicListing(row);
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.id;
  }
}
