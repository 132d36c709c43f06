import { refuseFields, type FieldError } from '../../platform/outcome.js';
import type { ItemCheck } from '../../domain/listings/bulk-write.js';
import { businessErrors } from '../../domain/listings/business-rules.js';
import {
  ENERGY_CLASSES,
  FEES_PAID_BY,
  SOURCE_CRMS,
  type CommercialStatus,
  type EnergyClass,
  type Fees,
  type FeesPaidBy,
  type ListingContent,
  type PropertyType,
  type SourceCrm,
  type Transaction,
  withContentDefaults,
} from '../../domain/listing-model/model.js';
import { LIMITS } from '../../domain/listings/limits.js';
import { readLegalFields } from '../../domain/listings/legal-input.js';
import { LEGAL_FIELD_NAMES } from '../../domain/listing-model/legal-fields.js';
import { isHttpUrl, unsafeTextErrors } from '../../platform/validation/text.js';
import { parseTimestamp } from '../../platform/validation/timestamps.js';
import { NO_CONTROL_CHARACTERS, echoableId } from '../../platform/validation/storable.js';
import { FIELD_ERRORS_MAX, FIELD_NAME_MAX } from '../../platform/validation/schema-validator.js';

const WITHOUT_CONTROL_CHARACTERS = new RegExp(NO_CONTROL_CHARACTERS);

/** Ingestion enum codes (spec 2.1) and their model values (docs/decisions.md §6). */
export const INGEST_TRANSACTIONS: Record<string, Transaction> = { VENTE: 'sale', LOCATION: 'rental', VIAGER: 'life_annuity_sale' };
export const INGEST_TYPES: Record<string, PropertyType> = {
  APPARTEMENT: 'apartment',
  MAISON: 'house',
  DUPLEX: 'duplex',
  STUDIO: 'studio',
  TERRAIN: 'land',
  PARKING: 'parking',
  LOFT: 'loft',
  LOCAL: 'commercial',
  BUREAU: 'office',
};
/** The ingestion statuses of spec 2.1 (v1 adds `paused`). */
export const INGEST_STATUSES = ['active', 'sold', 'rented', 'under_offer', 'withdrawn'] as const;

export const KNOWN_FIELDS = new Set([
  'externalId',
  'title',
  'transaction',
  'type',
  'price',
  'charges',
  'surface',
  'rooms',
  'bedrooms',
  'floor',
  'city',
  'postcode',
  'neighborhood',
  'addressLine',
  'dpe',
  'ges',
  'description',
  'features',
  'imageUrls',
  'status',
  'sourceCrm',
  'shareWithService',
  'shareWithRelay',
  'createdAtExternal',
  'updatedAtExternal',
  // Beyond spec 2.1, as v1 has them (docs/interfaces.md): the GES class and the agency's fees.
  'fees',
  ...LEGAL_FIELD_NAMES,
]);

/** Model field names as the ingestion interface calls them. */
const INGEST_NAMES: Record<string, string> = { transaction: 'transaction', propertyType: 'type', photos: 'imageUrls' };

const refused = (externalId: string | null, code: 'validation_error' | 'business_error', errors: FieldError[]) => ({
  ...refuseFields(code, errors),
  externalId,
  errors,
});

const oneOf = (values: readonly string[]) => values.join(', ');

/**
 * Checks one pushed listing (spec 2.1). Never throws, whatever the input: every problem
 * becomes a reason naming the field and the rule.
 */
