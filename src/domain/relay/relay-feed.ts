import type { Queryable } from '../../platform/db/database.js';
import type { PublicContent } from '../public-listings/model.js';

/** A relayed listing as the partner receives it: the public projection, never the address. */
export interface RelayedListing {
  serviceId: string;
  agencyId: string;
  agencyName: string;
  version: number;
  status: 'active' | 'under_offer';
  title: string;
  description: string | null;
  content: PublicContent;
  firstPublishedAt: Date;
  updatedAt: Date;
}

/** One change of the feed: the listing as it is now, or a tombstone when it is no longer relayed. */
export type RelayItem = { seq: number; serviceId: string; tombstone: false; listing: RelayedListing } | { seq: number; serviceId: string; tombstone: true; listing: null };

/**
 * The feed after `afterSeq`, in change order. Each listing appears once, at its latest change,
 * as what the public may see of it now (the `public_listings` view) when it is public and
 * shared with the relay, else as a tombstone. Paging from 0 to the end therefore leaves the
 * partner with exactly the listings present in the last page they read, and later pages carry
 * every change since.
 */
export async function readRelayFeed(db: Queryable, afterSeq: number, limit: number): Promise<{ items: RelayItem[]; nextAfterSeq: number | null }> {
  const { rows } = await db.query<{
    seq: string | number;
    listing_id: string;
    agency_id: string | null;
    agency_name: string;
    version: number;
    status: 'active' | 'under_offer';
    title: string;
    description: string | null;
    content: PublicContent;
    first_published_at: Date;
    updated_at: Date;
  }>(
    `SELECT f.seq, f.listing_id, p.agency_id, p.agency_name, p.version, p.status, p.title, p.description, p.content, p.first_published_at, p.updated_at
     FROM relay_feed f LEFT JOIN public_listings p ON p.id = f.listing_id AND p.share_with_relay
     WHERE f.seq > $1 ORDER BY f.seq LIMIT $2`,
    [afterSeq, limit],
  );
  const items: RelayItem[] = rows.map((row) => {
    const seq = Number(row.seq);
    if (row.agency_id === null) return { seq, serviceId: row.listing_id, tombstone: true, listing: null };
    return {
      seq,
      serviceId: row.listing_id,
      tombstone: false,
      listing: {
        serviceId: row.listing_id,
        agencyId: row.agency_id,
        agencyName: row.agency_name,
        version: row.version,
        status: row.status,
        title: row.title,
        description: row.description,
        content: row.content,
        firstPublishedAt: row.first_published_at,
        updatedAt: row.updated_at,
      },
    };
  });
  return { items, nextAfterSeq: items.length === limit ? items[items.length - 1]!.seq : null };
}
