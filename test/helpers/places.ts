/** Places as the interfaces answer them (docs/geography.md), for the tests of places. */

/** « Lyon » (or « Lyon 3e ») with 69003. */
export const LYON_3E = {
  inseeCode: '69383',
  commune: 'Lyon 3e Arrondissement',
  departmentCode: '69',
  department: 'Rhône',
  regionCode: '84',
  region: 'Auvergne-Rhône-Alpes',
};

/** A city that 69003 does not bear: the Rhône, with no commune. */
export const RHONE_ONLY = { ...LYON_3E, inseeCode: null, commune: null };

/** A postcode no commune has (00000), or a listing not placed yet. */
export const NO_PLACE = { inseeCode: null, commune: null, departmentCode: null, department: null, regionCode: null, region: null };

/** A record with what differs between two writes of the same listing, its id and its instants, blanked. */
export const sameListing = (record: Record<string, unknown>) => ({
  ...record,
  serviceId: 'id',
  publicUrl: 'url',
  createdAt: 'instant',
  updatedAt: 'instant',
  moderation: { ...(record.moderation as object), decidedAt: 'instant' },
});
