import { refuseFields, type FieldError, type Outcome, type Refusal } from '../../platform/outcome.js';
import type { ListingContent, ListingDraft } from '../../domain/listing-model/model.js';
import { LEGAL_FIELD_NAMES, type LegalFields } from '../../domain/listing-model/legal-fields.js';
import { businessErrors } from '../../domain/listings/business-rules.js';
import { nameIn, namesIn } from '../../domain/listing-model/interface-names.js';
import { unsafeTextErrors } from '../../platform/validation/text.js';
import { isIsoTimestamp, normaliseTimestamp } from '../../platform/validation/timestamps.js';

/** The v1 mapping of the one listing model (docs/decisions.md §6). */

/** Model field names as v1 calls them, where the two interfaces differ. */
export const V1_NAMES = namesIn('v1');

export type V1Body = Record<string, unknown>;

const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

/** Content from a v1 body laid over `base` (a full body on create, the stored content on PUT). */
export function contentFromV1(body: V1Body, base?: ListingContent): ListingContent {
  const pick = <K extends keyof ListingContent>(key: K, v1Name: string = key): ListingContent[K] =>
    (v1Name in body ? (body[v1Name] ?? null) : base ? base[key] : null) as ListingContent[K];
  const photos = 'photos' in body ? (body.photos as Array<{ url: string; label?: string | null; order: number }>) : null;
  const fees =
    'fees' in body
      ? (body.fees as { agencyFees?: number | null; feesPaidBy?: string | null; feeIncluded?: boolean | null } | null)
      : undefined;
  const timestamp = (name: 'createdAtExternal' | 'updatedAtExternal') => {
    const value = pick(name);
    return typeof value === 'string' ? normaliseTimestamp(value) : null;
  };
  return {
    title: pick('title'),
    transaction: pick('transaction', V1_NAMES.transaction),
    propertyType: pick('propertyType', V1_NAMES.propertyType),
    price: pick('price'),
    priceUnit: ('priceUnit' in body ? body.priceUnit : (base?.priceUnit ?? 'EUR')) as 'EUR',
    charges: pick('charges'),
    surface: pick('surface'),
    rooms: pick('rooms'),
    bedrooms: pick('bedrooms'),
    floor: pick('floor'),
    city: pick('city'),
    postcode: pick('postcode'),
    neighborhood: pick('neighborhood'),
    reference: pick('reference'),
    addressLine: pick('addressLine'),
    dpe: pick('dpe'),
    ges: pick('ges'),
    description: pick('description'),
    features: 'features' in body ? (body.features as string[]) : (base?.features ?? []),
    photos: photos ? photos.map((photo) => ({ url: photo.url, label: orNull(photo.label), order: photo.order })) : (base?.photos ?? []),
    fees:
      fees === undefined
        ? (base?.fees ?? null)
        : fees === null
          ? null
          : ({
              agencyFees: orNull(fees.agencyFees),
              feesPaidBy: orNull(fees.feesPaidBy),
              feeIncluded: orNull(fees.feeIncluded),
            } as ListingContent['fees']),
    sourceCrm: pick('sourceCrm'),
    createdAtExternal: timestamp('createdAtExternal'),
    updatedAtExternal: timestamp('updatedAtExternal'),
    ...legalFromV1(body, base),
  };
}

/** The legal-mention fields: given ones from the body (null clears), the others from `base`. */
function legalFromV1(body: V1Body, base?: ListingContent): LegalFields {
  const out: Record<string, unknown> = {};
  for (const name of LEGAL_FIELD_NAMES) {
    const value = name in body ? body[name] : base?.[name];
    if (value !== undefined && value !== null) out[name] = value;
  }
  return out as LegalFields;
}

export function draftFromV1(body: V1Body, base?: ListingContent): ListingDraft {
  const draft: ListingDraft = { externalId: body.externalId as string, content: contentFromV1(body, base) };
  if (typeof body.shareWithService === 'boolean') draft.shareWithService = body.shareWithService;
  if (typeof body.shareWithRelay === 'boolean') draft.shareWithRelay = body.shareWithRelay;
  return draft;
}

/** What JSON Schema cannot say: text PostgreSQL can store, timestamps that exist. */
export function v1BodyErrors(body: V1Body): FieldError[] {
  const errors = unsafeTextErrors(body);
  for (const field of ['createdAtExternal', 'updatedAtExternal']) {
    const value = body[field];
    if (typeof value === 'string' && !isIsoTimestamp(value)) {
      errors.push({ field, message: `${field} must be an ISO 8601 timestamp such as 2026-03-01T09:30:00Z` });
    }
  }
  return errors;
}

export function v1BusinessErrors(content: ListingContent): FieldError[] {
  return businessErrors(content).map((error) => ({ field: nameIn('v1', error.field), message: error.message }));
}

/** What JSON Schema cannot judge in a schema-valid body, as a refusal (400), or undefined when all is well. */
export function v1BodyRefusal(body: V1Body): Refusal | undefined {
  const errors = v1BodyErrors(body);
  return errors.length > 0 ? refuseFields('validation_error', errors) : undefined;
}

/**
 * The draft a checked v1 body asks for, laid over `base` (the stored content on PUT), or its
 * refusal for inconsistent data (422).
 */
export function v1DraftOver(body: V1Body, base?: ListingContent): Outcome<ListingDraft> {
  const draft = draftFromV1(body, base);
  const business = v1BusinessErrors(draft.content);
  return business.length > 0 ? refuseFields('business_error', business) : { ok: true, value: draft };
}

/** The draft a schema-valid v1 body asks for, or its refusal (400, then 422). */
export const v1Draft = (body: V1Body): Outcome<ListingDraft> => v1BodyRefusal(body) ?? v1DraftOver(body);

export const etagOf = (version: number) => `"v${version}"`;
