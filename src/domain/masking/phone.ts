/**
 * Phone-number detection on folded text.
 *
 * Listings are full of numbers that must survive (prices, surfaces, SIREN,
 * CPI cards, dates, energy figures), so a digit run is only a phone when its
 * shape says so:
 *  - French: exactly 10 digits, "0" then 1-9, contiguous or in groups of at
 *    most 4 with one consistent separator ("06 12 34 56 78", "06.12…",
 *    "0 6 1 2 …", "0800 123 456"; five pairs may mix spaces with dots or
 *    dashes), unless it opens with a date ("06 12 2024 10 30");
 *  - international: "+" or "00" prefix, 9-15 digits, "+33" pinned to 9
 *    national digits (a trunk "(0)" is tolerated);
 *  - spelled out (spelled.ts): a run of French number words worth at least
 *    8 digits, or words mixed with digit groups that add up to a French
 *    number ("zero six 12 34 56 78").
 * Runs introduced by a legal keyword (SIREN, SIRET, RCS, RSAC, CPI, carte
 * professionnelle, TVA) or followed by a unit (€, m², %, kWh, lots, ans…) are
 * figures, not phones.
 *
 * The digit scanner is a hand-written single pass instead of a regex because
 * "groups of digits separated by optional separators" is exactly the shape that
 * makes backtracking regexes explode.
 */
import { alternationByFirstChar } from './patterns.js';
import { overlapChecker } from './spans.js';
import { createSpelledDetector, type TakenCheck } from './spelled.js';
import { isAlnumCode, isDigitCode, type Span } from './types.js';

const SPACE = 0x20;
const PLUS = 0x2b;
const LPAREN = 0x28;
const RPAREN = 0x29;
const DOT = 0x2e;
const DASH = 0x2d;
const SLASH = 0x2f;
const LETTER_O = 0x6f;
const NEWLINE = 0x0a;

// Where a figure's unit starts right after a digit run (folded: "m²" is "m2").
const UNIT_SOURCE =
  ' {0,2}(?:€|k€|eur(?:o|os)?(?![a-z])|m2|m3|%|kwh|kw(?![a-z])|kg|lots?(?![a-z])|ans?(?![a-z])|ha(?![a-z])|' +
  'km(?![a-z])|cm(?![a-z])|mm(?![a-z])|m(?![a-z0-9])|mois(?![a-z])|jours?(?![a-z])|h(?![a-z])|ht(?![a-z])|' +
  'ttc(?![a-z])|fai(?![a-z])|pieces?(?![a-z])|chambres?(?![a-z])|places?(?![a-z])|°)';

const LEGAL_KEYWORDS = [
  'siren',
  'siret',
  'rcs',
  'r\\.c\\.s',
  'rsac',
  'cpi',
  'carte pro(?:fessionnelle)?',
  'tva',
  't\\.v\\.a',
  'intracom(?:munautaire)?',
];
const LEGAL_SOURCE = `(?<![a-z0-9])(${LEGAL_KEYWORDS.join('|')})(?![a-z])`;
// The same, cheaper to scan (see alternationByFirstChar); before a keyword \b
// and (?<![a-z0-9]) only differ after "_" (folded text has no A-Z).
const LEGAL_FAST_SOURCE = `\\b(${alternationByFirstChar([{ alternatives: LEGAL_KEYWORDS, then: '' }])})(?![a-z])`;

// Words that announce a phone: if one sits between a legal keyword and the
// digits, the digits belong to the phone, not to the legal mention.
const PHONE_CUE_SOURCE =
  '(?<![a-z])(?:tel|telephone|portable|mobile|fixe|appel\\w*|contact\\w*|joindre|joignable|fax|whatsapp|sms)(?![a-z])|@';

