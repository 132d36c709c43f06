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
