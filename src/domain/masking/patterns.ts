/** Helpers for building the detectors' regular expressions. */

/** Alternatives, each followed by `then` (a pattern, possibly empty). */
export interface AlternativeList {
  alternatives: readonly string[];
  then: string;
}

/**
 * An alternation of the lists' alternatives, grouped by first character:
 * "six|sept|seize" becomes "s(?:ix|ept|eize)"; with several lists, each
 * group holds the rests of each list in turn, each list's followed by its
 * `then`: "s(?:(?:e-loger)TAIL|(?:ix|ept)\b)".
 *
 * Each alternative must start with one literal character (a letter or a
 * digit, never a class, group or escape). Alternatives with different first
 * characters can never match at the same position, so moving whole groups
 * changes nothing, and inside a group the original order is kept (it decides
 * between "sept" and "septante", and puts earlier lists first): the pattern
 * matches exactly what the plain alternation of the lists, in order, matches.
 * V8 then picks a group from the first character instead of trying every
 * alternative at every position, which makes a scan over a whole description
 * markedly cheaper.
 */
export function alternationByFirstChar(lists: readonly AlternativeList[]): string {
  const groups = new Map<string, string[][]>();
  lists.forEach(({ alternatives }, k) => {
    for (const a of alternatives) {
      const first = a.charAt(0);
      if (!((first >= 'a' && first <= 'z') || (first >= '0' && first <= '9'))) {
        throw new Error(`alternative must start with a letter or digit: ${a}`);
      }
      let rests = groups.get(first);
      if (rests === undefined) groups.set(first, (rests = lists.map(() => [])));
      rests[k]?.push(a.slice(1));
    }
  });
  const parts: string[] = [];
  for (const [first, rests] of groups) {
    const branches: string[] = [];
    rests.forEach((r, k) => {
      if (r.length > 0) branches.push(`(?:${r.join('|')})${lists[k]?.then ?? ''}`);
    });
    parts.push(`${first}(?:${branches.join('|')})`);
  }
  return `(?:${parts.join('|')})`;
}
