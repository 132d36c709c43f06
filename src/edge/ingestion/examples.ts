/**
 * An example push (ingestion names), shown in the OpenAPI description (and so in /docs and the
 * Postman collection, which sends it as it is: it must be accepted).
 */
export const INGEST_PUSH_EXAMPLE = {
  listings: [
    {
      externalId: 'CRM-1042',
      reference: 'VM-1042',
      title: 'Maison familiale avec jardin',
      transaction: 'VENTE',
      type: 'MAISON',
      price: 465000,
      surface: 120,
      rooms: 5,
      bedrooms: 4,
      city: 'Nantes',
      postcode: '44300',
      neighborhood: 'Erdre',
      dpe: 'D',
      ges: 'C',
      energyCostMin: 1610,
      energyCostMax: 2230,
      energyCostReferenceYear: 2025,
      fees: { agencyFees: 15000, feesPaidBy: 'buyer', feeIncluded: true },
      description: 'Maison de 2005 sur 600 m² de terrain, garage double, proche des écoles.',
      features: ['garden', 'garage'],
      imageUrls: ['https://images.example.com/crm-1042/1.jpg'],
      status: 'active',
      sourceCrm: 'other',
      updatedAtExternal: '2026-03-01T06:00:00Z',
    },
  ],
};

const PUSHED = INGEST_PUSH_EXAMPLE.listings[0]!;
const unset = (...names: string[]) => Object.fromEntries(names.map((name) => [name, null]));

/**
 * What the lookup answers for the listing of INGEST_PUSH_EXAMPLE (test/edge/ingestion/examples.test.ts
 * holds the two together): « Nantes » with 44300 is placed in the commune of Nantes (docs/geography.md).
 */
export const INGEST_RECORD_EXAMPLE = {
  ...PUSHED,
  updatedAtExternal: '2026-03-01T06:00:00.000Z',
  shareWithService: true,
  shareWithRelay: false,
  serviceId: 'lst_VcLCKieGNPGEpLzSXpu',
  version: 1,
  publicUrl: 'https://www.example.com/listings/lst_VcLCKieGNPGEpLzSXpu',
  createdAt: '2026-03-01T09:30:00.000Z',
  updatedAt: '2026-03-01T09:30:00.000Z',
  moderation: { state: 'approved', reasons: [], decidedAt: '2026-03-01T09:30:00.000Z', publishedVersion: 1 },
  publicTitle: PUSHED.title,
  publicDescription: PUSHED.description,
  location: {
    inseeCode: '44109',
    commune: 'Nantes',
    departmentCode: '44',
    department: 'Loire-Atlantique',
    regionCode: '52',
    region: 'Pays de la Loire',
  },
  compliance: [],
  ...unset('charges', 'floor', 'addressLine', 'createdAtExternal', 'dpeValue', 'gesValue', 'dpeDate', 'furnished', 'deposit'),
  ...unset('tenantFees', 'tenantInventoryFees', 'rentControlled'),
  ...unset('referenceRent', 'rentSupplement', 'feesPercent', 'occupied', 'lumpSum', 'annuity', 'marketValue', 'georisques'),
};
