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
} from '../../domain/listing-model/model.js';
import { LIMITS } from '../../domain/listings/limits.js';
import { readLegalFields } from '../../domain/listings/legal-input.js';
import { LEGAL_FIELD_NAMES } from '../../domain/listing-model/legal-fields.js';
import { nameIn, namesIn, ownNameHint } from '../../domain/listing-model/interface-names.js';
import { INGESTION_CODES, ownCodeHint } from '../../domain/listing-model/interface-codes.js';
import { isHttpUrl, unsafeTextErrors } from '../../platform/validation/text.js';
import { NO_CONTROL_CHARACTERS, echoableId } from '../../platform/validation/storable.js';
import { FIELD_ERRORS_MAX } from '../../platform/validation/schema-validator.js';
import { FieldReader, oneOf, shortName } from './field-reader.js';

const WITHOUT_CONTROL_CHARACTERS = new RegExp(NO_CONTROL_CHARACTERS);

/** Ingestion enum codes and their model values (docs/decisions.md §6), from the one table of both interfaces' codes. */
export const INGEST_TRANSACTIONS: Record<string, Transaction> = INGESTION_CODES.transaction;
export const INGEST_TYPES: Record<string, PropertyType> = INGESTION_CODES.propertyType;
/** The ingestion statuses (v1 adds `paused`; docs/decisions.md §6). */
export const INGEST_STATUSES = ['active', 'sold', 'rented', 'under_offer', 'withdrawn'] as const;

export const KNOWN_FIELDS = new Set([
  'externalId',
  'reference',
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
  // Beyond the ingestion listing's own fields, as v1 has them (docs/interfaces.md): the GES class and the agency's fees.
  'fees',
  ...LEGAL_FIELD_NAMES,
]);

/** Model field names as the ingestion interface calls them, where the two interfaces differ. */
export const INGEST_NAMES = namesIn('ingestion');
/** A v1 name sent in a push: the ingestion's name of that field. */
const ingestNameHint = ownNameHint('ingestion');
/** A v1 code sent in a push: the ingestion's code for it. */
const ingestCodeHint = ownCodeHint('ingestion');

const refused = (externalId: string | null, code: 'validation_error' | 'business_error', errors: FieldError[]) => ({
  ...refuseFields(code, errors),
  externalId,
  errors,
});

/** The fields of one pushed listing, each read by its rule; undefined where refused. */
function readFields(item: Record<string, unknown>, fields: FieldReader) {
  const externalId = fields.text('externalId', true, LIMITS.externalId);
  if (typeof externalId === 'string' && !WITHOUT_CONTROL_CHARACTERS.test(externalId))
    fields.fail('externalId', 'must not contain control characters');
  const read = {
    externalId,
    title: fields.text('title', true, LIMITS.title),
    transactionCode: fields.choice('transaction', Object.keys(INGEST_TRANSACTIONS), true, ingestCodeHint),
    typeCode: fields.choice('type', Object.keys(INGEST_TYPES), true, ingestCodeHint),
    price: fields.whole('price', true, 1, LIMITS.price, ' of euros'),
    charges: fields.whole('charges', false, 0, LIMITS.charges, ' of euros'),
    surface: fields.whole('surface', true, 1, LIMITS.surface, ' of square metres'),
    rooms: fields.whole('rooms', true, 0, LIMITS.rooms, ''),
    bedrooms: fields.whole('bedrooms', false, 0, LIMITS.rooms, ''),
    floor: fields.whole('floor', false, LIMITS.floorMin, LIMITS.floorMax, ''),
    city: fields.text('city', true, LIMITS.city),
    postcode: fields.text('postcode', true, 5),
  };
  if (typeof read.postcode === 'string' && !/^\d{5}$/.test(read.postcode)) fields.fail('postcode', 'must be a French postcode of 5 digits');
  const more = {
    reference: fields.text('reference', false, LIMITS.reference),
    neighborhood: fields.text('neighborhood', false, LIMITS.neighborhood),
    addressLine: fields.text('addressLine', false, LIMITS.addressLine),
    dpe: fields.choice<EnergyClass>('dpe', ENERGY_CLASSES, false),
    ges: fields.choice<EnergyClass>('ges', ENERGY_CLASSES, false),
    description: fields.text('description', false, LIMITS.description),
    status: fields.choice<CommercialStatus>('status', INGEST_STATUSES as unknown as CommercialStatus[], false),
    sourceCrm: fields.choice<SourceCrm>('sourceCrm', SOURCE_CRMS, false),
    shareWithService: fields.flag('shareWithService'),
    shareWithRelay: fields.flag('shareWithRelay'),
    createdAtExternal: fields.timestamp('createdAtExternal'),
    updatedAtExternal: fields.timestamp('updatedAtExternal'),
    features: fields.stringList('features', LIMITS.features, LIMITS.feature),
    imageUrls: fields.stringList('imageUrls', LIMITS.photos, LIMITS.url),
  };
  more.imageUrls?.forEach((url, i) => {
    if (!isHttpUrl(url)) fields.fail(`imageUrls[${i}]`, 'must be an absolute http(s) URL');
  });
  return { ...read, ...more, fees: readFees(item.fees, fields.fail), legal: readLegalFields(item, fields.fail) };
}

type ReadFields = ReturnType<typeof readFields>;

/** The model's content of fields read without a refusal. */
function contentOf(read: ReadFields): ListingContent {
  return {
    title: read.title!,
    transaction: INGEST_TRANSACTIONS[read.transactionCode!]!,
    propertyType: INGEST_TYPES[read.typeCode!]!,
    price: read.price!,
    priceUnit: 'EUR' as const,
    charges: read.charges ?? null,
    surface: read.surface!,
    rooms: read.rooms!,
    bedrooms: read.bedrooms ?? null,
    floor: read.floor ?? null,
    city: read.city!,
    postcode: read.postcode!,
    neighborhood: read.neighborhood ?? null,
    addressLine: read.addressLine ?? null,
    dpe: read.dpe ?? null,
    ges: read.ges ?? null,
    description: read.description ?? null,
    features: read.features ?? [],
    photos: (read.imageUrls ?? []).map((url, order) => ({ url, label: null, order })),
    fees: read.fees ?? null,
    sourceCrm: read.sourceCrm ?? null,
    createdAtExternal: read.createdAtExternal ?? null,
    updatedAtExternal: read.updatedAtExternal ?? null,
    reference: read.reference ?? null,
    ...read.legal,
  };
}

/**
 * Checks one pushed listing (docs/interfaces.md). Never throws, whatever the input: every problem
 * becomes a reason naming the field and the rule.
 */
export function validateIngestItem(raw: unknown): ItemCheck {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return refused(null, 'validation_error', [{ field: 'listing', message: 'each listing must be a JSON object' }]);
  }
  const item = raw as Record<string, unknown>;
  const unsafe = unsafeTextErrors(item);
  if (unsafe.length > 0) return refused(echoableId(item.externalId, LIMITS.externalId), 'validation_error', unsafe);
  const fields = new FieldReader(item);
  fields.unknownFields(KNOWN_FIELDS, ingestNameHint);
  const read = readFields(item, fields);
  const idForErrors = echoableId(item.externalId, LIMITS.externalId);
  if (fields.errors.length > 0) return refused(idForErrors, 'validation_error', fields.errors);
  const content = contentOf(read);
  const business = businessErrors(content).map((e) => ({ field: nameIn('ingestion', e.field), message: e.message }));
  if (business.length > 0) return refused(idForErrors, 'business_error', business);
  const { externalId, status, shareWithService, shareWithRelay } = read;
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
    fail(`fees.${shortName(field)}`, message);
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
