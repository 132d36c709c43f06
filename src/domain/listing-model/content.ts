import { statedOrDefaultBedrooms, type ListingContent } from './model.js';
import { LEGAL_FIELD_NAMES } from './legal-fields.js';

/**
 * How listing content is hashed and read back, so that the model can grow.
 *
 * A stored listing's hash decides whether the next push changes it. The fields of the first
 * release are always written, an absent one as its default: stored hashes were computed that
 * way and must stay valid. A field added later (`ADDED_FIELDS`) is written only when it holds
 * something other than its default, so absent and null hash alike and a new field leaves every
 * stored hash as it was. Reading fills every absent field with its default, so rows written
 * before a field existed read as if it had been given empty.
 *
 * The hashes read one field other than it is stored: `bedrooms`, stored as the agency stated it
 * (null when it gave none), is hashed through its documented default, as many as rooms. Every
 * listing stored before kept that default in its content, so its hash stays valid, and a push
 * that leaves bedrooms out or states the default is `unchanged` (docs/decisions.md §6).
 */

/** What an absent optional field means, for every optional field of the first release. */
const FIRST_RELEASE_DEFAULTS = {
  priceUnit: 'EUR',
  charges: null,
  bedrooms: null,
  floor: null,
  neighborhood: null,
  addressLine: null,
  dpe: null,
  ges: null,
  description: null,
  features: [],
  photos: [],
  fees: null,
  sourceCrm: null,
  createdAtExternal: null,
  updatedAtExternal: null,
} as const satisfies Partial<Record<keyof ListingContent, unknown>>;

/** Optional fields added after the first release, with their defaults (null or an empty list). */
export type AddedFields = Readonly<Record<string, null | readonly []>>;

/** A new optional field goes here (and in `ListingContent`, as an optional property): as the legal mentions (docs/interfaces.md) were. */
export const ADDED_FIELDS: AddedFields = Object.fromEntries([...LEGAL_FIELD_NAMES, 'reference'].map((name) => [name, null]));

/**
 * The canonical JSON in three parts, one after another: the fields before the description up to
 * `"description":`, the description, and the rest. The description is most of a listing's text:
 * a writer that encodes it straight from the content (`content-hash.ts`) spares a copy of it.
 */
export interface CanonicalParts {
  head: string;
  /** The head as the hashes read it: `head` itself (the same string) unless bedrooms was left out. */
  hashedHead: string;
  description: string | null;
  tail: string;
}

export interface ContentModel {
  /** The content as stored and hashed: fixed field order, so equal content gives equal text. */
  canonicalJson(content: ListingContent): string;
  /** The same text in parts: `head + JSON.stringify(description) + tail`. */
  canonicalParts(content: ListingContent): CanonicalParts;
  /** The text the content and review hashes read: the canonical JSON with bedrooms defaulted. */
  hashedJson(content: ListingContent): string;
  /** Stored content with every absent field filled with its default. */
  read(stored: Record<string, unknown>): ListingContent;
}

const isDefault = (value: unknown) => value === undefined || value === null || (Array.isArray(value) && value.length === 0);

export function createContentModel(added: AddedFields): ContentModel {
  const addedEntries = Object.entries(added);
  const defaults: Record<string, unknown> = { ...FIRST_RELEASE_DEFAULTS, ...added };
  const defaultEntries = Object.entries(defaults);
  const canonicalParts = (content: ListingContent): CanonicalParts => {
    const after: Record<string, unknown> = canonicalAfterDescription(content);
    for (const [name] of addedEntries) {
      const value = (content as unknown as Record<string, unknown>)[name];
      if (!isDefault(value)) after[name] = value;
    }
    // JSON.stringify writes an object as "{" + its members joined by "," + "}": the members
    // before the description, the description's, then the others are the whole object's.
    const head = headText(content, content.bedrooms ?? null);
    const tail = JSON.stringify(after);
    return {
      head,
      hashedHead: content.bedrooms == null ? headText(content, statedOrDefaultBedrooms(content)) : head,
      description: content.description ?? null,
      tail: tail === '{}' ? '}' : `,${tail.slice(1)}`,
    };
  };
  return {
    canonicalJson(content) {
      const { head, description, tail } = canonicalParts(content);
      return head + JSON.stringify(description) + tail;
    },
    canonicalParts,
    hashedJson(content) {
      const { hashedHead, description, tail } = canonicalParts(content);
      return hashedHead + JSON.stringify(description) + tail;
    },
    read(stored) {
      let filled: Record<string, unknown> | null = null;
      for (const [name, value] of defaultEntries) {
        if (stored[name] !== undefined) continue;
        filled ??= { ...stored };
        filled[name] = Array.isArray(value) ? [] : value;
      }
      return (filled ?? stored) as unknown as ListingContent;
    },
  };
}

/** The members before the description, then `"description":`. */
function headText(content: ListingContent, bedrooms: number | null): string {
  const head = JSON.stringify(canonicalBeforeDescription(content, bedrooms));
  return head === '{}' ? '{"description":' : `${head.slice(0, -1)},"description":`;
}

// Written out rather than looped over: these run for every listing of every push. Together,
// with the description between them, they are every field of the first release, in order.
function canonicalBeforeDescription(content: ListingContent, bedrooms: number | null) {
  return {
    title: content.title,
    transaction: content.transaction,
    propertyType: content.propertyType,
    price: content.price,
    priceUnit: content.priceUnit ?? 'EUR',
    charges: content.charges ?? null,
    surface: content.surface,
    rooms: content.rooms,
    bedrooms,
    floor: content.floor ?? null,
    city: content.city,
    postcode: content.postcode,
    neighborhood: content.neighborhood ?? null,
    addressLine: content.addressLine ?? null,
    dpe: content.dpe ?? null,
    ges: content.ges ?? null,
  };
}

function canonicalAfterDescription(content: ListingContent) {
  const fees = content.fees;
  return {
    features: content.features ? [...content.features] : [],
    photos: content.photos
      ? [...content.photos]
          .sort((a, b) => a.order - b.order)
          .map((photo) => ({ url: photo.url, label: photo.label ?? null, order: photo.order }))
      : [],
    fees: fees ? { agencyFees: fees.agencyFees ?? null, feesPaidBy: fees.feesPaidBy ?? null, feeIncluded: fees.feeIncluded ?? null } : null,
    sourceCrm: content.sourceCrm ?? null,
    createdAtExternal: content.createdAtExternal ?? null,
    updatedAtExternal: content.updatedAtExternal ?? null,
  };
}

/** The service's content model. */
export const listingContent = createContentModel(ADDED_FIELDS);
