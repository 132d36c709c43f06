import { departmentOf, foldPlaceName, officialList, placeLabel, type Location, inDepartment } from '../geography/index.js';

/**
 * The addresses of the site's pages of places (docs/site-and-spaces.md, « Pages par lieu »): one
 * segment under /immobilier, the place's official name folded into words joined by hyphens,
 * then its code, lower case: `/immobilier/rhone-69`, `/immobilier/corse-du-sud-2a`,
 * `/immobilier/lyon-3e-69383`, `/immobilier/saint-denis-97411`. The code alone decides the
 * place (two or three characters: a département; five: a commune or an arrondissement
 * municipal); the words are for people and search engines, and any other words, or none, are
 * sent on to the right ones.
 */
export const PLACES_PATH = '/immobilier';

export interface Place {
  kind: 'department' | 'commune';
  /** « 69 », « 2A », « 69383 ». */
  code: string;
  /** The official name as pages show it (« Rhône », « Lyon 3e »). */
  name: string;
  /** « Rhône (69) », « Lyon 3e (69) »: the place as pages name it. */
  label: string;
  departmentCode: string;
  /** A city's arrondissements municipaux (Paris, Lyon, Marseille), whose listings are the city's; else none. */
  arrondissements: readonly string[];
  /** The arrondissement's city (69123 for Lyon 3e), else null. */
  city: string | null;
  /** The page's address, from the site's root. */
  path: string;
}

const slug = (name: string) => foldPlaceName(name).replace(/ /g, '-');
const pathOf = (name: string, code: string) => `${PLACES_PATH}/${slug(name)}-${code.toLowerCase()}`;

/** The arrondissements of a city that has some (Paris, Lyon, Marseille). */
const cityArrondissements = (code: string): readonly string[] => officialList().arrondissementsOf(code);

/** A département's page, or null for a code the official list does not hold. */
export function departmentPlace(code: string): Place | null {
  const department = departmentOf(code);
  if (!department) return null;
  return {
    kind: 'department',
    code: department.code,
    name: department.name,
    label: `${department.name} (${department.code})`,
    departmentCode: department.code,
    arrondissements: [],
    city: null,
    path: pathOf(department.name, department.code),
  };
}

/** A commune's (or an arrondissement's) page, or null for a code the official list does not hold. */
export function communePlace(code: string): Place | null {
  const commune = officialList().communes.get(code.toUpperCase());
  if (!commune) return null;
  return {
    kind: 'commune',
    code: commune.code,
    name: commune.shortName,
    label: `${commune.shortName} (${commune.departmentCode})`,
    departmentCode: commune.departmentCode,
    arrondissements: cityArrondissements(commune.code),
    city: commune.parent,
    path: pathOf(commune.shortName, commune.code),
  };
}

/** The places above one, from the largest: a commune's département, then an arrondissement's city. */
export const placesAbove = (place: Place): Place[] =>
  place.kind === 'department'
    ? []
    : [departmentPlace(place.departmentCode), place.city ? communePlace(place.city) : null].filter((up) => up !== null);

/** The pages of a listing's place, from its département down to its commune: none for a listing not placed. */
export function listingPlaces(location: Location | null | undefined): Place[] {
  const commune = location?.inseeCode ? communePlace(location.inseeCode) : null;
  if (commune) return [...placesAbove(commune), commune];
  const department = location?.departmentCode ? departmentPlace(location.departmentCode) : null;
  return department ? [department] : [];
}

/**
 * Where a listing is, as its card, its page and the mails that show it name it: the official
 * commune with its département (« Lyon 3e (69) »), else the city and postcode the agency typed.
 */
export const listingPlaceLabel = (listing: { location?: Location | null; city: string; postcode: string }) =>
  placeLabel(listing.location, `${listing.city} (${listing.postcode})`);

/** The words, then the code of a département (69, 2a, 974) or of a commune (69383, 2a004, 97411). */
const SEGMENT = /^(?:[^]{0,200}-)?(\d{2}|2[ab]|9[78]\d|\d{5}|2[ab]\d{3})$/;

/**
 * The place a page's segment names by its code, whatever its words: null when the segment does
 * not end in a code, or the code is no place of the official list. The caller compares the
 * place's path with the one asked for, and redirects when they differ.
 */
export function placeAt(segment: string): Place | null {
  const code = SEGMENT.exec(segment.toLowerCase())?.[1];
  if (!code) return null;
  return code.length === 5 ? communePlace(code) : departmentPlace(code);
}

/**
 * The communes' pages that counts by INSEE code lead to, largest first: each commune or
 * arrondissement, and a city whose arrondissements have listings, with their sum.
 */
export function communePages(counts: ReadonlyMap<string, number>): Array<{ place: Place; count: number }> {
  const totals = new Map<string, number>();
  const { communes } = officialList();
  for (const [code, n] of counts) {
    totals.set(code, (totals.get(code) ?? 0) + n);
    const city = communes.get(code)?.parent;
    if (city) totals.set(city, (totals.get(city) ?? 0) + n);
  }
  return [...totals]
    .flatMap(([code, count]) => {
      const place = communePlace(code);
      return place ? [{ place, count }] : [];
    })
    .sort((a, b) => b.count - a.count || a.place.name.localeCompare(b.place.name, 'fr'));
}

/** The départements' pages that counts by code lead to, largest first (codes no longer in the list are left out). */
export function departmentPages(counts: ReadonlyMap<string, number>): Array<{ place: Place; count: number }> {
  return [...counts]
    .flatMap(([code, count]) => {
      const place = departmentPlace(code);
      return place ? [{ place, count }] : [];
    })
    .sort((a, b) => b.count - a.count || a.place.code.localeCompare(b.place.code));
}

/** How a place's page names it: « Immobilier dans le département du Rhône (69) », « Immobilier à Lyon 3e (69) ». */
export const placeHeading = (place: Place): string =>
  place.kind === 'department' ? `Immobilier ${inDepartment(place.code) ?? place.label}` : `Immobilier à ${place.label}`;
