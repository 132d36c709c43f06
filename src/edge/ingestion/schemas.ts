import { Type } from 'typebox';
import { ENERGY_CLASSES, SOURCE_CRMS, COMMERCIAL_STATUSES } from '../../domain/listing-model/model.js';
import { LIMITS } from '../../domain/listings/limits.js';
import { Count, DateTime, FieldErrorSchema, IdString, Int, Text } from '../../platform/validation/schema-types.js';
import {
  Compliance,
  ComplianceCodes,
  ExternalId,
  Fees,
  LEGAL_FIELD_SCHEMAS,
  BulkModerationSummary,
  Moderation,
  PUBLIC_TEXT_GROWTH,
  ServiceId,
  WarningMembers,
  LocationSchema,
} from '../../domain/listings/schemas.js';
import { WARNINGS_PER_LISTING_MAX } from '../../domain/listings/warnings.js';
import { SyncId } from '../http/params.js';
import { INGEST_PUSH_EXAMPLE, INGEST_RECORD_EXAMPLE } from './examples.js';
import { FIELD_ERRORS_MAX, FIELD_MESSAGE_MAX } from '../../platform/validation/schema-validator.js';
import { KNOWN_FIELDS } from './validate.js';
import { INGEST_STATUSES, INGEST_TRANSACTIONS, INGEST_TYPES } from './validate.js';

/**
 * JSON Schemas of the ingestion interface. The listing item schema documents the ingestion listing (docs/interfaces.md) in
 * the OpenAPI description; items themselves are checked one by one by `validateIngestItem`
 * so that one bad listing never rejects the others (a test keeps the two in agreement).
 */
const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const enumOf = (values: readonly string[], description?: string) =>
  Type.String({ enum: [...values], ...(description ? { description } : {}) });

/** ISO 8601 as CRMs send it: a date, or a date-time with or without an offset. */
const IngestTimestamp = Type.String({
  maxLength: 35,
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}([Tt ].*)?$',
  description: 'ISO 8601 date or date-time, years 0001 to 9999 in UTC; without an offset it is read as UTC.',
});

