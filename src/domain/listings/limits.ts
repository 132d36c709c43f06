/**
 * Upper bounds on every string, number and list of a listing, shared by both interfaces.
 * Why these values: they are far above what real listings carry (portal descriptions rarely
 * pass 4,000 characters, galleries 40 photos) while keeping a 500-listing push under the
 * ingestion body limit and every row small enough to mask and hash quickly.
 */
export const LIMITS = {
  externalId: 100,
  reference: 50,
  title: 300,
  titleRecommended: 100,
  price: 1_000_000_000,
  charges: 1_000_000,
  surface: 1_000_000,
  rooms: 500,
  floorMin: -10,
  floorMax: 300,
  city: 100,
  neighborhood: 100,
  addressLine: 200,
  description: 10_000,
  features: 50,
  feature: 50,
  photos: 100,
  url: 2048,
  label: 200,
} as const;
