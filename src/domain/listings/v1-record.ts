import { statedOrDefaultBedrooms, type Listing } from '../listing-model/model.js';
import { legalFieldsRead } from '../listing-model/legal-fields.js';
import { UNPLACED } from '../geography/index.js';
import { complianceWarnings } from '../compliance/legal-mention-rules.js';
import { serviceFields } from './response-views.js';

/**
 * A listing as its owner reads it in the v1 vocabulary (docs/decisions.md §6): every field,
 * in v1 names, plus the service's own. The v1 interface answers with it, and the operator API
 * shows listings in the same words, so it belongs to neither.
 */
export function v1Status(listing: Pick<Listing, 'moderationState' | 'status'>) {
  if (listing.moderationState === 'pending') return 'pending_moderation' as const;
  if (listing.moderationState === 'rejected') return 'rejected' as const;
  return listing.status;
}

/** The full v1 record (owner reads): every field, in v1 names, plus the service's own. */
export function toV1Record(listing: Listing, siteUrl: string) {
  const c = listing.content;
  return {
    ...serviceFields(listing, siteUrl),
    externalId: listing.externalId,
    status: v1Status(listing),
    commercialStatus: listing.status,
    type: c.transaction,
    category: c.propertyType,
    title: c.title,
    description: c.description,
    price: c.price,
    priceUnit: c.priceUnit,
    city: c.city,
    postcode: c.postcode,
    surface: c.surface,
    rooms: c.rooms,
    bedrooms: statedOrDefaultBedrooms(c),
    dpe: c.dpe,
    ges: c.ges,
    photos: [...c.photos].sort((a, b) => a.order - b.order),
    fees: c.fees,
    charges: c.charges,
    floor: c.floor,
    reference: c.reference ?? null,
    neighborhood: c.neighborhood,
    addressLine: c.addressLine,
    features: c.features,
    sourceCrm: c.sourceCrm,
    shareWithService: listing.shareWithService,
    shareWithRelay: listing.shareWithRelay,
    createdAtExternal: c.createdAtExternal,
    updatedAtExternal: c.updatedAtExternal,
    ...legalFieldsRead(c),
    location: c.location ?? UNPLACED,
    compliance: complianceWarnings(c),
  };
}
