import { Type, type TSchema } from 'typebox';
import { INGESTION_CODES } from '../../domain/listing-model/interface-codes.js';
import { COMMERCIAL_STATUSES, ENERGY_CLASSES, PROPERTY_TYPES, SOURCE_CRMS, TRANSACTIONS } from '../../domain/listing-model/model.js';
import { LIMITS } from '../../domain/listings/limits.js';
import { Count, DateTime, FieldErrorSchema, Int, Text } from '../../platform/validation/schema-types.js';
import {
  Compliance,
  ComplianceCodes,
  ExternalId,
  Fees,
  LEGAL_FIELD_SCHEMAS,
  BulkModerationSummary,
  Moderation,
  ModerationSummary,
  PUBLIC_TEXT_GROWTH,
  ServiceId,
  WarningMembers,
  LocationSchema,
} from '../../domain/listings/schemas.js';
import { WARNINGS_PER_LISTING_MAX } from '../../domain/listings/warnings.js';
import { V1_BATCH_EXAMPLE, V1_LISTING_EXAMPLE, V1_RECORD_EXAMPLE, V1_STATUS_EXAMPLE, V1_UPDATE_EXAMPLE } from './examples.js';
import { FIELD_ERRORS_MAX, FIELD_MESSAGE_MAX } from '../../platform/validation/schema-validator.js';

/** JSON Schemas of the v1 interface (docs/decisions.md §6, docs/interfaces.md): they validate, serialise and document. */

const nullable = <T extends TSchema>(schema: T, description?: string) =>
  Type.Union([schema, Type.Null()], description ? { description } : {});
const text = (max: number, description?: string) => Type.String({ minLength: 1, maxLength: max, ...(description ? { description } : {}) });
const energy = Type.String({ enum: [...ENERGY_CLASSES] });

export const Photo = Type.Object(
  {
    url: Type.String({
      format: 'uri',
      pattern: '^https?://',
      maxLength: LIMITS.url,
      description: 'Public image URL, served as given (HTTPS recommended).',
    }),
    label: Type.Optional(nullable(Type.String({ maxLength: LIMITS.label }))),
    order: Int(0, LIMITS.photos - 1, { description: 'Position, from 0.' }),
  },
  { additionalProperties: false },
);

/** Every field a v1 body may carry; which are required depends on the operation. */
const fields = {
  externalId: ExternalId('The agency’s identifier: the upsert key.'),
  type: Type.String({
    enum: [...TRANSACTIONS],
    description: `Kind of transaction (ingestion ${Object.keys(INGESTION_CODES.transaction).join(', ')}).`,
  }),
  category: Type.String({ enum: [...PROPERTY_TYPES], description: 'Kind of property.' }),
  title: text(LIMITS.title, 'At most 100 characters recommended.'),
  description: nullable(
    Type.String({ maxLength: LIMITS.description }),
    'Contact details are masked on the public site; see publicDescription.',
  ),
  price: Int(1, LIMITS.price, { description: 'Whole euros; the monthly rent for a rental.' }),
  priceUnit: Type.String({
    pattern: '^[A-Z]{3}$',
    maxLength: 3,
    default: 'EUR',
    description: 'ISO 4217 currency code; only EUR is accepted (other codes: 422).',
  }),
  city: text(LIMITS.city),
  postcode: Type.String({ pattern: '^[0-9]{5}$', maxLength: 5, description: 'French postcode.' }),
  surface: Int(1, LIMITS.surface, { description: 'Whole square metres.' }),
  rooms: Int(0, LIMITS.rooms),
  bedrooms: nullable(
    Int(0, LIMITS.rooms),
    'Left out or null: not stated, and the public pages show no bedroom count; the answers then give as many as rooms.',
  ),
  dpe: nullable(energy, 'Energy rating A–G; null when not communicated. Must not be better than ges.'),
  ges: nullable(energy, 'Greenhouse-gas rating A–G.'),
  photos: Type.Array(Photo, { maxItems: LIMITS.photos }),
  fees: nullable(Fees),
  charges: nullable(Int(0, LIMITS.charges), 'Monthly charges of a rental, whole euros.'),
  floor: nullable(Int(LIMITS.floorMin, LIMITS.floorMax), 'Null for the ground floor or a house.'),
  reference: nullable(
    Type.String({ maxLength: LIMITS.reference }),
    'The agency’s own reference, shown to the public (« Réf. … »); unlike externalId it may change. Contact details in it are masked.',
  ),
  neighborhood: nullable(Type.String({ maxLength: LIMITS.neighborhood })),
  addressLine: nullable(Type.String({ maxLength: LIMITS.addressLine }), 'Private: returned to the owning agency only.'),
  features: Type.Array(Type.String({ minLength: 1, maxLength: LIMITS.feature }), { maxItems: LIMITS.features }),
  sourceCrm: nullable(Type.String({ enum: [...SOURCE_CRMS] })),
  shareWithService: Type.Boolean({ description: 'Read on creation only.' }),
  shareWithRelay: Type.Boolean({ description: 'Read on creation only.' }),
  createdAtExternal: nullable(DateTime()),
  updatedAtExternal: nullable(DateTime()),
  ...LEGAL_FIELD_SCHEMAS,
};

