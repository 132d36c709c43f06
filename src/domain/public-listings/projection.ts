import { holdsMask, maskContactDetails } from '../masking/mask.js';
import type { Photo } from '../listing-model/model.js';
import type { PublicContent, PublicListing } from './model.js';

/**
 * The one public projection of a listing (docs/decisions.md §8, §12, §14): what the site, the
 * relay and the sitemap read, and what alert mails or public statistics must read too. The
 * `public_listings` view chooses the rows (see visibility.ts) and leaves out the street address
 * and the unmasked title and description; this module masks, once per read, the free text the
 * write path does not (features, neighbourhood, photo labels). Nothing outside this folder
 * reads the view's content column, so no free text reaches the public unmasked, and views
 * receive data they can print as it is.
 */

/** Free text an agency typed, as the public may see it: contact details replaced (§8). */
const masked = (text: string) => maskContactDetails(text).text;
const maskedOrNull = (text: string | null) => (text === null ? null : masked(text));

/**
 * Whether any public text of the listing holds the masking mark, so that a page showing it
 * explains the mark once (docs/decisions.md §8).
 */
export function showsMask(listing: PublicListing): boolean {
  const { content } = listing;
  return (
    holdsMask(listing.title) ||
    holdsMask(listing.description) ||
    holdsMask(content.neighborhood) ||
    holdsMask(content.reference) ||
    content.features.some(holdsMask) ||
    content.photos.some((photo) => holdsMask(photo.label))
  );
}

export const publicPhoto = (photo: Photo): Photo => (photo.label === null ? photo : { ...photo, label: masked(photo.label) });

/**
 * The public content from the view's: masked free text, and never the address or the raw
 * title and description (the view drops them already; dropping them here too costs nothing
 * and keeps a mistaken query from publishing them).
 */
export function publicContent(content: PublicContent & { addressLine?: unknown; title?: unknown; description?: unknown }): PublicContent {
  const { addressLine: _address, title: _title, description: _description, ...rest } = content;
  return {
    ...rest,
    neighborhood: maskedOrNull(rest.neighborhood),
    reference: maskedOrNull(rest.reference ?? null),
    features: rest.features.map(masked),
    photos: rest.photos.map(publicPhoto),
  };
}

const COLUMNS = [
  'id',
  'agency_id',
  'agency_name',
  'version',
  'status',
  'title',
  'description',
  'content',
  'first_published_at',
  'updated_at',
];

/** The view's columns a whole public listing is built from, qualified by the view's alias when a query joins it. */
export const publicListingColumns = (alias?: string) => COLUMNS.map((column) => (alias ? `${alias}.${column}` : column)).join(', ');

export interface PublicListingRow {
  id: string;
  agency_id: string;
  agency_name: string;
  version: number;
  status: PublicListing['status'];
  /** Masked at write time (the public title and description). */
  title: string;
  description: string | null;
  content: PublicContent;
  first_published_at: Date;
  updated_at: Date;
}

export function toPublicListing(row: PublicListingRow): PublicListing {
  return {
    serviceId: row.id,
    agencyId: row.agency_id,
    agencyName: row.agency_name,
    version: row.version,
    status: row.status,
    title: row.title,
    description: row.description,
    content: publicContent(row.content),
    firstPublishedAt: row.first_published_at,
    updatedAt: row.updated_at,
  };
}

/** A result card's free text, masked as the listing's page masks it. */
export const publicCardText = (card: { neighborhood: string | null; photo: Photo | null }) => ({
  neighborhood: maskedOrNull(card.neighborhood),
  photo: card.photo && publicPhoto(card.photo),
});
