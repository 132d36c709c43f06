import type { CommercialStatus, Listing } from '../listing-model/model.js';

/**
 * Which listings the public sees, and where (docs/decisions.md §12). In SQL the owner is the
 * `public_listings` view (migrations 006, 050): every read of public data goes through it.
 * The functions here are the same rule for decisions taken in memory, on a listing already
 * read; a change to one is a change to the other (test/domain/public-listings/visibility.test.ts
 * holds them together).
 */

/** The commercial statuses under which a listing is shown: on sale or to let, offers or not. */
export const ON_SALE_STATUSES = ['active', 'under_offer'] as const satisfies readonly CommercialStatus[];
export type OnSaleStatus = (typeof ON_SALE_STATUSES)[number];

export const isOnSale = (status: CommercialStatus): status is OnSaleStatus =>
  (ON_SALE_STATUSES as readonly CommercialStatus[]).includes(status);

/** The same list for a query: `status IN (${ON_SALE_SQL})`. Constants only, never input. */
export const ON_SALE_SQL = ON_SALE_STATUSES.map((status) => `'${status}'`).join(', ');

/** What the rule looks at. A listing read through the store is never a deleted one. */
export type VisibilityFacts = Pick<Listing, 'env' | 'status' | 'shareWithService' | 'publishedVersion'> & { deleted?: boolean };

/**
 * Whether the public site (and the relay, for listings also shared with it) shows the listing:
 * the view's WHERE clause. A live listing, not deleted, with an approved version, shared with
 * the service, on sale, of an agency that is not suspended.
 */
export function isPublic(listing: VisibilityFacts, agencySuspended: boolean): boolean {
  return (
    listing.env === 'live' &&
    !listing.deleted &&
    listing.publishedVersion !== null &&
    listing.shareWithService &&
    isOnSale(listing.status) &&
    !agencySuspended
  );
}

/**
 * Whether a listing the public does not see now was on the site once, so that its address
 * answers 410 (gone) rather than 404. first_published_at is stamped on a listing's first
 * approval whatever else holds, and kept: it counts only for a live listing shared with the
 * service (shareWithService never changes after creation), the conditions of isPublic that
 * cannot come and go.
 */
export function wasPublic(listing: { env: Listing['env']; shareWithService: boolean; firstPublishedAt: Date | null }): boolean {
  return listing.env === 'live' && listing.shareWithService && listing.firstPublishedAt !== null;
}

/** A listing's page on the site, from the site's root (docs/decisions.md §1). */
export const listingPath = (serviceId: string) => `/listings/${serviceId}`;

/** A listing's public address (docs/decisions.md §1): its page, whether or not it is public now. */
export const publicUrl = (siteUrl: string, serviceId: string) => siteUrl + listingPath(serviceId);
