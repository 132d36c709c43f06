import type { ListingContent } from '../../src/domain/listing-model/model.js';

/** A clean two-room rental in Lyon: every moderation rule leaves it alone. */
export function aListing(overrides: Partial<ListingContent> = {}): ListingContent {
  return {
    title: 'T2 lumineux proche Bellecour',
    transaction: 'rental',
    propertyType: 'apartment',
    price: 950,
    priceUnit: 'EUR',
    charges: 80,
    surface: 45,
    rooms: 2,
    bedrooms: 1,
    floor: 3,
    city: 'Lyon',
    postcode: '69002',
    neighborhood: null,
    addressLine: null,
    dpe: 'D',
    ges: 'D',
    description: 'Bel appartement traversant, cuisine équipée, proche métro et commerces.',
    features: ['balcon'],
    photos: [],
    fees: null,
    sourceCrm: null,
    createdAtExternal: null,
    updatedAtExternal: null,
    ...overrides,
  };
}

export const aSale = (overrides: Partial<ListingContent> = {}) =>
  aListing({ transaction: 'sale', price: 250_000, title: 'T2 à vendre proche Bellecour', ...overrides });

/** A date when only class G homes are barred from letting. */
export const AT = new Date('2026-06-01T12:00:00Z');
