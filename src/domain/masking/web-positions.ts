/**
 * Where the patterns of web.ts can match. Patterns that could start at any
 * word (addresses, bare or bracketed domains) are never scanned across the
 * whole description: a cheap scan finds their unmistakable part first (an
 * "@"-like token, a ".tld", a bracketed dot) and the full pattern is only
 * tried, sticky, at the few positions where the detail can start. That keeps
 * the cost linear and local.
 */
import { sortSmall } from './spans.js';
import type { Span } from './types.js';

const isAsciiAlnum = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a);
/** Characters of a plain local part. */
export const isLocalChar = (c: number): boolean => isAsciiAlnum(c) || c === 0x2e || c === 0x5f || c === 0x25 || c === 0x2b || c === 0x2d;
/** A local part between written-out dots ("jean point dupont"). */
export const isLocalPieceChar = (c: number): boolean => isAsciiAlnum(c) || c === 0x5f || c === 0x25 || c === 0x2b || c === 0x2d;
export const isLabelChar = (c: number): boolean => isAsciiAlnum(c) || c === 0x2d;
export const isDomainChar = (c: number): boolean => isLabelChar(c) || c === 0x2e;

/**
 * The hint patterns are not scanned across the whole description: each of
 * them can only start at a few places ("@", an opening bracket, a ".", "www"),
 * which a native indexOf of a rare character finds much faster than a regex
 * scan (a needle starting with a common character such as " " or "a" would
 * not be). Trying the pattern sticky at those positions, in order and
 * skipping the ones inside the previous match, finds exactly the matches of
 * a global scan.
 */
export function pushPositions(f: string, needle: string, out: number[]): void {
  for (let i = f.indexOf(needle); i >= 0; i = f.indexOf(needle, i + 1)) out.push(i);
}

export const ascending = (a: number, b: number): number => a - b;

/** Positions of the opening brackets of OPEN, in order. */
export function openersOf(f: string): number[] {
  const out: number[] = [];
  pushPositions(f, '(', out);
  pushPositions(f, '[', out);
  pushPositions(f, '{', out);
  pushPositions(f, '<', out);
  sortSmall(out, ascending);
  return out;
}

/**
 * Pushes the start of each match a global scan with `re` would find, given a
 * sorted superset of the positions where a match can start; `re` is sticky.
 */
export function matchesAt(re: RegExp, f: string, candidates: readonly number[], out: number[]): void {
  let from = 0;
  for (const p of candidates) {
    if (p < from) continue;
    re.lastIndex = p;
    if (re.test(f)) {
      out.push(p);
      from = re.lastIndex;
    }
  }
}

/**
 * Where a match whose left part ends at `h` can start: walking back over up
 * to `maxPieces` pieces (64 characters at most each) joined by separators
 * that `sepBefore` recognises. Trying these few positions, earliest first,
 * replaces a scan of the whole description.
 */
function startsBefore(f: string, h: number, isPart: (c: number) => boolean, sepBefore: RegExp | null, maxPieces: number): number[] {
  const starts: number[] = [];
  let q = f.charCodeAt(h - 1) === 0x20 ? h - 1 : h;
  for (let piece = 0; piece < maxPieces; piece++) {
    let r = q;
    while (r > 0 && q - r < 64 && isPart(f.charCodeAt(r - 1))) r--;
    while (r < q && f.charCodeAt(r) === 0x2e) r++; // ".jean@…": a local part never starts with a dot
    if (r === q) break;
    starts.push(r);
    if (sepBefore === null) break;
    const m = sepBefore.exec(f.slice(Math.max(0, r - 10), r));
    if (m === null) break;
    q = r - m[0].length;
  }
  return starts.reverse();
}

/**
 * Pushes to `out` a match of the sticky `re` for each hit not inside the
 * previous match, tried at the hit's possible starts (startsBefore), earliest first.
 */
export function collectAt(
  re: RegExp,
  f: string,
  hits: readonly number[],
  isPart: (c: number) => boolean,
  sepBefore: RegExp | null,
  maxPieces: number,
  kind: 'email' | 'url',
  out: Span[],
): void {
  let from = 0;
  for (const h of hits) {
    for (const p of startsBefore(f, h, isPart, sepBefore, maxPieces)) {
      if (p < from) continue;
      re.lastIndex = p;
      const m = re.exec(f);
      if (m !== null) {
        out.push({ start: p, end: p + m[0].length, kind });
        from = p + m[0].length;
        break;
      }
    }
  }
}
