import type { EnergyClass, Fees, ListingContent, Photo, PropertyType, Transaction } from '../listing-model/model.js';
import type { OnSaleStatus } from './visibility.js';

/**
 * What the public may see of a listing: rows of the `public_listings` view (migrations 006,
 * 050), built by projection.ts. Every read of this folder goes through that view and that
 * module, so nothing private (the street address, unmasked text, sandbox or unapproved data)
 * can reach a page or the relay by construction.
 */
export type PublicContent = Omit<ListingContent, 'addressLine' | 'title' | 'description'>;

/** A public listing: the site's page, the relay's item (docs/decisions.md §12, §14). */
export interface PublicListing {
  serviceId: string;
  agencyId: string;
  /** The approved version shown. */
  version: number;
  /** Masked title and description of the last approved version. */
  title: string;
  description: string | null;
  /** Its free text (features, neighbourhood, photo labels) masked too. */
  content: PublicContent;
  status: OnSaleStatus;
  agencyName: string;
  firstPublishedAt: Date;
  updatedAt: Date;
}

/** A listing as a result list shows it, its free text masked. */
export interface ListingCard {
  serviceId: string;
  title: string;
  transaction: Transaction;
  propertyType: PropertyType;
  city: string;
  postcode: string;
  neighborhood: string | null;
  price: number;
  charges: number | null;
  fees: Fees | null;
  surface: number;
  rooms: number;
  dpe: EnergyClass | null;
  photo: Photo | null;
  status: PublicListing['status'];
}

export const SORTS = ['newest', 'price_asc', 'price_desc', 'surface_desc'] as const;
export type Sort = (typeof SORTS)[number];

/** Search filters of docs/decisions.md §12, already checked: every value here is well-formed. */
export interface SearchFilters {
  transaction?: Transaction;
  category?: PropertyType;
  city?: string;
  /** Five digits (a postcode) or a department: two characters ("69", "2A") or three ("974"). */
  postcode?: string;
  priceMin?: number;
  priceMax?: number;
  surfaceMin?: number;
  roomsMin?: number;
  /** The worst energy class accepted: listings without a DPE are left out. */
  dpeMax?: EnergyClass;
}

export const PAGE_SIZE = 20;
/**
 * Results are counted up to this many, and paged no further (50 pages of 20): a visitor
 * narrows a search long before, and counting 100,000 rows on every page view would cost
 * more than the page itself. Every listing stays reachable by a narrower search and the sitemap.
 */
export const MAX_RESULTS = 1000;
export const MAX_PAGES = MAX_RESULTS / PAGE_SIZE;
