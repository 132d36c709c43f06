import { foldPlaceName } from './fold.js';
import { officialList } from './official-list.js';
import type { Location } from './place.js';

/**
 * Départements and régions by code, as a visitor or an integrator writes them: « 69 », « 2a »
 * (Corsica's are 2A and 2B; « 20 » is none), « 974 ». Unknown codes answer null.
 */
export function departmentOf(code: string): { code: string; name: string; regionCode: string } | null {
  return officialList().departments.get(code.trim().toUpperCase()) ?? null;
}

export function regionOf(code: string): { code: string; name: string } | null {
  return officialList().regions.get(code.trim()) ?? null;
}

/** Every département, in code order (01 … 95, 2A and 2B after 19, then overseas). */
export const allDepartments = () =>
  [...officialList().departments.values()].sort((a, b) =>
    a.code.replace(/^2A|^2B/, (m) => `20${m[1]}`).localeCompare(b.code.replace(/^2A|^2B/, (m) => `20${m[1]}`)),
  );

/** A commune's name as pages show it: « Lyon 3e » for « Lyon 3e Arrondissement ». */
export const shortCommuneName = (official: string) => official.replace(/ Arrondissement$/, '');

/**
 * How a page names a listing's place: « Lyon 3e (69) » when its commune is known, else the city
 * as the agency typed it.
 */
export function placeLabel(location: Location | null | undefined, typedCity: string): string {
  if (!location?.commune || !location.departmentCode) return typedCity;
  return `${shortCommuneName(location.commune)} (${location.departmentCode})`;
}

/**
 * A city as a visitor typed it, named as the State names it when a commune bears that name
 * (« bordeaux » is Bordeaux, « st etienne » Saint-Étienne; the largest of homonyms, whose
 * names are the same); else the text as typed.
 */
export function properCityName(typed: string): string {
  const folded = foldPlaceName(typed);
  const named = officialList().byName.get(folded);
  if (!named) return typed;
  const largest = named.reduce((a, b) => (b.population > a.population ? b : a));
  // A former commune's name finds the commune it joined: it is not that commune's name.
  return largest.fold === folded || foldPlaceName(largest.shortName) === folded ? largest.shortName : typed;
}
