/**
 * The digit scan of phone detection (phone.ts): finds the stretches of chain
 * characters that can hold a phone, reads their chains of digit groups
 * (phone-chains.ts) and reports those of a phone's shape (phone-shapes.ts)
 * that their context (phone-context.ts) does not make a figure.
 */
import { isChainChar, LETTER_O, LPAREN, PLUS, readChain, skipSpace, type Group } from './phone-chains.js';
import type { RunContext } from './phone-context.js';
import { amountStart, matchFrench, matchInternational } from './phone-shapes.js';
import { isAlnumCode, isDigitCode, type Span } from './types.js';

/** Finds the phones in one run of groups starting at p ("+" included when `plus`). */
function analyzeGroups(f: string, p: number, G: Group[], plus: boolean, out: Span[], context: RunContext): void {
  const lastGroup = G[G.length - 1];
  if (lastGroup === undefined) return;
  // Every phone shape needs at least 9 digits; prices, surfaces, years and
  // postcodes stop here without any context lookup.
  let total = 0;
  for (const g of G) total += g.digits.length;
  if (total < 9) return;

  const unit = context.followedByUnit(f, lastGroup.end);
  const frLimit = unit ? G.length - 1 : G.length;
  const intlLimit = unit ? amountStart(G) : G.length;

  let a = 0;
  if (plus) {
    const b = matchInternational(G, 0, intlLimit, 0);
    if (b >= 0) {
      out.push({ start: p, end: G[b]?.end ?? p + 1, kind: 'phone' });
      a = b + 1;
    }
  } else {
    const skip = context.legalSkip(f, p);
    let consumed = 0;
    // A spaced separator (" - ") ends the legal number even if it is short.
    while (a < G.length && consumed < skip && (a === 0 || !(G[a]?.sep.endsWith('~') ?? false))) {
      consumed += G[a]?.digits.length ?? 0;
      a++;
    }
    // Legal numbers have exact lengths: "SIREN : 0612345678" (10 digits) is
    // not a SIREN, so the run is examined like any other.
    if (consumed !== skip) a = 0;
  }

  while (a < G.length) {
    const g = G[a];
    if (g === undefined) break;
    const d = g.digits;
    let b = -1;
    if (!g.paren && d.charCodeAt(0) === 0x30) {
      // "0033…", or "00 33 …" with the prefix standing alone.
      const afterPrefix = d.length > 2 ? d.charCodeAt(2) : (G[a + 1]?.digits.charCodeAt(0) ?? 0x30);
      if (d.charCodeAt(1) === 0x30 && afterPrefix !== 0x30) b = matchInternational(G, a, intlLimit, 2);
      if (b < 0) b = matchFrench(G, a, frLimit);
    }
    if (b >= 0) {
      out.push({ start: g.start, end: G[b]?.end ?? g.end, kind: 'phone' });
      a = b + 1;
    } else {
      a++;
    }
  }
}

/**
 * Analyses the chain starting at p, where `digitsAt` is its first group and
 * `plus` says whether a "+" (possibly inside "(+") introduced it.
 */
function analyzeChain(f: string, p: number, digitsAt: number, plus: boolean, wrapped: boolean, out: Span[], context: RunContext): number {
  const G = readChain(f, digitsAt, wrapped);
  const lastGroup = G[G.length - 1];
  if (lastGroup === undefined) return p + 1;
  if (!context.overlapsOther(p, lastGroup.end)) {
    analyzeGroups(f, p, G, plus, out, context);
    return lastGroup.end;
  }
  // Digits that belong to another detail ("… 78 0.immo") are not part of
  // this run: they would make a phone look like a 11-digit legal number.
  let segment: Group[] = [];
  let first = true;
  for (const g of G) {
    if (context.overlapsOther(g.start, g.end)) {
      if (segment.length > 0) analyzeGroups(f, first ? p : (segment[0]?.start ?? p), segment, plus && first, out, context);
      segment = [];
      first = false;
      continue;
    }
    segment.push(g);
  }
  if (segment.length > 0) analyzeGroups(f, first ? p : (segment[0]?.start ?? p), segment, plus && first, out, context);
  return lastGroup.end;
}

