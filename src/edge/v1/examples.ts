/**
 * Example bodies of the v1 interface, shown in the OpenAPI description (and so in /docs and
 * the Postman collection, which sends them as they are: they must be accepted).
 */
export const V1_LISTING_EXAMPLE = {
  externalId: 'CRM-2001',
  reference: 'VA-2001',
  type: 'sale',
  category: 'apartment',
  title: 'T3 lumineux avec balcon',
  description: 'Au 2e étage avec ascenseur, séjour exposé sud, cuisine équipée, deux chambres.',
  price: 320000,
  priceUnit: 'EUR',
  city: 'Lyon',
  postcode: '69003',
  surface: 68,
  rooms: 3,
  bedrooms: 2,
  dpe: 'C',
  ges: 'B',
  photos: [{ url: 'https://images.example.com/crm-2001/1.jpg', label: 'Séjour', order: 0 }],
  fees: { agencyFees: 12000, feesPaidBy: 'buyer', feeIncluded: true },
};

export const V1_UPDATE_EXAMPLE = { price: 315000 };
export const V1_STATUS_EXAMPLE = { status: 'sold' as const };
export const V1_BATCH_EXAMPLE = {
  listings: [
    { ...V1_LISTING_EXAMPLE, externalId: 'CRM-2002', title: 'T2 refait à neuf', price: 210000, surface: 45, rooms: 2, bedrooms: 1 },
  ],
};