type FieldName = keyof typeof fields;
const REQUIRED: FieldName[] = ['externalId', 'type', 'category', 'title', 'price', 'city', 'postcode', 'surface', 'rooms'];

export const ListingCreate = Type.Object(
  Object.fromEntries(
    Object.entries(fields).map(([name, schema]) => [name, REQUIRED.includes(name as FieldName) ? schema : Type.Optional(schema)]),
  ) as unknown as Record<string, TSchema>,
  {
    additionalProperties: false,
    $id: 'ListingCreate',
    description: 'A listing. Required: ' + REQUIRED.join(', ') + '.',
    examples: [V1_LISTING_EXAMPLE],
  },
);

export const ListingUpdate = Type.Object(
  Object.fromEntries(Object.entries(fields).map(([name, schema]) => [name, Type.Optional(schema)])) as unknown as Record<string, TSchema>,
  {
    additionalProperties: false,
    minProperties: 1,
    $id: 'ListingUpdate',
    description: 'Partial update: only the fields given change; null clears an optional field.',
    examples: [V1_UPDATE_EXAMPLE],
  },
);

export const V1_STATUSES = ['pending_moderation', 'rejected', ...COMMERCIAL_STATUSES] as const;

const PUBLIC_URL_MAX = LIMITS.url;

/** A listing as v1 returns it: every field carries the bounds it was accepted with. */
export const ListingRecord = Type.Object(
  {
    serviceId: ServiceId(),
    externalId: fields.externalId,
    status: Type.String({
      enum: [...V1_STATUSES],
      description: 'pending_moderation while moderation is pending, rejected if refused, else the commercial status.',
    }),
    commercialStatus: Type.String({ enum: [...COMMERCIAL_STATUSES] }),
    version: Count(undefined, { description: 'Grows by 1 on every accepted change; the ETag is "v{version}".' }),
    publicUrl: Type.String({ format: 'uri', maxLength: PUBLIC_URL_MAX }),
    createdAt: DateTime(),
    updatedAt: DateTime(),
    moderation: Moderation(),
    type: fields.type,
    category: fields.category,
    title: fields.title,
    description: fields.description,
    publicTitle: Text(LIMITS.title * PUBLIC_TEXT_GROWTH, { description: 'The title exactly as the public site shows it.' }),
    publicDescription: nullable(Text(LIMITS.description * PUBLIC_TEXT_GROWTH), 'The description exactly as the public site shows it.'),
    price: fields.price,
    priceUnit: Type.String({ pattern: '^[A-Z]{3}$', maxLength: 3 }),
    city: fields.city,
    postcode: fields.postcode,
    surface: fields.surface,
    rooms: fields.rooms,
    bedrooms: fields.bedrooms,
    dpe: fields.dpe,
    ges: fields.ges,
    photos: fields.photos,
    fees: fields.fees,
    charges: fields.charges,
    floor: fields.floor,
    reference: fields.reference,
    neighborhood: fields.neighborhood,
    addressLine: fields.addressLine,
    features: fields.features,
    sourceCrm: fields.sourceCrm,
    shareWithService: Type.Boolean(),
    shareWithRelay: Type.Boolean(),
    createdAtExternal: nullable(DateTime()),
    updatedAtExternal: nullable(DateTime()),
    ...LEGAL_FIELD_SCHEMAS,
    location: LocationSchema(),
    compliance: Compliance,
  },
  { $id: 'ListingRecord', additionalProperties: false, examples: [V1_RECORD_EXAMPLE] },
);

/** Remarks on an accepted listing, the same as the ingestion result's warnings. */
const Warnings = Type.Array(Type.Object(WarningMembers), {
  maxItems: WARNINGS_PER_LISTING_MAX,
  description:
    'Remarks on the accepted listing: a title over 100 characters, contact details masking removed (and from which field), ' +
    'a postcode and city that name no commune (docs/geography.md).',
});

