import { foldPlaceName } from './fold.js';
import { officialList, type Commune } from './official-list.js';

/** What a visitor typing a commune is offered: at most `limit`, largest first. */
export interface CommuneSuggestion {
  inseeCode: string;
  /** The name a page shows (« Lyon 3e »). */
  name: string;
  postcodes: readonly string[];
  departmentCode: string;
  department: string;
  /** « Lyon 3e (69) ». */
  label: string;
}

export const SUGGESTIONS_MAX = 10;
/** The longest text the suggestions read: no commune's name is longer. */
export const SUGGESTION_QUERY_MAX = 100;

let postcodes: string[] | undefined;

/** Communes whose folded name starts with `prefix`: a binary search, then a run of the sorted list. */
function byNamePrefix(prefix: string): Commune[] {
  const { sorted } = officialList();
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]!.fold < prefix) low = mid + 1;
    else high = mid;
  }
  const found: Commune[] = [];
  for (let i = low; i < sorted.length && sorted[i]!.fold.startsWith(prefix); i++) found.push(sorted[i]!);
  return found;
}

function byPostcodePrefix(prefix: string): Commune[] {
  const list = officialList();
  postcodes ??= [...list.byPostcode.keys()].sort();
  const found = new Set<Commune>();
  for (const postcode of postcodes) if (postcode.startsWith(prefix)) for (const c of list.byPostcode.get(postcode)!) found.add(c);
  return [...found];
}

/**
 * The `limit` most populous of `communes`, largest first (ties in name order): one pass keeping
 * a short sorted list, where sorting the thousands « s » matches cost 3 ms.
 */
function largestOf(communes: readonly Commune[], limit: number): Commune[] {
  const kept: Commune[] = [];
  const before = (a: Commune, b: Commune) => a.population > b.population || (a.population === b.population && a.fold < b.fold);
  for (const commune of communes) {
    if (kept.length === limit && !before(commune, kept[limit - 1]!)) continue;
    let at = kept.length === limit ? limit - 1 : kept.length;
    while (at > 0 && before(commune, kept[at - 1]!)) {
      kept[at] = kept[at - 1]!;
      at--;
    }
    kept[at] = commune;
  }
  return kept;
}

/**
 * Suggestions for what a visitor typed: a name's beginning (folded as listings' cities are) or
 * the digits of a postcode. Largest first, so « lyon » offers Lyon before its arrondissements,
 * and « saint » the largest of its thousands.
 */
export function suggestCommunes(typed: string, limit = SUGGESTIONS_MAX): CommuneSuggestion[] {
  const text = typed.trim().slice(0, SUGGESTION_QUERY_MAX);
  const digits = /^\d{2,5}$/.test(text);
  const prefix = digits ? text : foldPlaceName(text);
  if (prefix === '') return [];
  const list = officialList();
  const found = digits ? byPostcodePrefix(prefix) : byNamePrefix(prefix);
  return largestOf(found, limit).map((c) => ({
    inseeCode: c.code,
    name: c.shortName,
    postcodes: c.postcodes,
    departmentCode: c.departmentCode,
    department: list.departments.get(c.departmentCode)?.name ?? '',
    label: `${c.shortName} (${c.departmentCode})`,
  }));
}
