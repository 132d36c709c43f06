import type { ListingContent } from '../../src/domain/listing-model/model.js';

/**
 * A Lyon postcode of its own for each externalId, so that the test listings of one agency are
 * not taken for duplicates of each other by moderation (same postcode, surface and price).
 */
export function postcodeFor(externalId: string): string {
  let hash = 0;
  for (const char of externalId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `69${String(100 + (hash % 900))}`;
}

/** A valid ingestion listing (spec 2.1); override what a test is about. */
export function ingestItem(externalId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    externalId,
    title: `Appartement 3 pièces ${externalId}`,
    transaction: 'VENTE',
    type: 'APPARTEMENT',
    price: 320000,
    surface: 68,
    rooms: 3,
    bedrooms: 2,
    floor: 2,
    city: 'Lyon',
    postcode: postcodeFor(externalId),
    neighborhood: 'Part-Dieu',
    addressLine: '12 rue Garibaldi',
    dpe: 'D',
    description: 'Bel appartement lumineux, proche des commerces. DPE : D (230 kWh/m²/an).',
    features: ['balcony', 'lift'],
    imageUrls: ['https://images.example.com/a.jpg', 'https://images.example.com/b.jpg'],
    createdAtExternal: '2026-01-15T10:00:00Z',
    ...overrides,
  };
}

export const items = (count: number, prefix = 'EXT', overrides: Record<string, unknown> = {}) =>
  Array.from({ length: count }, (_, i) => ingestItem(`${prefix}-${i}`, overrides));

/** The content as the listing model stores it, for a listing pushed with the spec's example values. */
export const storedSample: ListingContent = {
  title: 'T3 lumineux',
  transaction: 'sale',
  propertyType: 'apartment',
  price: 320000,
  priceUnit: 'EUR',
  charges: null,
  surface: 68,
  rooms: 3,
  bedrooms: 2,
  floor: 2,
  city: 'Lyon',
  postcode: '69003',
  neighborhood: null,
  addressLine: '12 rue Garibaldi',
  dpe: 'C',
  ges: 'B',
  description: 'Appartement traversant.',
  features: ['balcony'],
  photos: [
    { url: 'https://images.example.com/2.jpg', label: null, order: 1 },
    { url: 'https://images.example.com/1.jpg', label: 'Séjour', order: 0 },
  ],
  fees: { agencyFees: 12000, feesPaidBy: 'buyer', feeIncluded: true },
  sourceCrm: 'crm_1',
  createdAtExternal: '2026-01-15T10:00:00.000Z',
  updatedAtExternal: null,
};