export const IngestListing = Type.Object(
  {
    externalId: ExternalId('Unique within the agency software; the idempotence key.'),
    title: Type.String({ minLength: 1, maxLength: LIMITS.title, description: 'At most 100 characters recommended (a warning beyond).' }),
    transaction: enumOf(Object.keys(INGEST_TRANSACTIONS)),
    type: enumOf(Object.keys(INGEST_TYPES)),
    price: Int(1, LIMITS.price, { description: 'Whole euros; the monthly rent for LOCATION.' }),
    charges: Type.Optional(Type.Union([Int(0, LIMITS.charges), Type.Null()], { description: 'Monthly charges, rentals only.' })),
    surface: Int(1, LIMITS.surface, { description: 'Whole square metres.' }),
    rooms: Int(0, LIMITS.rooms),
    bedrooms: Type.Optional(
      Type.Union([Int(0, LIMITS.rooms), Type.Null()], {
        description: 'Left out or null: not stated, and the public pages show no bedroom count; the answers then give as many as rooms.',
      }),
    ),
    floor: Type.Optional(
      Type.Union([Int(LIMITS.floorMin, LIMITS.floorMax), Type.Null()], { description: 'Null for the ground floor or a house.' }),
    ),
    city: Type.String({ minLength: 1, maxLength: LIMITS.city }),
    postcode: Type.String({ pattern: '^[0-9]{5}$', maxLength: 5 }),
    reference: Type.Optional(
      nullable(
        Type.String({
          maxLength: LIMITS.reference,
          description:
            'The agency’s own reference, shown to the public (« Réf. … »); unlike externalId it may change. Contact details in it are masked.',
        }),
      ),
    ),
    neighborhood: Type.Optional(nullable(Type.String({ maxLength: LIMITS.neighborhood }))),
    addressLine: Type.Optional(
      nullable(
        Type.String({ maxLength: LIMITS.addressLine, description: 'Private: returned to the owning agency only, never published.' }),
      ),
    ),
    dpe: Type.Optional(
      Type.Union([enumOf(ENERGY_CLASSES), Type.Null()], {
        description: 'Energy class A–G; null when not given. Must not be better than ges.',
      }),
    ),
    ges: Type.Optional(
      Type.Union([enumOf(ENERGY_CLASSES), Type.Null()], {
        description: 'Greenhouse-gas class A–G (beyond the ingestion listing’s own fields, as in v1); null when not given.',
      }),
    ),
    description: Type.Optional(
      nullable(
        Type.String({
          maxLength: LIMITS.description,
          description: 'Phone numbers, e-mails, URLs and competing portals are masked on the public site.',
        }),
      ),
    ),
    features: Type.Optional(
      Type.Union([Type.Array(Type.String({ minLength: 1, maxLength: LIMITS.feature }), { maxItems: LIMITS.features }), Type.Null()]),
    ),
    imageUrls: Type.Optional(
      Type.Union([Type.Array(Type.String({ format: 'uri', maxLength: LIMITS.url }), { maxItems: LIMITS.photos }), Type.Null()]),
    ),
    status: Type.Optional(Type.Union([enumOf(INGEST_STATUSES), Type.Null()], { description: 'Default active.' })),
    sourceCrm: Type.Optional(Type.Union([enumOf(SOURCE_CRMS), Type.Null()])),
    fees: Type.Optional(
      Type.Union([Fees, Type.Null()], {
        description:
          'The agency’s fees (beyond the ingestion listing’s own fields, as in v1): feesPaidBy seller or buyer for VENTE and VIAGER, landlord or tenant for LOCATION; agencyFees not above the price of a sale. Null when not given.',
      }),
    ),
    shareWithService: Type.Optional(Type.Boolean({ description: 'Read on creation only; default: the agency default.' })),
    shareWithRelay: Type.Optional(Type.Boolean({ description: 'Read on creation only; default: the agency default.' })),
    createdAtExternal: Type.Optional(nullable(IngestTimestamp)),
    updatedAtExternal: Type.Optional(nullable(IngestTimestamp)),
    ...Object.fromEntries(Object.entries(LEGAL_FIELD_SCHEMAS).map(([name, schema]) => [name, Type.Optional(schema)])),
  },
  { additionalProperties: false, $id: 'IngestListing' },
);

export const MAX_PUSH = 500;

const PushSyncId = SyncId(
  'Optional: the open full sync session this push belongs to. Its listings count as seen by the session (rejected ones too); ' +
    'an unknown session is 404, a completed or expired one 409, and then nothing is written.',
);

export const IngestRequest = Type.Object(
  { listings: Type.Array(IngestListing, { minItems: 1, maxItems: MAX_PUSH }), syncId: Type.Optional(PushSyncId) },
  { additionalProperties: false, examples: [INGEST_PUSH_EXAMPLE] },
);

/**
 * What the server itself enforces for the whole request; items are checked one by one. Their
 * count (at most MAX_PUSH) is checked just before, with a sentence that says how many came
 * (refuseTooManyListings, listings/push.ts); the published schema (IngestRequest) states the bound.
 */
export const IngestEnvelope = Type.Object(
  { listings: Type.Array(Type.Unknown(), { minItems: 1 }), syncId: Type.Optional(PushSyncId) },
  { additionalProperties: false },
);

/**
 * At most: the first unknown fields, one per known field, one per feature and one per photo.
 * Each detail's message is bounded, and the reason joins them.
 */
const ITEM_DETAILS_MAX = FIELD_ERRORS_MAX + KNOWN_FIELDS.size + LIMITS.features + LIMITS.photos;

/** Per-item outcome of a push, as the v1 batch gives it. */
const PushItemResult = Type.Object({
  index: Count(MAX_PUSH - 1, { description: 'Position in the pushed listings array.' }),
  externalId: Type.Union([ExternalId(), Type.Null()], { description: 'null when the item carried no valid externalId.' }),
  outcome: Type.String({
    enum: ['created', 'updated', 'unchanged', 'error'],
    description: 'error: see the entry of errors[] with the same index.',
  }),
  serviceId: Type.Union([ServiceId(), Type.Null()], { description: 'The service’s id of the listing; null for an error.' }),
  version: Type.Union([Count(), Type.Null()], { description: 'The listing’s version after the push; null for an error.' }),
  moderation: Type.Union([BulkModerationSummary(), Type.Null()], {
    description: 'What automatic moderation made of the listing (reason codes; read the listing for their messages); null for an error.',
  }),
  compliance: ComplianceCodes,
});