/**
 * Processes the chain starts in [from, to), a stretch of chain characters,
 * exactly as a scan of the whole text would.
 */
function detectStarts(f: string, from: number, to: number, out: Span[], context: RunContext): void {
  // The stretch is short: a loop over it costs less than regex calls.
  for (let i = from; i < to;) {
    const c = f.charCodeAt(i);
    // A possible chain start: a digit, "+", "(" or a letter O before a digit.
    if (!(isDigitCode(c) || c === PLUS || c === LPAREN || (c === LETTER_O && isDigitCode(f.charCodeAt(i + 1))))) {
      i++;
      continue;
    }
    let plus = false;
    let wrapped = false;
    let digitsAt = i;
    if (c === PLUS || (c === LPAREN && f.charCodeAt(skipSpace(f, i + 1)) === PLUS)) {
      wrapped = c === LPAREN;
      const at = wrapped ? skipSpace(f, i + 1) : i;
      digitsAt = skipSpace(f, at + 1);
      const nx = f.charCodeAt(digitsAt);
      // "R+1" (floors) or "bac+5" are not international prefixes.
      if (!(isDigitCode(nx) || (nx === LPAREN && !wrapped)) || isAlnumCode(f.charCodeAt(i - 1))) {
        i++;
        continue;
      }
      plus = true;
    } else if (c === LPAREN) {
      if (!isDigitCode(f.charCodeAt(skipSpace(f, i + 1)))) {
        i++;
        continue;
      }
    } else if (c === LETTER_O) {
      if (isAlnumCode(f.charCodeAt(i - 1))) {
        i++;
        continue;
      }
    }
    // Most runs are prices, surfaces, years or postcodes. A phone needs 9
    // digits, and a chain only ever uses these characters, so a short
    // stretch of them is skipped without building any group.
    let runEnd = i;
    let digits = 0;
    for (let c2 = f.charCodeAt(runEnd); digits < 9 && isChainChar(c2); c2 = f.charCodeAt(++runEnd)) {
      if (isDigitCode(c2)) digits++;
    }
    if (digits < 9) {
      i = runEnd > i ? runEnd : i + 1;
      continue;
    }
    const end = analyzeChain(f, i, digitsAt, plus, wrapped, out, context);
    i = end > i ? end : i + 1;
  }
}

/** Pushes the phones written in digits to `out`; its regex is created once, with the detector. */
export function createDigitScan(context: RunContext): (f: string, out: Span[]) => void {
  // Nine digits joined only by chain characters, from the start of a digit
  // run (any stretch holding nine digits after some point has such a run
  // start at or before its ninth digit, and tried from fewer places the scan
  // is cheaper). Separators and digits are disjoint, so an attempt
  // backtracks at most over the nine gaps it read.
  const richRe = /(?<![0-9])[0-9](?:[ ./()+o-]*[0-9]){8}/g;
  return (f, out) => {
    // A start does something only when 9 digits follow it within one stretch
    // of chain characters; in a stretch with fewer, every start is skipped
    // without effect, and no chain leaves its stretch. So only the stretches
    // holding 9 such digits (found by richRe, a cheap native scan) are
    // scanned start by start, whole: the result is the same as scanning the
    // whole text, which mostly visits prices, surfaces and years.
    let done = 0; // end of the last stretch scanned
    richRe.lastIndex = 0;
    for (let m = richRe.exec(f); m !== null; m = richRe.exec(f)) {
      let from = m.index;
      while (from > done && isChainChar(f.charCodeAt(from - 1))) from--;
      let to = richRe.lastIndex;
      while (isChainChar(f.charCodeAt(to))) to++;
      detectStarts(f, from, to, out, context);
      done = to;
      richRe.lastIndex = to;
    }
  };
}
