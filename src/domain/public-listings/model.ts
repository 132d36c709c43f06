import type { EnergyClass, Fees, ListingContent, Photo, PropertyType, Transaction } from '../listing-model/model.js';
import type { OnSaleStatus } from './visibility.js';
import type { Location } from '../geography/index.js';

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
  /** A sale's fees as a percentage, when the agency gave that rather than an amount: the price's wording needs it. */
  feesPercent: number | null;
  surface: number;
  rooms: number;
  dpe: EnergyClass | null;
  photo: Photo | null;
  status: PublicListing['status'];
  /** Where the service placed it (null on a listing not placed yet): pages name it by placeLabel. */
  location: Location | null;
}

/**
 * The orders of a search. `relevance`, the default, ranks listings by how well they match the
 * keywords (docs/decisions.md §18); without keywords nothing ranks, and it is the newest first.
 */
export const SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'surface_desc'] as const;
export type Sort = (typeof SORTS)[number];

/** The order a search runs in: relevance needs keywords, and is the newest first without them. */
export const effectiveSort = (filters: SearchFilters, sort: Sort): Sort => (sort === 'relevance' && !filters.q ? 'newest' : sort);

/** The order of a search whose visitor chose none: by relevance with keywords, the newest first without. */
export const defaultSort = (filters: SearchFilters): Sort => effectiveSort(filters, 'relevance');

/** Search filters of docs/decisions.md §12, already checked: every value here is well-formed. */
export interface SearchFilters {
  transaction?: Transaction;
  category?: PropertyType;
  city?: string;
  /**
   * Five digits (a postcode), or the first two or three characters of one ("69", "974"), which
   * the listing's postcode starts with as typed.
   */
  postcode?: string;
  /**
   * An official commune's INSEE code (`communeCodes` of domain/geography: Paris, Lyon and
   * Marseille take their arrondissements), as the commune field's suggestions give it.
   */
  commune?: string;
  /** An official département code, as `departmentOf` writes it ("69", "2A", "974"): the listing's place, not its postcode. */
  department?: string;
  /** An official région code ("84"), as `regionOf` writes it. */
  region?: string;
  priceMin?: number;
  priceMax?: number;
  surfaceMin?: number;
  roomsMin?: number;
  /** The worst energy class accepted: listings without a DPE are left out. */
  dpeMax?: EnergyClass;
  /**
   * Keywords (docs/decisions.md §18), as `keywords` returns them: at most KEYWORDS_MAX
   * characters with at least one letter or digit, spaces collapsed. Every word must be in the
   * listing's public title or description, French-stemmed, accents folded.
   */
  q?: string;
}

/** The longest keywords a search takes. */
export const KEYWORDS_MAX = 200;

/**
 * Keywords as a search keeps them: spaces collapsed; null when nothing in them can be a word
 * (punctuation alone), since such a search would find nothing. The caller checks the length.
 */
export function keywords(text: string): string | null {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return /[\p{L}\p{N}]/u.test(collapsed) ? collapsed : null;
}

export const PAGE_SIZE = 20;
/**
 * Results are counted up to this many, and paged no further (50 pages of 20): a visitor
 * narrows a search long before, and counting 100,000 rows on every page view would cost
 * more than the page itself. Every listing stays reachable by a narrower search and the sitemap.
 */
export const MAX_RESULTS = 1000;
export const MAX_PAGES = MAX_RESULTS / PAGE_SIZE;