export function validateIngestItem(raw: unknown): ItemCheck {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return refused(null, 'validation_error', [{ field: 'listing', message: 'each listing must be a JSON object' }]);
  }
  const item = raw as Record<string, unknown>;
  const unsafe = unsafeTextErrors(item);
  if (unsafe.length > 0) return refused(echoableId(item.externalId, LIMITS.externalId), 'validation_error', unsafe);
  const errors: FieldError[] = [];
  const fail = (field: string, message: string) => {
    errors.push({ field, message: `${field} ${message}` });
    return undefined;
  };

  // The first unknown fields only, their names shortened: a client chooses how many and how long.
  for (const key of Object.keys(item)
    .filter((name) => !KNOWN_FIELDS.has(name))
    .slice(0, FIELD_ERRORS_MAX)) {
    fail(key.length > FIELD_NAME_MAX ? `${key.slice(0, FIELD_NAME_MAX - 1)}…` : key, 'is not a known field of a listing');
  }

  const text = (field: string, required: boolean, max: number): string | null | undefined => {
    const value = item[field];
    if (value === undefined || value === null) return required ? fail(field, 'is required') : null;
    if (typeof value !== 'string') return fail(field, 'must be a string');
    const trimmed = value.trim();
    if (required && trimmed === '') return fail(field, 'must not be empty');
    if (value.length > max) return fail(field, `must be at most ${max} characters (got ${value.length})`);
    return trimmed === '' ? null : value;
  };
  const whole = (field: string, required: boolean, min: number, max: number, unit: string): number | null | undefined => {
    const value = item[field];
    if (value === undefined || value === null) return required ? fail(field, 'is required') : null;
    if (typeof value !== 'number' || !Number.isFinite(value)) return fail(field, `must be a number${unit}`);
    if (!Number.isInteger(value)) return fail(field, `must be a whole number${unit}`);
    if (value < min) return fail(field, min === 1 ? `must be a positive whole number${unit}` : `must be at least ${min}${unit}`);
    if (value > max) return fail(field, `must be at most ${max}${unit}`);
    return value;
  };
  const choice = <T extends string>(field: string, allowed: readonly T[], required: boolean): T | null | undefined => {
    const value = item[field];
    if (value === undefined || value === null) return required ? fail(field, `is required (one of ${oneOf(allowed)})`) : null;
    if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value))
      return fail(field, `must be one of ${oneOf(allowed)}`);
    return value as T;
  };
  const flag = (field: string): boolean | undefined => {
    const value = item[field];
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') return fail(field, 'must be true or false');
    return value;
  };
  const timestamp = (field: string): string | null | undefined => {
    const value = item[field];
    if (value === undefined || value === null) return null;
    const parsed = typeof value === 'string' ? parseTimestamp(value) : null;
    return parsed ?? fail(field, 'must be an ISO 8601 timestamp such as 2026-03-01T09:30:00Z');
  };

  const externalId = text('externalId', true, LIMITS.externalId);
  if (typeof externalId === 'string' && !WITHOUT_CONTROL_CHARACTERS.test(externalId))
    fail('externalId', 'must not contain control characters');
  const title = text('title', true, LIMITS.title);
  const transactionCode = choice('transaction', Object.keys(INGEST_TRANSACTIONS), true);
  const typeCode = choice('type', Object.keys(INGEST_TYPES), true);
  const price = whole('price', true, 1, LIMITS.price, ' of euros');
  const charges = whole('charges', false, 0, LIMITS.charges, ' of euros');
  const surface = whole('surface', true, 1, LIMITS.surface, ' of square metres');
  const rooms = whole('rooms', true, 0, LIMITS.rooms, '');
  const bedrooms = whole('bedrooms', false, 0, LIMITS.rooms, '');
  const floor = whole('floor', false, LIMITS.floorMin, LIMITS.floorMax, '');
  const city = text('city', true, LIMITS.city);
  const postcode = text('postcode', true, 5);
  if (typeof postcode === 'string' && !/^\d{5}$/.test(postcode)) fail('postcode', 'must be a French postcode of 5 digits');
  const neighborhood = text('neighborhood', false, LIMITS.neighborhood);
  const addressLine = text('addressLine', false, LIMITS.addressLine);
  const dpe = choice<EnergyClass>('dpe', ENERGY_CLASSES, false);
  const ges = choice<EnergyClass>('ges', ENERGY_CLASSES, false);
  const description = text('description', false, LIMITS.description);
  const status = choice<CommercialStatus>('status', INGEST_STATUSES as unknown as CommercialStatus[], false);
  const sourceCrm = choice<SourceCrm>('sourceCrm', SOURCE_CRMS, false);
  const shareWithService = flag('shareWithService');
  const shareWithRelay = flag('shareWithRelay');
  const createdAtExternal = timestamp('createdAtExternal');
  const updatedAtExternal = timestamp('updatedAtExternal');

  const features = stringList(item.features, 'features', LIMITS.features, LIMITS.feature, fail);
  const imageUrls = stringList(item.imageUrls, 'imageUrls', LIMITS.photos, LIMITS.url, fail);
  imageUrls?.forEach((url, i) => {
    if (!isHttpUrl(url)) fail(`imageUrls[${i}]`, 'must be an absolute http(s) URL');
  });

  const fees = readFees(item.fees, fail);
  const legal = readLegalFields(item, fail);

  const idForErrors = echoableId(item.externalId, LIMITS.externalId);
  if (errors.length > 0) return refused(idForErrors, 'validation_error', errors);

  const content: ListingContent = withContentDefaults({
    title: title!,
    transaction: INGEST_TRANSACTIONS[transactionCode!]!,
    propertyType: INGEST_TYPES[typeCode!]!,
    price: price!,
    priceUnit: 'EUR' as const,
    charges: charges ?? null,
    surface: surface!,
    rooms: rooms!,
    bedrooms: bedrooms ?? null,
    floor: floor ?? null,
    city: city!,
    postcode: postcode!,
    neighborhood: neighborhood ?? null,
    addressLine: addressLine ?? null,
    dpe: dpe ?? null,
    ges: ges ?? null,
    description: description ?? null,
    features: features ?? [],
    photos: (imageUrls ?? []).map((url, order) => ({ url, label: null, order })),
    fees: fees ?? null,
    sourceCrm: sourceCrm ?? null,
    createdAtExternal: createdAtExternal ?? null,
    updatedAtExternal: updatedAtExternal ?? null,
    ...legal,
  });
  const business = businessErrors(content).map((e) => ({ field: INGEST_NAMES[e.field] ?? e.field, message: e.message }));
  if (business.length > 0) return refused(idForErrors, 'business_error', business);
  return {
    ok: true,
    draft: {
      externalId: externalId!,
      content,
      status: status ?? 'active',
      ...(shareWithService !== undefined ? { shareWithService } : {}),
      ...(shareWithRelay !== undefined ? { shareWithRelay } : {}),
    },
  };
}

