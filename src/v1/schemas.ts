import { Type, type TSchema } from 'typebox';
import { COMMERCIAL_STATUSES, ENERGY_CLASSES, FEES_PAID_BY, PROPERTY_TYPES, SOURCE_CRMS, TRANSACTIONS } from '../listings/model.js';
import { LIMITS } from '../listings/limits.js';

/** JSON Schemas of the v1 interface (spec 2.3, DECISIONS §6): they validate, serialise and document. */

const nullable = <T extends TSchema>(schema: T, description?: string) =>
  Type.Union([schema, Type.Null()], description ? { description } : {});
const text = (max: number, description?: string) => Type.String({ minLength: 1, maxLength: max, ...(description ? { description } : {}) });
const energy = Type.String({ enum: [...ENERGY_CLASSES] });

export const Photo = Type.Object(
  {
    url: Type.String({ format: 'uri', pattern: '^https?://', maxLength: LIMITS.url, description: 'Public image URL, served as given (HTTPS recommended).' }),
    label: Type.Optional(nullable(Type.String({ maxLength: LIMITS.label }))),
    order: Type.Integer({ minimum: 0, maximum: LIMITS.photos - 1, description: 'Position, from 0.' }),
  },
  { additionalProperties: false },
);

export const Fees = Type.Object(
  {
    agencyFees: Type.Optional(nullable(Type.Integer({ minimum: 0, maximum: LIMITS.price, description: 'Whole euros.' }))),
    feesPaidBy: Type.Optional(nullable(Type.String({ enum: [...FEES_PAID_BY], description: 'seller or buyer for sales; landlord or tenant for rentals.' }))),
    feeIncluded: Type.Optional(nullable(Type.Boolean({ description: 'Whether price includes the agency fees.' }))),
  },
  { additionalProperties: false },
);

/** Every field a v1 body may carry; which are required depends on the operation. */
const fields = {
  externalId: Type.String({ minLength: 1, maxLength: LIMITS.externalId, pattern: '^[^\\u0000-\\u001f\\u007f]+$', description: 'The agency’s identifier: the upsert key.' }),
  type: Type.String({ enum: [...TRANSACTIONS], description: 'Kind of transaction (ingestion VENTE, LOCATION, VIAGER).' }),
  category: Type.String({ enum: [...PROPERTY_TYPES], description: 'Kind of property.' }),
  title: text(LIMITS.title, 'At most 100 characters recommended.'),
  description: nullable(Type.String({ maxLength: LIMITS.description }), 'Contact details are masked on the public site; see publicDescription.'),
  price: Type.Integer({ minimum: 1, maximum: LIMITS.price, description: 'Whole euros; the monthly rent for a rental.' }),
  priceUnit: Type.String({ pattern: '^[A-Z]{3}$', default: 'EUR', description: 'ISO 4217 currency code; only EUR is accepted (other codes: 422).' }),
  city: text(LIMITS.city),
  postcode: Type.String({ pattern: '^[0-9]{5}$', description: 'French postcode.' }),
  surface: Type.Integer({ minimum: 1, maximum: LIMITS.surface, description: 'Whole square metres.' }),
  rooms: Type.Integer({ minimum: 0, maximum: LIMITS.rooms }),
  bedrooms: nullable(Type.Integer({ minimum: 0, maximum: LIMITS.rooms })),
  dpe: nullable(energy, 'Energy rating A–G; null when not communicated. Must not be better than ges.'),
  ges: nullable(energy, 'Greenhouse-gas rating A–G.'),
  photos: Type.Array(Photo, { maxItems: LIMITS.photos }),
  fees: nullable(Fees),
  charges: nullable(Type.Integer({ minimum: 0, maximum: LIMITS.charges }), 'Monthly charges of a rental, whole euros.'),
  floor: nullable(Type.Integer({ minimum: LIMITS.floorMin, maximum: LIMITS.floorMax }), 'Null for the ground floor or a house.'),
  neighborhood: nullable(Type.String({ maxLength: LIMITS.neighborhood })),
  addressLine: nullable(Type.String({ maxLength: LIMITS.addressLine }), 'Private: returned to the owning agency only.'),
  features: Type.Array(Type.String({ minLength: 1, maxLength: LIMITS.feature }), { maxItems: LIMITS.features }),
  sourceCrm: nullable(Type.String({ enum: [...SOURCE_CRMS] })),
  shareWithService: Type.Boolean({ description: 'Read on creation only.' }),
  shareWithRelay: Type.Boolean({ description: 'Read on creation only.' }),
  createdAtExternal: nullable(Type.String({ format: 'date-time' })),
  updatedAtExternal: nullable(Type.String({ format: 'date-time' })),
};

type FieldName = keyof typeof fields;
const REQUIRED: FieldName[] = ['externalId', 'type', 'category', 'title', 'price', 'city', 'postcode', 'surface', 'rooms'];

export const ListingCreate = Type.Object(
  Object.fromEntries(
    Object.entries(fields).map(([name, schema]) => [name, REQUIRED.includes(name as FieldName) ? schema : Type.Optional(schema)]),
  ) as unknown as Record<string, TSchema>,
  { additionalProperties: false, $id: 'ListingCreate', description: 'A listing (spec 2.3). Required: ' + REQUIRED.join(', ') + '.' },
);

export const ListingUpdate = Type.Object(
  Object.fromEntries(Object.entries(fields).map(([name, schema]) => [name, Type.Optional(schema)])) as unknown as Record<string, TSchema>,
  { additionalProperties: false, minProperties: 1, $id: 'ListingUpdate', description: 'Partial update: only the fields given change; null clears an optional field.' },
);

