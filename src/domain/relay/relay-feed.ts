import type { Queryable } from '../../platform/db/database.js';
import type { PublicListing } from '../public-listings/model.js';
import { publicListingColumns, toPublicListing, type PublicListingRow } from '../public-listings/projection.js';

/**
 * A relayed listing as the partner receives it: the public projection, the very one the site
 * shows (masked free text, never the address).
 */
export type RelayedListing = PublicListing;

/** One change of the feed: the listing as it is now, or a tombstone when it is no longer relayed. */
export type RelayItem =
  | { seq: number; serviceId: string; tombstone: false; listing: RelayedListing }
  | { seq: number; serviceId: string; tombstone: true; listing: null };

/**
 * The feed after `afterSeq`, in change order. Each listing appears once, at its latest change,
 * as what the public may see of it now (the `public_listings` view) when it is public and
 * shared with the relay, else as a tombstone. Paging from 0 to the end therefore leaves the
 * partner with exactly the listings present in the last page they read, and later pages carry
 * every change since.
 */
export async function readRelayFeed(
  db: Queryable,
  afterSeq: number,
  limit: number,
): Promise<{ items: RelayItem[]; nextAfterSeq: number | null }> {
  // A listing no longer relayed joins nothing: its projection's columns are null.
  const { rows } = await db.query<{ seq: string | number; listing_id: string } & (PublicListingRow | { id: null })>(
    `SELECT f.seq, f.listing_id, ${publicListingColumns('p')}
     FROM relay_feed f LEFT JOIN public_listings p ON p.id = f.listing_id AND p.share_with_relay
     WHERE f.seq > $1 ORDER BY f.seq LIMIT $2`,
    [afterSeq, limit],
  );
  const items: RelayItem[] = rows.map((row) => {
    const seq = Number(row.seq);
    if (row.id === null) return { seq, serviceId: row.listing_id, tombstone: true, listing: null };
    return { seq, serviceId: row.listing_id, tombstone: false, listing: toPublicListing(row) };
  });
  return { items, nextAfterSeq: items.length === limit ? items[items.length - 1]!.seq : null };
}
