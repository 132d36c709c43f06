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
 *  - spelled out: a run of French number words worth at least 8 digits, or
 *    words mixed with digit groups that add up to a French number
 *    ("zero six 12 34 56 78").
 * Runs introduced by a legal keyword (SIREN, SIRET, RCS, RSAC, CPI, carte
 * professionnelle, TVA) or followed by a unit (€, m², %, kWh, lots, ans…) are
 * figures, not phones.
 *
 * The digit scanner is a hand-written single pass instead of a regex because
 * "groups of digits separated by optional separators" is exactly the shape that
 * makes backtracking regexes explode.
 */
import { overlapChecker } from './spans.js';
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

const LEGAL_SOURCE =
  '(?<![a-z0-9])(siren|siret|rcs|r\\.c\\.s|rsac|cpi|carte pro(?:fessionnelle)?|tva|t\\.v\\.a|intracom(?:munautaire)?)(?![a-z])';

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
   * Pushes phone spans to `out`. `others` are the details already found
   * (e-mails, links, portals; it may be `out` itself): one of them between a
   * legal keyword and a number means the number is not part of the legal mention.
   */
  detect(f: string, out: Span[], others: readonly Span[]): void;
}

export function createPhoneDetector(): PhoneDetector {
  const unitRe = new RegExp(UNIT_SOURCE, 'y');
  const legalRe = new RegExp(LEGAL_SOURCE, 'g');
  const cueRe = new RegExp(PHONE_CUE_SOURCE);
  const startRe = /[0-9+(]|o(?=[0-9])/g;
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
    legalRe.lastIndex = 0;
    let last: RegExpExecArray | null = null;
    for (let m = legalRe.exec(w); m !== null; m = legalRe.exec(w)) last = m;
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
      const nextIsGroup =
        isDigitCode(nx) || nx === LPAREN || (nx === LETTER_O && isDigitCode(f.charCodeAt(r + 1)) && r > g.end);
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

  function detectDigits(f: string, out: Span[]): void {
    // Jump between possible chain starts with a regex (native scan) instead of
    // visiting every character of the description in JS.
    startRe.lastIndex = 0;
    for (let m = startRe.exec(f); m !== null; m = startRe.exec(f)) {
      const i = m.index;
      const c = f.charCodeAt(i);
      let plus = false;
      let wrapped = false;
      let digitsAt = i;
      if (c === PLUS || (c === LPAREN && f.charCodeAt(skipSpace(f, i + 1)) === PLUS)) {
        wrapped = c === LPAREN;
        const at = wrapped ? skipSpace(f, i + 1) : i;
        digitsAt = skipSpace(f, at + 1);
        const nx = f.charCodeAt(digitsAt);
        // "R+1" (floors) or "bac+5" are not international prefixes.
        if (!(isDigitCode(nx) || (nx === LPAREN && !wrapped)) || isAlnumCode(f.charCodeAt(i - 1))) continue;
        plus = true;
      } else if (c === LPAREN) {
        if (!isDigitCode(f.charCodeAt(skipSpace(f, i + 1)))) continue;
      } else if (c === LETTER_O) {
        if (isAlnumCode(f.charCodeAt(i - 1))) continue;
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
        startRe.lastIndex = runEnd > i ? runEnd : i + 1;
        continue;
      }
      const end = analyzeChain(f, i, digitsAt, plus, wrapped, out);
      startRe.lastIndex = end > i ? end : i + 1;
    }
  }

  return {
    detect(f: string, out: Span[], found: readonly Span[]): void {
      overlapsOther = found.length === 0 ? noOverlap : overlapChecker(found);
      detectDigits(f, out);
      // Built on first use: most texts have no run with a number word, and sorting every span costs.
      const before = out.length;
      let taken: TakenCheck | null = null;
      const lazyTaken: TakenCheck = (start, end) => (taken ??= overlapChecker(out === found ? out.slice(0, before) : [...out.slice(0, before), ...found]))(start, end);
      spelled(f, out, legalSkip, followedByUnit, lazyTaken);
      overlapsOther = noOverlap;
    },
  };
}

// ---------------------------------------------------------------------------
// Spelled-out numbers ("zéro six douze trente-quatre …", "zero six 12 34 56 78")

const UNITS = new Map<string, number>([
  ['un', 1],
  ['une', 1],
  ['deux', 2],
  ['trois', 3],
  ['quatre', 4],
  ['cinq', 5],
  ['six', 6],
  ['sept', 7],
  ['huit', 8],
  ['neuf', 9],
]);
const TEENS = new Map<string, number>([
  ['dix', 10],
  ['onze', 11],
  ['douze', 12],
  ['treize', 13],
  ['quatorze', 14],
  ['quinze', 15],
  ['seize', 16],
]);
const TENS = new Map<string, number>([
  ['vingt', 20],
  ['vingts', 20],
  ['trente', 30],
  ['quarante', 40],
  ['cinquante', 50],
  ['soixante', 60],
  ['septante', 70],
  ['huitante', 80],
  ['octante', 80],
  ['nonante', 90],
]);

// Longer alternatives first so "une" is not read as "un" + junk.
const NUMBER_WORD_SOURCE =
  'zero|une|un|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|treize|quatorze|quinze|seize|' +
  'vingts|vingt|trente|quarante|cinquante|soixante|septante|huitante|octante|nonante|et';
// Digits first: most runs in a description are figures, and trying them first is measurably faster.
const SPELLED_TOKEN = `(?:[0-9]{1,10}|${NUMBER_WORD_SOURCE})`;
// ". " is left out so a sentence ending in a number word does not glue onto the next number.
const SPELLED_SEP = '(?: {1,2}| ?[,/-] ?|\\.)';
// \b rather than a lookbehind: V8 scans for it several times faster, and on
// folded text the two only differ around "_" and rare non-ASCII letters.
const SPELLED_RUN_SOURCE = `\\b${SPELLED_TOKEN}(?:${SPELLED_SEP}${SPELLED_TOKEN})+\\b`;

interface Token {
  text: string;
  start: number;
  end: number;
  digit: boolean;
}

interface ParsedNumber {
  digits: string;
  first: number;
  last: number;
  word: boolean;
}

function teenAt(t: Token[], j: number): [value: number, used: number] | null {
  const a = t[j]?.text;
  if (a === undefined) return null;
  if (a === 'dix') {
    const u = UNITS.get(t[j + 1]?.text ?? '');
    if (u !== undefined && u >= 7 && t[j + 1]?.text !== 'une') return [10 + u, 2];
    return [10, 1];
  }
  const v = TEENS.get(a);
  return v === undefined ? null : [v, 1];
}

function parseNumber(t: Token[], i: number): ParsedNumber | null {
  const tok = t[i];
  if (tok === undefined) return null;
  if (tok.digit) return { digits: tok.text, first: i, last: i, word: false };
  const w = tok.text;
  if (w === 'et') return null;
  if (w === 'zero') return { digits: '0', first: i, last: i, word: true };

  let tens = TENS.get(w);
  let j = i + 1;
  if (w === 'quatre' && (t[j]?.text === 'vingt' || t[j]?.text === 'vingts')) {
    tens = 80;
    j++;
  }
  if (tens !== undefined) {
    let value = tens;
    const next = t[j]?.text;
    if (next === 'et' && (t[j + 1]?.text === 'un' || t[j + 1]?.text === 'une')) {
      value += 1;
      j += 2;
    } else if (next === 'et' && t[j + 1]?.text === 'onze' && tens === 60) {
      value += 11;
      j += 2;
    } else if (tens === 60 || tens === 80) {
      const teen = teenAt(t, j);
      if (teen !== null) {
        value += teen[0];
        j += teen[1];
      } else {
        const u = UNITS.get(next ?? '');
        if (u !== undefined) {
          value += u;
          j++;
        }
      }
    } else {
      const u = UNITS.get(next ?? '');
      if (u !== undefined) {
        value += u;
        j++;
      }
    }
    return { digits: String(value), first: i, last: j - 1, word: true };
  }
  const teen = teenAt(t, i);
  if (teen !== null) return { digits: String(teen[0]), first: i, last: i + teen[1] - 1, word: true };
  const u = UNITS.get(w);
  return u === undefined ? null : { digits: String(u), first: i, last: i, word: true };
}

/** "01/09/2026 quinze jours": a date followed by a number word is not a phone. */
function opensWithDate(seg: ParsedNumber[], i: number): boolean {
  const [day, month, year] = [seg[i], seg[i + 1], seg[i + 2]];
  if (day === undefined || month === undefined || year === undefined || day.word || month.word || year.word) return false;
  return (
    day.digits.length <= 2 &&
    Number(day.digits) <= 31 &&
    month.digits.length <= 2 &&
    Number(month.digits) >= 1 &&
    Number(month.digits) <= 12 &&
    year.digits.length === 4 &&
    (year.digits.startsWith('19') || year.digits.startsWith('20'))
  );
}

/** French national or +33 number, once words are turned into digits. */
function phoneShaped(d: string): boolean {
  const national = (n: string): boolean => n.length === 9 && n.charCodeAt(0) !== 0x30;
  if (d.startsWith('0033')) return national(d.slice(4)) || (d.charCodeAt(4) === 0x30 && national(d.slice(5)));
  if (d.startsWith('33')) return national(d.slice(2)) || (d.charCodeAt(2) === 0x30 && national(d.slice(3)));
  return d.charCodeAt(0) === 0x30 && national(d.slice(1));
}

type LegalCheck = (f: string, pos: number) => number;
type UnitCheck = (f: string, pos: number) => boolean;
type TakenCheck = (start: number, end: number) => boolean;

function createSpelledDetector(): (f: string, out: Span[], legal: LegalCheck, unit: UnitCheck, taken: TakenCheck) => void {
  const runRe = new RegExp(SPELLED_RUN_SOURCE, 'g');
  const tokenRe = /[a-z]+|[0-9]+/g;
  const hasLetterRe = /[a-z]/;

  function flush(seg: ParsedNumber[], t: Token[], f: string, out: Span[], legal: LegalCheck, unit: UnitCheck): void {
    // Legal numbers are never spelled out, but one may lead the run in digits:
    // skip it when its length matches exactly, as the digit scanner does.
    let s = 0;
    const skip = legal(f, t[seg[0]?.first ?? -1]?.start ?? 0);
    if (skip > 0) {
      let consumed = 0;
      let k = 0;
      while (k < seg.length && consumed < skip && seg[k]?.word === false) consumed += seg[k++]?.digits.length ?? 0;
      if (consumed === skip) s = k;
    }
    // A phone never starts or ends between two digit groups: that is how
    // "2024-06-30 un, deux…" keeps its "06 30" and "… 2022 un" its year.
    const canCut = (k: number): boolean => k === s || k === seg.length || seg[k - 1]?.word === true || seg[k]?.word === true;

    for (let i = s; i < seg.length; ) {
      let end = -1;
      if (canCut(i)) {
        // Words alone ("zéro six douze …") only need to be worth 8 digits.
        let j = i;
        let worth = 0;
        while (j < seg.length && seg[j]?.word === true) worth += seg[j++]?.digits.length ?? 0;
        if (worth >= 8) end = j;
        // Mixed with digit groups ("zero six 12 34 56 78") they must add up
        // to a phone number; the longest such window wins.
        let digits = '';
        let words = 0;
        for (let k = i; k < seg.length && digits.length < 13; k++) {
          digits += seg[k]?.digits ?? '';
          if (seg[k]?.word === true) words++;
          if (words > 0 && k + 1 > end && canCut(k + 1) && phoneShaped(digits) && !opensWithDate(seg, i)) end = k + 1;
        }
      }
      const firstTok = t[seg[i]?.first ?? -1];
      const lastTok = t[seg[end - 1]?.last ?? -1];
      if (end > i && firstTok !== undefined && lastTok !== undefined && !unit(f, lastTok.end)) {
        out.push({ start: firstTok.start, end: lastTok.end, kind: 'phone' });
        i = end;
      } else {
        i++;
      }
    }
  }

  return (f, out, legal, unit, taken) => {
    runRe.lastIndex = 0;
    for (let m = runRe.exec(f); m !== null; m = runRe.exec(f)) {
      const run = m[0];
      // Cheap exit for the common case: no number word at all.
      if (!hasLetterRe.test(run)) continue;
      const base = m.index;
      const t: Token[] = [];
      tokenRe.lastIndex = 0;
      for (let tm = tokenRe.exec(run); tm !== null; tm = tokenRe.exec(run)) {
        const text = tm[0];
        t.push({ text, start: base + tm.index, end: base + tm.index + text.length, digit: isDigitCode(text.charCodeAt(0)) });
      }
      let seg: ParsedNumber[] = [];
      for (let i = 0; i < t.length; ) {
        const tok = t[i];
        // Digits already taken by a phone or another detail end the run there,
        // so "06 98 76 54 32-06 douze …" can start a second number at "06".
        if (tok !== undefined && taken(tok.start, tok.end)) {
          if (seg.length > 0) flush(seg, t, f, out, legal, unit);
          seg = [];
          i++;
          continue;
        }
        const num = parseNumber(t, i);
        if (num === null) {
          if (seg.length > 0) flush(seg, t, f, out, legal, unit);
          seg = [];
          i++;
          continue;
        }
        seg.push(num);
        i = num.last + 1;
      }
      if (seg.length > 0) flush(seg, t, f, out, legal, unit);
    }
  };
}