export const IngestResult = Type.Object({
  agencyId: IdString('agc'),
  processed: Count(MAX_PUSH, { description: 'created + updated + unchanged + errors.length' }),
  created: Count(MAX_PUSH),
  updated: Count(MAX_PUSH),
  unchanged: Count(MAX_PUSH, { description: 'Content equal to what is stored: no new version.' }),
  errors: Type.Array(
    Type.Object({
      index: Count(MAX_PUSH - 1, { description: 'Position in the pushed listings array.' }),
      externalId: Type.Union([ExternalId(), Type.Null()], {
        description: 'The listing’s externalId; null when it is missing or is not a valid one.',
      }),
      reason: Text(ITEM_DETAILS_MAX * (FIELD_MESSAGE_MAX + 2), { description: 'Human-readable: names the field and the rule.' }),
      details: Type.Array(FieldErrorSchema, { maxItems: ITEM_DETAILS_MAX }),
    }),
    { maxItems: MAX_PUSH },
  ),
  warnings: Type.Array(Type.Object({ index: Count(MAX_PUSH - 1), externalId: ExternalId(), ...WarningMembers }), {
    maxItems: WARNINGS_PER_LISTING_MAX * MAX_PUSH,
    description: 'Remarks on accepted listings: a long title, masked contact details, a postcode and city that name no commune.',
  }),
  results: Type.Array(PushItemResult, { maxItems: MAX_PUSH, description: 'One entry per pushed listing, in order: what became of it.' }),
});

export const IngestRecord = Type.Object(
  {
    ...IngestListing.properties,
    status: enumOf(COMMERCIAL_STATUSES),
    shareWithService: Type.Boolean(),
    shareWithRelay: Type.Boolean(),
    serviceId: ServiceId(),
    version: Count(),
    publicUrl: Type.String({ format: 'uri', maxLength: LIMITS.url }),
    createdAt: DateTime(),
    updatedAt: DateTime(),
    moderation: Moderation(),
    publicTitle: Text(LIMITS.title * PUBLIC_TEXT_GROWTH, { description: 'The title exactly as the public site shows it.' }),
    publicDescription: Type.Union([Text(LIMITS.description * PUBLIC_TEXT_GROWTH), Type.Null()], {
      description: 'The description exactly as the public site shows it.',
    }),
    location: LocationSchema(),
    compliance: Compliance,
  },
  { additionalProperties: false, examples: [INGEST_RECORD_EXAMPLE] },
);

export const CHANGE_PAGE_MAX = 1000;

export const ChangeList = Type.Object({
  agencyId: IdString('agc'),
  listings: Type.Array(
    Type.Object({
      externalId: ExternalId(),
      serviceId: ServiceId(),
      status: Type.String({ enum: [...COMMERCIAL_STATUSES] }),
      version: Count(),
      contentHash: Type.String({
        pattern: '^[0-9A-Za-z_=+/-]{1,128}$',
        maxLength: 128,
        description: 'Changes whenever the content or status changes.',
      }),
      changeSeq: Int(1, Number.MAX_SAFE_INTEGER),
      updatedAt: DateTime(),
      moderation: BulkModerationSummary(),
    }),
    { maxItems: CHANGE_PAGE_MAX },
  ),
  nextAfterTs: Type.Union([Int(1, Number.MAX_SAFE_INTEGER), Type.Null()], {
    description: 'Pass as afterTs for the next page; null when this was the last.',
  }),
});

/** The `externalId` query parameter of the by-externalId operations. */
export const ExternalIdQuery = Type.Object(
  { externalId: ExternalId('The agency’s identifier of the listing.') },
  { additionalProperties: false },
);