export const V1_STATUSES = ['pending_moderation', 'rejected', ...COMMERCIAL_STATUSES] as const;

export const ListingRecord = Type.Object(
  {
    serviceId: Type.String({ description: 'The service’s id of the listing: `lst_`, then the creation time and random characters. Opaque: compare it, never parse it.' }),
    externalId: Type.String(),
    status: Type.String({ enum: [...V1_STATUSES], description: 'pending_moderation while moderation is pending, rejected if refused, else the commercial status.' }),
    commercialStatus: Type.String({ enum: [...COMMERCIAL_STATUSES] }),
    version: Type.Integer({ description: 'Grows by 1 on every accepted change; the ETag is "v{version}".' }),
    publicUrl: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
    moderation: Type.Object({ state: Type.String({ enum: ['pending', 'approved', 'rejected'] }), reasons: Type.Array(Type.String()) }),
    type: fields.type,
    category: fields.category,
    title: Type.String(),
    description: nullable(Type.String()),
    publicTitle: Type.String({ description: 'The title exactly as the public site shows it.' }),
    publicDescription: nullable(Type.String(), 'The description exactly as the public site shows it.'),
    price: Type.Integer(),
    priceUnit: Type.String(),
    city: Type.String(),
    postcode: Type.String(),
    surface: Type.Integer(),
    rooms: Type.Integer(),
    bedrooms: nullable(Type.Integer()),
    dpe: nullable(energy),
    ges: nullable(energy),
    photos: Type.Array(Type.Object({ url: Type.String(), label: nullable(Type.String()), order: Type.Integer() })),
    fees: nullable(Type.Object({ agencyFees: nullable(Type.Integer()), feesPaidBy: nullable(Type.String()), feeIncluded: nullable(Type.Boolean()) })),
    charges: nullable(Type.Integer()),
    floor: nullable(Type.Integer()),
    neighborhood: nullable(Type.String()),
    addressLine: nullable(Type.String()),
    features: Type.Array(Type.String()),
    sourceCrm: nullable(Type.String()),
    shareWithService: Type.Boolean(),
    shareWithRelay: Type.Boolean(),
    createdAtExternal: nullable(Type.String()),
    updatedAtExternal: nullable(Type.String()),
  },
  { $id: 'ListingRecord', additionalProperties: false },
);

/** Remarks on an accepted listing, the same as the ingestion result's warnings. */
const Warnings = Type.Array(
  Type.Object({ field: Type.String({ description: 'The field the warning is about: title or description.' }), message: Type.String() }),
  { description: 'Remarks on the accepted listing: a title over 100 characters, contact details masking removed (and from which field).' },
);

export const CreationResult = Type.Object(
  {
    ok: Type.Boolean(),
    serviceId: Type.String({ description: 'The service’s id of the listing: `lst_`, then the creation time and random characters. Opaque: compare it, never parse it.' }),
    externalId: Type.String(),
    status: Type.String({ enum: [...V1_STATUSES] }),
    publicUrl: Type.String(),
    version: Type.Integer(),
    createdAt: Type.String({ format: 'date-time' }),
    outcome: Type.String({ enum: ['created', 'updated', 'unchanged'], description: 'unchanged: the content equals what is stored; no new version.' }),
    warnings: Warnings,
  },
  { $id: 'CreationResult' },
);

/** Identifiers in paths: no control characters (PostgreSQL cannot even compare a NUL). */
const ID_PATTERN = '^[^\\u0000-\\u001f\\u007f]+$';
export const ServiceIdParams = Type.Object({ serviceId: Type.String({ minLength: 1, maxLength: 64, pattern: ID_PATTERN }) });
export const ExternalIdParams = Type.Object({ externalId: Type.String({ minLength: 1, maxLength: LIMITS.externalId, pattern: ID_PATTERN }) });

export const StatusBody = Type.Object(
  { status: Type.String({ enum: ['active', 'paused', 'sold', 'rented', 'withdrawn'] }) },
  { additionalProperties: false },
);

export const ListQuery = Type.Object(
  {
    status: Type.Optional(Type.String({ enum: [...V1_STATUSES] })),
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
    modifiedSince: Type.Optional(Type.String({ format: 'date-time', description: 'ISO 8601; listings updated at or after it.' })),
  },
  { additionalProperties: false },
);

export const ListResponse = Type.Object({
  data: Type.Array(Type.Ref('ListingRecord')),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
  hasMore: Type.Boolean(),
});

export const BatchRequest = Type.Object(
  { listings: Type.Array(Type.Ref('ListingCreate'), { minItems: 1, maxItems: 100, description: 'At most the plan’s batch size: 10 (Solo), 50 (Agence), 100 (Réseau).' }) },
  { additionalProperties: false },
);

export const BatchResult = Type.Object({
  processed: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  failed: Type.Integer(),
  results: Type.Array(
    Type.Object({
      index: Type.Integer(),
      externalId: nullable(Type.String()),
      outcome: Type.String({ enum: ['created', 'updated', 'unchanged', 'error'] }),
      serviceId: nullable(Type.String()),
      version: nullable(Type.Integer()),
      error: nullable(
        Type.Object({ code: Type.String(), message: Type.String(), errors: Type.Array(Type.Object({ field: Type.String(), message: Type.String() })) }),
      ),
      warnings: Warnings,
    }),
  ),
});

/** A PUT's answer: the record, with the remarks on the content it now holds. */
export const UpdatedListing = Type.Object({ ...ListingRecord.properties, warnings: Warnings }, { additionalProperties: false });
