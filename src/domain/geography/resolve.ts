import { arrondissementOf, foldPlaceName } from './fold.js';
import { officialList, type Commune, type OfficialList } from './official-list.js';
import { memoized } from './memo.js';
import { UNPLACED, type Location, type PlaceWarning } from './place.js';

/** A commune's full location. */
export function locationOf(commune: Commune, list: OfficialList = officialList()): Location {
  const department = list.departments.get(commune.departmentCode);
  return {
    inseeCode: commune.code,
    commune: commune.name,
    departmentCode: commune.departmentCode,
    department: department?.name ?? null,
    regionCode: commune.regionCode,
    region: list.regions.get(commune.regionCode)?.name ?? null,
  };
}

/** The département and région every one of `communes` lies in, or nothing. */
function sharedArea(communes: readonly Commune[], list: OfficialList): Location {
  const first = communes[0];
  if (!first || communes.some((c) => c.departmentCode !== first.departmentCode)) return UNPLACED;
  const { departmentCode, department, regionCode, region } = locationOf(first, list);
  return { ...UNPLACED, departmentCode, department, regionCode, region };
}

const largest = (communes: readonly Commune[]) => communes.reduce((a, b) => (b.population > a.population ? b : a));

/**
 * The commune of `postcode` that `folded` names: its official or former name, or for an
 * arrondissement municipal its own (« Lyon 3e ») or its city's (« Lyon » with 69003), the
 * number, when written, agreeing. An arrondissement wins over its city, the postcode choosing it.
 */
function match(candidates: readonly Commune[], folded: string): Commune | null {
  const written = arrondissementOf(folded);
  const list = officialList();
  const named = list.byName.get(folded) ?? [];
  const matches = candidates.filter((c) => {
    if (named.includes(c)) return true;
    if (!c.parent) return false;
    const city = list.communes.get(c.parent)!.fold;
    return folded === city || (written !== null && written.city === city && written.number === c.number);
  });
  if (matches.length === 0) return null;
  const arrondissements = matches.filter((c) => c.parent !== null);
  return largest(arrondissements.length > 0 ? arrondissements : matches);
}

/** The départements a postcode's first digits point to (Corsica's 20 is 2A or 2B; overseas take three). */
function departmentsOfPrefix(postcode: string): string[] {
  if (postcode.startsWith('20')) return ['2A', '2B'];
  if (postcode.startsWith('97') || postcode.startsWith('98')) return [postcode.slice(0, 3)];
  return [postcode.slice(0, 2)];
}

/** The communes a postcode belongs to, by name, largest first; a city stands for its arrondissements. */
function names(communes: readonly Commune[]): string[] {
  const cities = new Set(communes.map((c) => c.code));
  const named = communes.filter((c) => !(c.parent && cities.has(c.parent)));
  return [...new Set(named.sort((a, b) => b.population - a.population).map((c) => c.shortName))].slice(0, 5);
}

const frenchList = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ou ${items.at(-1)}`);

/**
 * Places a listing from its postcode and city (docs/geography.md). A city no commune of the
 * postcode bears, or a postcode no commune has, is a warning: the listing is written as sent.
 * An unknown postcode (a CEDEX one, say) still finds its commune by name in the département its
 * digits point to.
 */
export function placeListing(postcode: string, city: string): { location: Location; warning: PlaceWarning | null } {
  return placeOfPair(`${postcode}\u0000${city}`);
}

type Placed = { location: Location; warning: PlaceWarning | null };

/** Answers are frozen: every caller of a pair gets the same objects. */
const placeOfPair = memoized(4096, (pair): Placed => {
  const [postcode, city] = pair.split('\u0000') as [string, string];
  return Object.freeze(placeUncached(postcode, city));
});

function placeUncached(postcode: string, city: string): Placed {
  const list = officialList();
  const folded = foldPlaceName(city);
  const candidates = list.byPostcode.get(postcode);
  if (!candidates) {
    const prefix = departmentsOfPrefix(postcode);
    const named = (list.byName.get(folded) ?? []).filter((c) => prefix.includes(c.departmentCode));
    const found = named.length > 0 ? largest(named) : null;
    return {
      location: found ? locationOf(found, list) : UNPLACED,
      warning: {
        code: 'postcode_unknown',
        field: 'postcode',
        message: `${postcode} is not the postcode of any commune in the official list${found ? `; the listing is placed in ${found.name} by its city` : ''}`,
        messageFr: `${postcode} n’est le code postal d’aucune commune de la liste officielle${found ? ` ; l’annonce est placée à ${found.shortName} d’après sa ville` : ''}.`,
      },
    };
  }
  const found = match(candidates, folded);
  if (found) return { location: locationOf(found, list), warning: null };
  const bearers = names(candidates);
  return {
    location: sharedArea(candidates, list),
    warning: {
      code: 'postcode_city_mismatch',
      field: 'city',
      message: `no commune of postcode ${postcode} is called ${JSON.stringify(city)}; ${postcode} is the postcode of ${bearers.join(', ')}`,
      messageFr: `${postcode} est le code postal de ${frenchList(bearers)}, pas de « ${city} ».`,
    },
  };
}
