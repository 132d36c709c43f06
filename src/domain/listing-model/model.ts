import type { LegalFields } from './legal-fields.js';
import type { Location } from '../geography/index.js';
/**
 * The one listing model behind both interfaces (docs/decisions.md §6). The ingestion interface
 * (French enum codes, `imageUrls`) and the v1 interface (English enums, `photos`, `fees`)
 * are two mappings of it; nothing else knows about either but the names they give a field
 * differently, one table both read (interface-names.ts).
 */

export const TRANSACTIONS = ['sale', 'rental', 'life_annuity_sale'] as const;
export type Transaction = (typeof TRANSACTIONS)[number];

export const PROPERTY_TYPES = ['apartment', 'house', 'duplex', 'studio', 'land', 'parking', 'loft', 'commercial', 'office'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const ENERGY_CLASSES = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type EnergyClass = (typeof ENERGY_CLASSES)[number];

/** Commercial status: what the agency says of the property. */
export const COMMERCIAL_STATUSES = ['active', 'under_offer', 'paused', 'sold', 'rented', 'withdrawn'] as const;
export type CommercialStatus = (typeof COMMERCIAL_STATUSES)[number];

export const MODERATION_STATES = ['pending', 'approved', 'rejected'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

/**
 * Why moderation decided as it did, one per rule that spoke: `reject` is a hard violation,
 * `review` waits for an operator, `note` is a remark that never holds a listing back.
 */
export interface ModerationReason {
  code: string;
  severity: 'reject' | 'review' | 'note';
  /** What the message needs (a price, a phrase, another listing's id): messages are written when read. */
  params?: Readonly<Record<string, string | number | readonly string[]>>;
}

/** Source software: four vendors agreed with the service, anonymised in the spec, and `other`. */
export const SOURCE_CRMS = ['crm_1', 'crm_2', 'crm_3', 'crm_4', 'other'] as const;
export type SourceCrm = (typeof SOURCE_CRMS)[number];

export const FEES_PAID_BY = ['seller', 'buyer', 'landlord', 'tenant'] as const;
export type FeesPaidBy = (typeof FEES_PAID_BY)[number];

export interface Photo {
  url: string;
  label: string | null;
  order: number;
}

export interface Fees {
  agencyFees: number | null;
  feesPaidBy: FeesPaidBy | null;
  feeIncluded: boolean | null;
}

/** Everything an agency says about a listing; its hash decides whether a push changes anything. */
export interface ListingContent extends LegalFields {
  title: string;
  transaction: Transaction;
  propertyType: PropertyType;
  price: number;
  priceUnit: 'EUR';
  charges: number | null;
  surface: number;
  rooms: number;
  /** As the agency stated it: null when it gave none (interfaces answer `statedOrDefaultBedrooms`). */
  bedrooms: number | null;
  floor: number | null;
  city: string;
  postcode: string;
  neighborhood: string | null;
  addressLine: string | null;
  dpe: EnergyClass | null;
  ges: EnergyClass | null;
  description: string | null;
  features: string[];
  photos: Photo[];
  fees: Fees | null;
  sourceCrm: SourceCrm | null;
  createdAtExternal: string | null;
  updatedAtExternal: string | null;
  /**
   * The agency's own reference for the listing, the one its window cards and the passerelle
   * format show the public (« Réf. VA-1234 »); unlike `externalId` it may change. Added later:
   * absent reads as null.
   */
  reference?: string | null;
  /**
   * Where the service placed the listing in the official geography, from its postcode and city
   * (docs/geography.md). Stored beside the content, never sent by an agency nor hashed: absent
   * on a draft, and on a listing written before places existed until the backfill reaches it.
   */
  location?: Location;
}

/** What an interface hands to the write service: content plus the creation-only settings. */
export interface ListingDraft {
  externalId: string;
  content: ListingContent;
  /** Undefined keeps the stored status (v1 writes), or `active` on creation. */
  status?: CommercialStatus;
  shareWithService?: boolean;
  shareWithRelay?: boolean;
}

/** A stored listing, as both interfaces read it. */
export interface Listing {
  serviceId: string;
  agencyId: string;
  env: 'live' | 'test';
  externalId: string;
  content: ListingContent;
  contentHash: string;
  publicTitle: string;
  publicDescription: string | null;
  status: CommercialStatus;
  moderationState: ModerationState;
  moderationReasons: ModerationReason[];
  /** When the latest version was decided (null while it waits). */
  decidedAt: Date | null;
  /** The version the public side shows, or null when none was ever approved (or it was unpublished). */
  publishedVersion: number | null;
  shareWithService: boolean;
  shareWithRelay: boolean;
  version: number;
  changeSeq: number;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The number of bedrooms the JSON answers give: what the agency stated, else as many as rooms,
 * the default both interfaces document (docs/decisions.md §6). The content stores only
 * what was stated, so that pages show « Chambres » only when the agency gave a number; the
 * content hash reads the listing through this default, so stating the default or leaving it out
 * hashes alike (docs/decisions.md §6, "Bedrooms").
 */
export function statedOrDefaultBedrooms(content: Pick<ListingContent, 'bedrooms' | 'rooms'>): number {
  return content.bedrooms ?? content.rooms;
}
