/**
 * Where a listing is, in the State's official terms: its commune (an arrondissement municipal
 * in Paris, Lyon and Marseille), département and région. Every field is null when the postcode
 * and city do not name a commune; the département and région stay known when every commune of
 * the postcode shares them.
 */
export interface Location {
  inseeCode: string | null;
  commune: string | null;
  departmentCode: string | null;
  department: string | null;
  regionCode: string | null;
  region: string | null;
}

export const UNPLACED: Location = Object.freeze({
  inseeCode: null,
  commune: null,
  departmentCode: null,
  department: null,
  regionCode: null,
  region: null,
});

/** Why a listing's place is not plain: both are warnings, never refusals. */
export type PlaceWarningCode = 'postcode_city_mismatch' | 'postcode_unknown';

export interface PlaceWarning {
  code: PlaceWarningCode;
  field: 'city' | 'postcode';
  message: string;
  messageFr: string;
}
