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
