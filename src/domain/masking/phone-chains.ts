/**
 * Chains of digit groups, the raw material of phone detection (phone.ts):
 * "06 12 34 56 78", "+33 (0)6 12…", "O6.12…" read as groups with the
 * separator written before each.
 *
 * The reader is a hand-written single pass instead of a regex because
 * "groups of digits separated by optional separators" is exactly the shape
 * that makes backtracking regexes explode.
 */
import { isAlnumCode, isDigitCode } from './types.js';

const SPACE = 0x20;
export const PLUS = 0x2b;
export const LPAREN = 0x28;
const RPAREN = 0x29;
const DOT = 0x2e;
const DASH = 0x2d;
const SLASH = 0x2f;
export const LETTER_O = 0x6f;

export interface Group {
  start: number;
  end: number;
  digits: string;
  /** Separator before this group: '', ' ', '  ', '.', '-', '/'; spaced punctuation gets a '~' suffix. */
  sep: string;
  paren: boolean;
}

/** Every character a chain can contain (digits, separators, brackets, "+", a letter O for zero). */
export const isChainChar = (c: number): boolean =>
  isDigitCode(c) || c === SPACE || c === DOT || c === DASH || c === SLASH || c === LPAREN || c === RPAREN || c === PLUS || c === LETTER_O;

/** Position after an optional single space. */
export const skipSpace = (f: string, i: number): number => (f.charCodeAt(i) === SPACE ? i + 1 : i);

function readGroup(f: string, q: number, sep: string): Group | null {
  const c = f.charCodeAt(q);
  if (c === LPAREN) {
    let r = q + 1;
    if (f.charCodeAt(r) === SPACE) r++;
    const d0 = r;
    while (isDigitCode(f.charCodeAt(r)) && r - d0 < 5) r++;
    if (r === d0) return null;
    const digits = f.slice(d0, r);
    if (f.charCodeAt(r) === SPACE) r++;
    if (f.charCodeAt(r) !== RPAREN) return null;
    return { start: q, end: r + 1, digits, sep, paren: true };
  }
  let r = q;
  let digits = '';
  // A letter O standing in for a leading zero ("O6 12 34 56 78").
  if (c === LETTER_O && isDigitCode(f.charCodeAt(q + 1)) && !isAlnumCode(f.charCodeAt(q - 1))) {
    digits = '0';
    r++;
  } else if (!isDigitCode(c)) {
    return null;
  }
  const d0 = r;
  while (isDigitCode(f.charCodeAt(r))) r++;
  digits += f.slice(d0, r);
  return { start: q, end: r, digits, sep, paren: false };
}

/**
 * Reads the maximal chain of digit groups whose first group starts at q.
 * `closeParen` is set for "(+33) 6 …", whose country code is wrapped.
 */
export function readChain(f: string, q: number, closeParen: boolean): Group[] {
  const groups: Group[] = [];
  let sep = '';
  for (;;) {
    const g = readGroup(f, q, sep);
    if (g === null) break;
    groups.push(g);
    let r = g.end;
    if (closeParen && groups.length === 1) {
      if (f.charCodeAt(r) === SPACE) r++;
      if (f.charCodeAt(r) !== RPAREN) break;
      r++;
    }
    let spacesBefore = 0;
    while (spacesBefore < 2 && f.charCodeAt(r) === SPACE) {
      r++;
      spacesBefore++;
    }
    let punct = '';
    let spacesAfter = 0;
    const pc = f.charCodeAt(r);
    if (pc === DOT || pc === DASH || pc === SLASH) {
      punct = f[r] ?? '';
      r++;
      while (spacesAfter < 2 && f.charCodeAt(r) === SPACE) {
        r++;
        spacesAfter++;
      }
    }
    const nx = f.charCodeAt(r);
    const nextIsGroup = isDigitCode(nx) || nx === LPAREN || (nx === LETTER_O && isDigitCode(f.charCodeAt(r + 1)) && r > g.end);
    if (!nextIsGroup) break;
    if (punct !== '') sep = spacesBefore + spacesAfter > 0 ? punct + '~' : punct;
    else sep = spacesBefore === 2 ? '  ' : spacesBefore === 1 ? ' ' : '';
    if (closeParen && groups.length === 1 && sep === '') sep = ' ';
    q = r;
  }
  return groups;
}
