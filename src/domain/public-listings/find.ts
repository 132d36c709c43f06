import type { Queryable } from '../../platform/db/database.js';
import type { PublicListing } from './model.js';

export type PublicLookup =
  | { kind: 'public'; listing: PublicListing }
  /** Was public once, is not any more (sold, withdrawn, deleted, unpublished): 410. */
  | { kind: 'gone' }
  /** Never public, or no such listing: 404. */
  | { kind: 'unknown' };

interface Row {
  id: string;
  title: string;
  description: string | null;
  content: PublicListing['content'];
  status: PublicListing['status'];
  agency_name: string;
  first_published_at: Date;
  updated_at: Date;
}

/**
 * One listing as its public page shows it. The content comes from the public view only; the
 * listings table is asked nothing but whether a live listing was ever published, to tell a
 * listing that left the site (410) from one that never was on it (404).
 */
export async function findPublicListing(db: Queryable, serviceId: string): Promise<PublicLookup> {
  const { rows } = await db.query<Row>(
    `SELECT id, title, description, content, status, agency_name, first_published_at, updated_at FROM public_listings WHERE id = $1`,
    [serviceId],
  );
  const row = rows[0];
  if (row) {
    return {
      kind: 'public',
      listing: {
        serviceId: row.id,
        title: row.title,
        description: row.description,
        content: row.content,
        status: row.status,
        agencyName: row.agency_name,
        firstPublishedAt: row.first_published_at,
        updatedAt: row.updated_at,
      },
    };
  }
  // The write path stamps first_published_at on a live listing's first approval; one never
  // shared with the site was never on it, whatever its moderation said.
  const { rows: past } = await db.query(`SELECT 1 FROM listings WHERE id = $1 AND env = 'live' AND first_published_at IS NOT NULL AND share_with_service`, [serviceId]);
  return past.length ? { kind: 'gone' } : { kind: 'unknown' };
}