/** How many digits of the following run a legal keyword accounts for. */
function legalDigits(keyword: string): number {
  switch (keyword) {
    case 'siret':
      return 14;
    case 'tva':
    case 't.v.a':
    case 'intracom':
    case 'intracommunautaire':
      return 11; // FR + 2-digit key + SIREN
    case 'cpi':
      return 17; // CPI dddd yyyy + 9 digits
    default:
      return keyword.startsWith('carte') ? 17 : 9; // SIREN, RCS, RSAC
  }
}

interface Group {
  start: number;
  end: number;
  digits: string;
  /** Separator before this group: '', ' ', '  ', '.', '-', '/'; spaced punctuation gets a '~' suffix. */
  sep: string;
  paren: boolean;
}

export interface PhoneDetector {
  /**
   * Pushes phone spans to `out`. `numberWords` are the number words of f
   * (see spelled.ts). `others` are the details already found (e-mails,
   * links, portals; it may be `out` itself): one of them between a legal
   * keyword and a number means the number is not part of the legal mention.
   */
  detect(f: string, numberWords: readonly number[], out: Span[], others: readonly Span[]): void;
}

export function createPhoneDetector(): PhoneDetector {
  const unitRe = new RegExp(UNIT_SOURCE, 'y');
  const legalRe = new RegExp(LEGAL_SOURCE, 'g');
  const legalFastRe = new RegExp(LEGAL_FAST_SOURCE, 'g');
  const cueRe = new RegExp(PHONE_CUE_SOURCE);
  // Nine digits joined only by chain characters, from the start of a digit
  // run (any stretch holding nine digits after some point has such a run
  // start at or before its ninth digit, and tried from fewer places the scan
  // is cheaper). Separators and digits are disjoint, so an attempt
  // backtracks at most over the nine gaps it read.
  const richRe = /(?<![0-9])[0-9](?:[ ./()+o-]*[0-9]){8}/g;
  const spelled = createSpelledDetector();

  // Whether a range overlaps a detail found by the other detectors (e-mails,
  // links, portals) during the current detect() call.
  const noOverlap = (): boolean => false;
  let overlapsOther: (start: number, end: number) => boolean = noOverlap;

  function followedByUnit(f: string, pos: number): boolean {
    unitRe.lastIndex = pos;
    if (!unitRe.test(f)) return false;
    // "kWh.com" or "lots@…" is a detail of its own, not the unit of this number.
    return !overlapsOther(pos, unitRe.lastIndex);
  }

  /** Digits of the run starting at `pos` that belong to a legal mention (0 if none). */
  function legalSkip(f: string, pos: number): number {
    let from = Math.max(0, pos - 80);
    // Only text after the previous number or line can introduce this run.
    for (let j = pos - 1; j >= from; j--) {
      const c = f.charCodeAt(j);
      if (isDigitCode(c) || c === NEWLINE) {
        from = j + 1;
        break;
      }
    }
    if (pos - from < 3) return 0;
    const w = f.slice(from, pos);
    const re = w.includes('_') ? legalRe : legalFastRe;
    re.lastIndex = 0;
    let last: RegExpExecArray | null = null;
    for (let m = re.exec(w); m !== null; m = re.exec(w)) last = m;
    if (last === null) return 0;
    const keywordAt = from + last.index;
    const gapStart = keywordAt + last[0].length;
    const gap = f.slice(gapStart, pos);
    if (gap.length > 60 || cueRe.test(gap)) return 0;
    // A keyword swallowed by a detail ("https://…/siret") is masked with it,
    // and a detail in the gap separates the keyword from the number.
    if (overlapsOther(keywordAt, pos)) return 0;
    return legalDigits(last[1] ?? '');
  }

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
  function readChain(f: string, q: number, closeParen: boolean): Group[] {
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
  function matchFrench(G: Group[], a: number, limit: number): number {
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
  function matchInternational(G: Group[], a: number, limit: number, skip: number): number {
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
  function amountStart(G: Group[]): number {
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

  /**
   * Analyses the chain starting at p, where `digitsAt` is its first group and
   * `plus` says whether a "+" (possibly inside "(+") introduced it.
   */
  function analyzeChain(f: string, p: number, digitsAt: number, plus: boolean, wrapped: boolean, out: Span[]): number {
    const G = readChain(f, digitsAt, wrapped);
    const lastGroup = G[G.length - 1];
    if (lastGroup === undefined) return p + 1;
    if (!overlapsOther(p, lastGroup.end)) {
      analyzeGroups(f, p, G, plus, out);
      return lastGroup.end;
    }
    // Digits that belong to another detail ("… 78 0.immo") are not part of
    // this run: they would make a phone look like a 11-digit legal number.
    let segment: Group[] = [];
    let first = true;
    for (const g of G) {
      if (overlapsOther(g.start, g.end)) {
        if (segment.length > 0) analyzeGroups(f, first ? p : (segment[0]?.start ?? p), segment, plus && first, out);
        segment = [];
        first = false;
        continue;
      }
      segment.push(g);
    }
    if (segment.length > 0) analyzeGroups(f, first ? p : (segment[0]?.start ?? p), segment, plus && first, out);
    return lastGroup.end;
  }

  /** Finds the phones in one run of groups starting at p ("+" included when `plus`). */
  function analyzeGroups(f: string, p: number, G: Group[], plus: boolean, out: Span[]): void {
    const lastGroup = G[G.length - 1];
    if (lastGroup === undefined) return;
    // Every phone shape needs at least 9 digits; prices, surfaces, years and
    // postcodes stop here without any context lookup.
    let total = 0;
    for (const g of G) total += g.digits.length;
    if (total < 9) return;

    const unit = followedByUnit(f, lastGroup.end);
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
      const skip = legalSkip(f, p);
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

  /** Every character a chain can contain (digits, separators, brackets, "+", a letter O for zero). */
  const isChainChar = (c: number): boolean =>
    isDigitCode(c) || c === SPACE || c === DOT || c === DASH || c === SLASH || c === LPAREN || c === RPAREN || c === PLUS || c === LETTER_O;

  /** Position after an optional single space. */
  const skipSpace = (f: string, i: number): number => (f.charCodeAt(i) === SPACE ? i + 1 : i);

  /**
   * Processes the chain starts in [from, to), a stretch of chain characters,
   * exactly as a scan of the whole text would.
   */
  function detectStarts(f: string, from: number, to: number, out: Span[]): void {
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
      const end = analyzeChain(f, i, digitsAt, plus, wrapped, out);
      i = end > i ? end : i + 1;
    }
  }

  // What the spelled-number scan must not reuse: the phones found by the
  // digit scan (out[0..takenBefore)) and the other details. The overlap index
  // is built on first use: most texts have no run with a number word, and
  // sorting every span costs.
  const NONE: readonly Span[] = [];
  let takenOut: readonly Span[] = NONE;
  let takenBefore = 0;
  let takenOthers: readonly Span[] = NONE;
  let takenCheck: TakenCheck | null = null;
  const lazyTaken: TakenCheck = (start, end) => {
    if (takenCheck === null) {
      const spans = takenOut === takenOthers ? takenOut.slice(0, takenBefore) : [...takenOut.slice(0, takenBefore), ...takenOthers];
      takenCheck = overlapChecker(spans);
    }
    return takenCheck(start, end);
  };

  function detectDigits(f: string, out: Span[]): void {
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
      detectStarts(f, from, to, out);
      done = to;
      richRe.lastIndex = to;
    }
  }

  return {
    detect(f: string, numberWords: readonly number[], out: Span[], found: readonly Span[]): void {
      overlapsOther = found.length === 0 ? noOverlap : overlapChecker(found);
      detectDigits(f, out);
      takenOut = out;
      takenBefore = out.length;
      takenOthers = found;
      spelled(f, numberWords, out, legalSkip, followedByUnit, lazyTaken);
      overlapsOther = noOverlap;
      takenCheck = null;
      takenOut = takenOthers = NONE;
    },
  };
}
