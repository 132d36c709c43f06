import { postcodeFor } from './listings.js';
/** A valid v1 listing body (spec 2.3, docs/decisions.md §6); override what a test is about. */
export function v1Body(externalId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    externalId,
    type: 'sale',
    category: 'apartment',
    title: `T3 lumineux ${externalId}`,
    description: 'Appartement traversant, balcon, cave. DPE : C.',
    price: 320000,
    priceUnit: 'EUR',
    city: 'Lyon',
    postcode: postcodeFor(externalId),
    surface: 68,
    rooms: 3,
    bedrooms: 2,
    dpe: 'C',
    ges: 'B',
    photos: [
      { url: 'https://images.example.com/1.jpg', label: 'Séjour', order: 0 },
      { url: 'https://images.example.com/2.jpg', label: 'Chambre', order: 1 },
    ],
    fees: { agencyFees: 12000, feesPaidBy: 'buyer', feeIncluded: true },
    addressLine: '12 rue Garibaldi',
    ...overrides,
  };
}
