import { foldPlaceName } from './fold.js';
import { officialList } from './official-list.js';

const range = ({ from, to }: { from: number; to: number }) => Array.from({ length: to - from }, (_, i) => from + i);

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

/**
 * The `limit` most populous of `communes`, largest first (ties in name order): one pass keeping
 * a short sorted list, where sorting the thousands « s » matches cost 3 ms.
 */
function largestOf(positions: readonly number[], limit: number): number[] {
  const { populationAt } = officialList();
  const kept: number[] = [];
  // Positions are in folded-name order: at equal population, the lower one comes first.
  const before = (a: number, b: number) => populationAt(a) > populationAt(b) || (populationAt(a) === populationAt(b) && a < b);
  for (const commune of positions) {
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
  const found = digits ? list.postcodePrefix(prefix) : range(list.namePrefix(prefix));
  return largestOf(found, limit)
    .map(list.at)
    .map((c) => ({
      inseeCode: c.code,
      name: c.shortName,
      postcodes: c.postcodes,
      departmentCode: c.departmentCode,
      department: list.departments.get(c.departmentCode)?.name ?? '',
      label: `${c.shortName} (${c.departmentCode})`,
    }));
}
