/**
 * The shapes a chain of digit groups (phone-chains.ts) must have to be a
 * phone: a French number of 10 digits with one consistent separator, an
 * international one of 9 to 15 digits, and what is not one (a date, a
 * thousands-grouped amount).
 */
import type { Group } from './phone-chains.js';

/**
 * Whether the separators of groups a+1..b fit a phone: one separator
 * throughout, or, for the usual five pairs only, spaces mixed with one dot or
 * dash style ("06.12 34.56 78"). Slashes never mix: "01/09/26 30/09/26" is dates.
 */
function separatorsFit(G: Group[], a: number, b: number): boolean {
  const sep0 = G[a + 1]?.sep ?? '';
  let other = '';
  let consistent = true;
  for (let k = a + 1; k <= b; k++) {
    const sep = G[k]?.sep ?? '';
    if (sep === '') return false; // only "(0)"-style groups touch their neighbour
    if (sep !== sep0) consistent = false;
    if (sep !== ' ') {
      if (other === '') other = sep;
      else if (other !== sep) return false;
    }
  }
  if (consistent) return true;
  if (b - a !== 4 || (other !== '.' && other !== '-')) return false;
  for (let k = a; k <= b; k++) if (G[k]?.digits.length !== 2) return false;
  return true;
}

/** "06 12 2024 10 30" is a date and a time, not 06 12 20 24 10. */
function startsWithDate(G: Group[], a: number): boolean {
  const day = G[a]?.digits ?? '';
  const month = G[a + 1]?.digits ?? '';
  const year = G[a + 2]?.digits ?? '';
  return (
    day.length === 2 &&
    month.length === 2 &&
    Number(day) <= 31 &&
    Number(month) >= 1 &&
    Number(month) <= 12 &&
    year.length === 4 &&
    (year.startsWith('19') || year.startsWith('20'))
  );
}

/** Last group index of a French number starting at group a, or -1. */
export function matchFrench(G: Group[], a: number, limit: number): number {
  const first = G[a];
  if (first === undefined || first.paren) return -1;
  let digits = '';
  for (let b = a; b < limit; b++) {
    const g = G[b];
    if (g === undefined || g.paren) return -1;
    if (g.digits.length > 4 && !(b === a && g.digits.length === 10)) return -1;
    digits += g.digits;
    if (digits.length >= 10) {
      const shaped = digits.length === 10 && digits.charCodeAt(0) === 0x30 && digits.charCodeAt(1) !== 0x30;
      return shaped && separatorsFit(G, a, b) && !startsWithDate(G, a) ? b : -1;
    }
  }
  return -1;
}

/** Last group index of an international number whose prefix ends `skip` digits into group a, or -1. */
export function matchInternational(G: Group[], a: number, limit: number, skip: number): number {
  let s = '';
  let last = -1;
  for (let b = a; b < limit; b++) {
    const g = G[b];
    if (g === undefined) break;
    const d = b === a ? g.digits.slice(skip) : g.digits;
    // A double space or a spaced dash ends the number: "+32 2 123 45 67  2024-06-30".
    if (b > a && (g.sep === '  ' || g.sep.endsWith('~'))) break;
    if (g.paren && d === '0' && b > a) {
      last = b; // trunk prefix in "+33 (0)6 …"
      continue;
    }
    if (s.length + d.length > 15) break;
    s += d;
    last = b;
    if (s.startsWith('33') && s.length >= (s.startsWith('330') ? 12 : 11)) break;
  }
  if (last < 0) return -1;
  if (s.startsWith('330')) return s.length === 12 ? last : -1;
  if (s.startsWith('33')) return s.length === 11 ? last : -1;
  return s.length >= 9 && s.charCodeAt(0) !== 0x30 ? last : -1;
}

/** Index of the first group of a trailing thousands-grouped amount ("1 250 000"). */
export function amountStart(G: Group[]): number {
  let k = G.length - 1;
  for (;;) {
    const g = G[k];
    const prev = G[k - 1];
    if (g === undefined || prev === undefined || prev.paren) break;
    if (g.digits.length !== 3 || (g.sep !== ' ' && g.sep !== '.') || prev.digits.length > 3) break;
    k--;
    if (prev.digits.length < 3) break;
  }
  return k;
}
