import { prepared, type Queryable } from '../../platform/db/database.js';
import type { ReadDatabase } from '../../platform/db/read-database.js';
import type { ListingCard, PublicListing } from './model.js';
import type { Transaction } from '../listing-model/model.js';
import { searchPublicListings } from './search.js';
import { publicListingColumns, toPublicListing, type PublicListingRow } from './projection.js';
import { wasPublic } from './visibility.js';

export type PublicLookup =
  | { kind: 'public'; listing: PublicListing }
  /** Was public once, is not any more (sold, withdrawn, deleted, unpublished): 410, with where it was, to suggest others. */
  | { kind: 'gone'; city: string; transaction: Transaction }
  /** Never public, or no such listing: 404. */
  | { kind: 'unknown' };

// Prepared: planning the lookup through the view costs five times running it (every listing page, contact and mail).
const PUBLIC_BY_ID = prepared('public-listing-by-id', `SELECT ${publicListingColumns()} FROM public_listings WHERE id = $1`);

/**
 * One listing as its public page shows it. The content comes from the public view only; the
 * listings table is asked nothing but what wasPublic needs, to tell a listing that left the
 * site (410) from one that never was on it (404).
 */
export async function findPublicListing(db: Queryable, serviceId: string): Promise<PublicLookup> {
  const { rows } = await db.query<PublicListingRow>(PUBLIC_BY_ID, [serviceId]);
  const row = rows[0];
  if (row) return { kind: 'public', listing: toPublicListing(row) };
  const { rows: past } = await db.query<{
    env: 'live' | 'test';
    share_with_service: boolean;
    first_published_at: Date | null;
    city: string;
    transaction: Transaction;
  }>(
    `SELECT env, share_with_service, first_published_at, content ->> 'city' AS city, content ->> 'transaction' AS transaction
     FROM listings WHERE id = $1`,
    [serviceId],
  );
  const listing = past[0];
  return listing &&
    wasPublic({ env: listing.env, shareWithService: listing.share_with_service, firstPublishedAt: listing.first_published_at })
    ? { kind: 'gone', city: listing.city, transaction: listing.transaction }
    : { kind: 'unknown' };
}

/**
 * A listing's page, read where pages read (the replica while it keeps up), and asked of the
 * primary again when the replica does not show it as public: a listing created or approved a
 * moment ago is not replayed there yet, and the `publicUrl` the API has just returned must work
 * at once. A page of a listing that did leave the site costs one more read of the primary.
 */
export async function findPublicListingForPage(reads: ReadDatabase, serviceId: string): Promise<PublicLookup> {
  const found = await findPublicListing(reads, serviceId);
  if (found.kind === 'public' || !reads.readingReplica) return found;
  return findPublicListing(reads.primaryReads, serviceId);
}

/** Listings as the public sees them now, among `serviceIds` (those no longer public are left out), newest first. */
export async function findPublicListings(db: Queryable, serviceIds: readonly string[]): Promise<PublicListing[]> {
  if (serviceIds.length === 0) return [];
  const { rows } = await db.query<PublicListingRow>(
    `SELECT ${publicListingColumns()} FROM public_listings WHERE id = ANY($1::text[]) ORDER BY first_published_at DESC, id DESC`,
    [serviceIds],
  );
  return rows.map(toPublicListing);
}

/** How many listings the page of one that left the site suggests instead. */
export const SIMILAR_SHOWN = 3;

/** Public listings like one that left the site (its city and transaction), the newest first: what its 410 page suggests. */
export async function similarPublicListings(db: Queryable, like: { city: string; transaction: Transaction }): Promise<ListingCard[]> {
  const { cards } = await searchPublicListings(db, { city: like.city, transaction: like.transaction }, 'newest', 1);
  return cards.slice(0, SIMILAR_SHOWN);
}
