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
  energyCostMin: 890,
  energyCostMax: 1240,
  energyCostReferenceYear: 2025,
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

/** Fields a listing left empty, as a record answers them. */
const unset = (...names: string[]) => Object.fromEntries(names.map((name) => [name, null]));

/**
 * The record of V1_LISTING_EXAMPLE as the service answers it (test/edge/v1/examples.test.ts
 * holds the two together): « Lyon » with 69003 is placed in Lyon 3e (docs/geography.md).
 */
export const V1_RECORD_EXAMPLE = {
  serviceId: 'lst_VcLCKRgBcgRJ8aBH48N',
  status: 'active',
  commercialStatus: 'active',
  version: 1,
  publicUrl: 'https://www.example.com/listings/lst_VcLCKRgBcgRJ8aBH48N',
  createdAt: '2026-03-01T09:30:00.000Z',
  updatedAt: '2026-03-01T09:30:00.000Z',
  moderation: { state: 'approved', reasons: [], decidedAt: '2026-03-01T09:30:00.000Z', publishedVersion: 1 },
  ...V1_LISTING_EXAMPLE,
  publicTitle: V1_LISTING_EXAMPLE.title,
  publicDescription: V1_LISTING_EXAMPLE.description,
  features: [],
  shareWithService: true,
  shareWithRelay: false,
  ...unset('charges', 'floor', 'neighborhood', 'addressLine', 'sourceCrm', 'createdAtExternal', 'updatedAtExternal'),
  ...unset('dpeValue', 'gesValue', 'dpeDate', 'furnished', 'deposit'),
  ...unset('tenantFees', 'tenantInventoryFees', 'rentControlled', 'referenceRent', 'rentSupplement', 'feesPercent', 'occupied'),
  ...unset('lumpSum', 'annuity', 'marketValue', 'georisques'),
  location: {
    inseeCode: '69383',
    commune: 'Lyon 3e Arrondissement',
    departmentCode: '69',
    department: 'Rhône',
    regionCode: '84',
    region: 'Auvergne-Rhône-Alpes',
  },
  compliance: [],
};
