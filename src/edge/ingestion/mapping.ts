import { statedOrDefaultBedrooms, type Listing, type PropertyType, type Transaction } from '../../domain/listing-model/model.js';
import { serviceFields } from '../../domain/listings/response-views.js';
import { legalFieldsRead } from '../../domain/listing-model/legal-fields.js';
import { UNPLACED } from '../../domain/geography/index.js';
import { complianceWarnings } from '../../domain/compliance/legal-mention-rules.js';
import { INGEST_TRANSACTIONS, INGEST_TYPES } from './validate.js';

const invert = <T extends string>(map: Record<string, T>) =>
  Object.fromEntries(Object.entries(map).map(([code, value]) => [value, code])) as Record<T, string>;
const TRANSACTION_CODES = invert<Transaction>(INGEST_TRANSACTIONS);
const TYPE_CODES = invert<PropertyType>(INGEST_TYPES);

/** A stored listing in ingestion names (docs/interfaces.md) plus the service's own fields. Owner reads only. */
export function toIngestRecord(listing: Listing, siteUrl: string) {
  const c = listing.content;
  return {
    externalId: listing.externalId,
    reference: c.reference ?? null,
    title: c.title,
    transaction: TRANSACTION_CODES[c.transaction],
    type: TYPE_CODES[c.propertyType],
    price: c.price,
    charges: c.charges,
    surface: c.surface,
    rooms: c.rooms,
    bedrooms: statedOrDefaultBedrooms(c),
    floor: c.floor,
    city: c.city,
    postcode: c.postcode,
    neighborhood: c.neighborhood,
    addressLine: c.addressLine,
    dpe: c.dpe,
    ges: c.ges,
    description: c.description,
    features: c.features,
    fees: c.fees,
    imageUrls: [...c.photos].sort((a, b) => a.order - b.order).map((photo) => photo.url),
    status: listing.status,
    sourceCrm: c.sourceCrm,
    shareWithService: listing.shareWithService,
    shareWithRelay: listing.shareWithRelay,
    createdAtExternal: c.createdAtExternal,
    updatedAtExternal: c.updatedAtExternal,
    ...legalFieldsRead(c),
    location: c.location ?? UNPLACED,
    compliance: complianceWarnings(c),
    ...serviceFields(listing, siteUrl),
  };
}