export const CreationResult = Type.Object(
  {
    ok: Type.Boolean(),
    serviceId: ServiceId(),
    externalId: fields.externalId,
    status: Type.String({ enum: [...V1_STATUSES] }),
    publicUrl: Type.String({ format: 'uri', maxLength: PUBLIC_URL_MAX }),
    version: Count(),
    createdAt: DateTime(),
    outcome: Type.String({
      enum: ['created', 'updated', 'unchanged'],
      description: 'unchanged: the content equals what is stored; no new version.',
    }),
    warnings: Warnings,
    compliance: Compliance,
    moderation: ModerationSummary(),
  },
  {
    $id: 'CreationResult',
    description:
      'status is pending_moderation when the automatic check holds the listing for an operator, rejected when it refuses it, and the commercial ' +
      'status (active) when it approves it at once: moderation runs in the same request.',
  },
);

export const StatusBody = Type.Object(
  { status: Type.String({ enum: ['active', 'paused', 'sold', 'rented', 'withdrawn'] }) },
  { additionalProperties: false, examples: [V1_STATUS_EXAMPLE] },
);

const LIST_PAGE_MAX = 200;
const LIST_PAGES_MAX = 100_000;
export const BATCH_MAX = 100;

export const ListQuery = Type.Object(
  {
    status: Type.Optional(Type.String({ enum: [...V1_STATUSES] })),
    page: Int(1, LIST_PAGES_MAX, { default: 1 }),
    pageSize: Int(1, LIST_PAGE_MAX, { default: 50 }),
    modifiedSince: Type.Optional(
      DateTime({
        description:
          'ISO 8601 with an offset, years 0001 to 9999; listings updated at or after it. A + offset may be sent URL-encoded (%2B) or as it is ' +
          '(a query string decodes it to a space, which is read as +).',
      }),
    ),
    departmentCode: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 3,
        description:
          'Listings placed in this département (their location.departmentCode): 01–95, 2A and 2B for Corsica (2a and 2b are read ' +
          'as such; 20 is none), 971–976 overseas and the collectivities’ codes. An unknown code is a 400. Listings whose postcode ' +
          'and city name no commune are placed in a département only when every commune of the postcode lies in it.',
      }),
    ),
    regionCode: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 3,
        description:
          'Listings placed in this région (their location.regionCode, the INSEE code: 84 for Auvergne-Rhône-Alpes). An unknown code is a 400.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const ListResponse = Type.Object({
  data: Type.Array(Type.Ref('ListingRecord'), { maxItems: LIST_PAGE_MAX }),
  page: Int(1, LIST_PAGES_MAX),
  pageSize: Int(1, LIST_PAGE_MAX),
  total: Count(),
  hasMore: Type.Boolean(),
});

export const BatchRequest = Type.Object(
  {
    listings: Type.Array(Type.Ref('ListingCreate'), {
      minItems: 1,
      maxItems: BATCH_MAX,
      description: 'At most the plan’s batch size: 10 (Solo), 50 (Agence), 100 (Réseau).',
    }),
  },
  { additionalProperties: false, examples: [V1_BATCH_EXAMPLE] },
);

export const BatchResult = Type.Object({
  processed: Count(BATCH_MAX),
  created: Count(BATCH_MAX),
  updated: Count(BATCH_MAX),
  unchanged: Count(BATCH_MAX),
  failed: Count(BATCH_MAX),
  results: Type.Array(
    Type.Object({
      index: Count(BATCH_MAX - 1),
      externalId: nullable(Text(LIMITS.externalId)),
      outcome: Type.String({ enum: ['created', 'updated', 'unchanged', 'error'] }),
      serviceId: nullable(ServiceId()),
      version: nullable(Count()),
      error: nullable(
        Type.Object({
          code: Type.String({ enum: ['validation_error', 'business_error', 'conflict'] }),
          message: Text(FIELD_ERRORS_MAX * (FIELD_MESSAGE_MAX + 2)),
          errors: Type.Array(FieldErrorSchema, { maxItems: FIELD_ERRORS_MAX }),
        }),
      ),
      warnings: Warnings,
      compliance: ComplianceCodes,
      moderation: nullable(BulkModerationSummary()),
    }),
    { maxItems: BATCH_MAX },
  ),
});

/** A PUT's answer: the record, with the remarks on the content it now holds. */
export const UpdatedListing = Type.Object({ ...ListingRecord.properties, warnings: Warnings }, { additionalProperties: false });
