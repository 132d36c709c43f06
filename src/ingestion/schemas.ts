import { Type } from 'typebox';
import { ENERGY_CLASSES, SOURCE_CRMS, COMMERCIAL_STATUSES } from '../listings/model.js';
import { LIMITS } from '../listings/limits.js';
import { INGEST_STATUSES, INGEST_TRANSACTIONS, INGEST_TYPES } from './validate.js';

/**
 * JSON Schemas of the ingestion interface. The listing item schema documents spec 2.1 in
 * the OpenAPI description; items themselves are checked one by one by `validateIngestItem`
 * so that one bad listing never rejects the others (a test keeps the two in agreement).
 */
const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const enumOf = (values: readonly string[], description?: string) => Type.String({ enum: [...values], ...(description ? { description } : {}) });

export const IngestListing = Type.Object(
  {
    externalId: Type.String({ minLength: 1, maxLength: LIMITS.externalId, description: 'Unique within the agency software; the idempotence key.' }),
    title: Type.String({ minLength: 1, maxLength: LIMITS.title, description: 'At most 100 characters recommended (a warning beyond).' }),
    transaction: enumOf(Object.keys(INGEST_TRANSACTIONS)),
    type: enumOf(Object.keys(INGEST_TYPES)),
    price: Type.Integer({ minimum: 1, maximum: LIMITS.price, description: 'Whole euros; the monthly rent for LOCATION.' }),
    charges: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: LIMITS.charges }), Type.Null()], { description: 'Monthly charges, rentals only.' })),
    surface: Type.Integer({ minimum: 1, maximum: LIMITS.surface, description: 'Whole square metres.' }),
    rooms: Type.Integer({ minimum: 0, maximum: LIMITS.rooms }),
    bedrooms: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: LIMITS.rooms }), Type.Null()], { description: 'Default: rooms.' })),
    floor: Type.Optional(Type.Union([Type.Integer({ minimum: LIMITS.floorMin, maximum: LIMITS.floorMax }), Type.Null()], { description: 'Null for the ground floor or a house.' })),
    city: Type.String({ minLength: 1, maxLength: LIMITS.city }),
    postcode: Type.String({ pattern: '^[0-9]{5}$' }),
    neighborhood: Type.Optional(nullable(Type.String({ maxLength: LIMITS.neighborhood }))),
    addressLine: Type.Optional(nullable(Type.String({ maxLength: LIMITS.addressLine, description: 'Private: returned to the owning agency only, never published.' }))),
    dpe: Type.Optional(Type.Union([enumOf(ENERGY_CLASSES), Type.Null()])),
    description: Type.Optional(
      nullable(Type.String({ maxLength: LIMITS.description, description: 'Phone numbers, e-mails, URLs and competing portals are masked on the public site.' })),
    ),
    features: Type.Optional(Type.Union([Type.Array(Type.String({ minLength: 1, maxLength: LIMITS.feature }), { maxItems: LIMITS.features }), Type.Null()])),
    imageUrls: Type.Optional(Type.Union([Type.Array(Type.String({ format: 'uri', maxLength: LIMITS.url }), { maxItems: LIMITS.photos }), Type.Null()])),
    status: Type.Optional(Type.Union([enumOf(INGEST_STATUSES), Type.Null()], { description: 'Default active.' })),
    sourceCrm: Type.Optional(Type.Union([enumOf(SOURCE_CRMS), Type.Null()])),
    shareWithService: Type.Optional(Type.Boolean({ description: 'Read on creation only; default: the agency default.' })),
    shareWithRelay: Type.Optional(Type.Boolean({ description: 'Read on creation only; default: the agency default.' })),
    createdAtExternal: Type.Optional(nullable(Type.String({ description: 'ISO 8601; without an offset it is read as UTC.' }))),
    updatedAtExternal: Type.Optional(nullable(Type.String({ description: 'ISO 8601; without an offset it is read as UTC.' }))),
  },
  { additionalProperties: false, $id: 'IngestListing' },
);

export const MAX_PUSH = 500;

export const IngestRequest = Type.Object(
  { listings: Type.Array(IngestListing, { minItems: 1, maxItems: MAX_PUSH }) },
  { additionalProperties: false },
);

/** What the server itself enforces for the whole request; items are checked one by one. */
export const IngestEnvelope = Type.Object(
  { listings: Type.Array(Type.Unknown(), { minItems: 1, maxItems: MAX_PUSH }) },
  { additionalProperties: false },
);

const FieldErrorSchema = Type.Object({ field: Type.String(), message: Type.String() });

/** The field a warning is about (title, description), as in v1 write answers. */
const WarningField = { field: Type.String({ description: 'The field the warning is about: title or description.' }) };

/** Per-item outcome of a push, as the v1 batch gives it. */
const PushItemResult = Type.Object({
  index: Type.Integer({ description: 'Position in the pushed listings array.' }),
  externalId: Type.Union([Type.String(), Type.Null()]),
  outcome: Type.String({ enum: ['created', 'updated', 'unchanged', 'error'], description: 'error: see the entry of errors[] with the same index.' }),
  serviceId: Type.Union([Type.String(), Type.Null()], { description: 'The service’s id of the listing; null for an error.' }),
  version: Type.Union([Type.Integer(), Type.Null()], { description: 'The listing’s version after the push; null for an error.' }),
});

export const IngestResult = Type.Object({
  agencyId: Type.String(),
  processed: Type.Integer({ description: 'created + updated + unchanged + errors.length' }),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer({ description: 'Content equal to what is stored: no new version.' }),
  errors: Type.Array(
    Type.Object({
      index: Type.Integer({ description: 'Position in the pushed listings array.' }),
      externalId: Type.Union([Type.String(), Type.Null()]),
      reason: Type.String({ description: 'Human-readable: names the field and the rule.' }),
      details: Type.Array(FieldErrorSchema),
    }),
  ),
  warnings: Type.Array(Type.Object({ index: Type.Integer(), externalId: Type.String(), message: Type.String(), ...WarningField })),
  results: Type.Array(PushItemResult, { description: 'One entry per pushed listing, in order: what became of it.' }),
});

export const IngestRecord = Type.Object(
  {
    ...IngestListing.properties,
    status: enumOf(COMMERCIAL_STATUSES),
    shareWithService: Type.Boolean(),
    shareWithRelay: Type.Boolean(),
    serviceId: Type.String({ description: 'The service’s id of the listing: `lst_`, then the creation time and random characters. Opaque: compare it, never parse it.' }),
    version: Type.Integer(),
    publicUrl: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
    moderation: Type.Object({ state: Type.String({ enum: ['pending', 'approved', 'rejected'] }), reasons: Type.Array(Type.String()) }),
    publicTitle: Type.String({ description: 'The title exactly as the public site shows it.' }),
    publicDescription: Type.Union([Type.String(), Type.Null()], { description: 'The description exactly as the public site shows it.' }),
  },
  { additionalProperties: false },
);

export const ChangeList = Type.Object({
  agencyId: Type.String(),
  listings: Type.Array(
    Type.Object({
      externalId: Type.String(),
      serviceId: Type.String({ description: 'The service’s id of the listing: `lst_`, then the creation time and random characters. Opaque: compare it, never parse it.' }),
      status: Type.String(),
      version: Type.Integer(),
      contentHash: Type.String({ description: 'Changes whenever the content or status changes.' }),
      changeSeq: Type.Integer(),
      updatedAt: Type.String({ format: 'date-time' }),
    }),
  ),
  nextAfterTs: Type.Union([Type.Integer(), Type.Null()], { description: 'Pass as afterTs for the next page; null when this was the last.' }),
});