function stringList(
  value: unknown,
  field: string,
  maxItems: number,
  maxLength: number,
  fail: (field: string, message: string) => undefined,
): string[] | null | undefined {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) return fail(field, 'must be an array of strings');
  if (value.length > maxItems) return fail(field, `must have at most ${maxItems} entries (got ${value.length})`);
  let ok = true;
  value.forEach((entry, i) => {
    if (typeof entry !== 'string' || entry.trim() === '') ok = fail(`${field}[${i}]`, 'must be a non-empty string') ?? false;
    else if (entry.length > maxLength) ok = fail(`${field}[${i}]`, `must be at most ${maxLength} characters`) ?? false;
  });
  return ok ? (value as string[]) : undefined;
}

const FEE_FIELDS = new Set(['agencyFees', 'feesPaidBy', 'feeIncluded']);

/**
 * `fees` as v1 takes it (`{agencyFees, feesPaidBy, feeIncluded}`, each optional or null). Whether
 * the payer fits the transaction is a business rule (domain/listings/business-rules.ts).
 */
function readFees(value: unknown, fail: (field: string, message: string) => undefined): Fees | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value))
    return fail('fees', 'must be an object such as {"agencyFees": 12000, "feesPaidBy": "buyer", "feeIncluded": true}');
  const given = value as Record<string, unknown>;
  let wellFormed = true;
  const refuse = (field: string, message: string) => {
    wellFormed = false;
    fail(`fees.${field.length > FIELD_NAME_MAX ? `${field.slice(0, FIELD_NAME_MAX - 1)}…` : field}`, message);
  };
  for (const key of Object.keys(given)
    .filter((name) => !FEE_FIELDS.has(name))
    .slice(0, FIELD_ERRORS_MAX))
    refuse(key, 'is not a known field of fees');
  const { agencyFees = null, feesPaidBy = null, feeIncluded = null } = given;
  if (agencyFees !== null && !(Number.isInteger(agencyFees) && (agencyFees as number) >= 0 && (agencyFees as number) <= LIMITS.price))
    refuse('agencyFees', `must be a whole number of euros from 0 to ${LIMITS.price}`);
  if (feesPaidBy !== null && !(FEES_PAID_BY as readonly unknown[]).includes(feesPaidBy))
    refuse('feesPaidBy', `must be one of ${oneOf(FEES_PAID_BY)}`);
  if (feeIncluded !== null && typeof feeIncluded !== 'boolean') refuse('feeIncluded', 'must be true or false');
  if (!wellFormed) return undefined;
  return {
    agencyFees: agencyFees as number | null,
    feesPaidBy: feesPaidBy as FeesPaidBy | null,
    feeIncluded: feeIncluded as boolean | null,
  };
}
