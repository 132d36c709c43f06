/**
 * Spelled-out phone numbers on folded text: "zéro six douze trente-quatre …",
 * or words mixed with digit groups, "zero six 12 34 56 78" (see phone.ts).
 *
 * A run is a stretch of number words and digit groups joined by short
 * separators; its numbers are parsed and a phone is reported when the words
 * alone are worth 8 digits or the run adds up to a French number.
 */
import { alternationByFirstChar } from './patterns.js';
import { isDigitCode, type Span } from './types.js';

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
// The words are grouped by first letter (same matches, cheaper scan).
const SPELLED_TOKEN = `(?:[0-9]{1,10}|${alternationByFirstChar([{ alternatives: NUMBER_WORD_SOURCE.split('|'), then: '' }])})`;
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
  if (d.startsWith('0033')) return nationalFrom(d, 4) || (d.charCodeAt(4) === 0x30 && nationalFrom(d, 5));
  if (d.startsWith('33')) return nationalFrom(d, 2) || (d.charCodeAt(2) === 0x30 && nationalFrom(d, 3));
  return d.charCodeAt(0) === 0x30 && nationalFrom(d, 1);
}

/** Whether d from index k is a 9-digit national number (no trunk zero). */
function nationalFrom(d: string, k: number): boolean {
  return d.length - k === 9 && d.charCodeAt(k) !== 0x30;
}

/**
 * A phone never starts or ends between two digit groups: that is how
 * "2024-06-30 un, deux…" keeps its "06 30" and "… 2022 un" its year.
 * `s` is where the segment's examination starts.
 */
function canCut(seg: readonly ParsedNumber[], s: number, k: number): boolean {
  return k === s || k === seg.length || seg[k - 1]?.word === true || seg[k]?.word === true;
}

export type LegalCheck = (f: string, pos: number) => number;
export type UnitCheck = (f: string, pos: number) => boolean;
export type TakenCheck = (start: number, end: number) => boolean;
/**
 * Pushes the spelled-out phones to `out`; `numberWords` are the start and end
 * of each NUMBER_WORD_LIST word of f (see words.ts), as consecutive pairs.
 */
export type SpelledDetector = (
  f: string,
  numberWords: readonly number[],
  out: Span[],
  legal: LegalCheck,
  unit: UnitCheck,
  taken: TakenCheck,
) => void;

const NUMBER_WORDS = new Set(NUMBER_WORD_SOURCE.split('|'));
/** The number words a number can start with ("et" only joins "vingt et un"), longer ones first. */
export const NUMBER_WORD_LIST: readonly string[] = [...NUMBER_WORDS].filter((w) => w !== 'et');
/** Length and first two letters of a word, as one number. */
const wordShape = (c0: number, c1: number, length: number): number => (c0 * 128 + c1) * 64 + Math.min(length, 63);
/** The number words by shape: other words are mostly told apart from the shape alone. */
const NUMBER_WORDS_BY_SHAPE = new Map<number, string[]>();
for (const w of NUMBER_WORDS) {
  const shape = wordShape(w.charCodeAt(0), w.charCodeAt(1), w.length);
  const same = NUMBER_WORDS_BY_SHAPE.get(shape);
  if (same === undefined) NUMBER_WORDS_BY_SHAPE.set(shape, [w]);
  else same.push(w);
}
/** Longest SPELLED_SEP (" , "). */
const MAX_SEP = 3;

/** Characters of SPELLED_SEP. */
const isSepCode = (c: number): boolean => c === 0x20 || c === 0x2c || c === 0x2f || c === 0x2d || c === 0x2e;
/** What \b counts as a word character. */
const isWordCode = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f;

/** First characters of tokens: digits and the number words' first letters. */
const TOKEN_START = new Uint8Array(128);
for (let c = 0x30; c <= 0x39; c++) TOKEN_START[c] = 1;
for (const w of NUMBER_WORDS) TOKEN_START[w.charCodeAt(0)] = 1;
/** Longest token: a group of 10 digits (number words are shorter). */
const LONGEST_TOKEN = 10;

/**
 * End of the word starting at a if it can be a run token (right first
 * character, not too long), else -1; the word is not read further than that.
 */
function tokenEnd(f: string, a: number): number {
  if (TOKEN_START[f.charCodeAt(a)] !== 1) return -1;
  let b = a + 1;
  while (b - a <= LONGEST_TOKEN && isWordCode(f.charCodeAt(b))) b++;
  return b - a > LONGEST_TOKEN ? -1 : b;
}

/** Start of the word ending at b if it can be a run token, else -1 (see tokenEnd). */
function tokenStart(f: string, b: number): number {
  let a = b - 1;
  while (a > 0 && b - a <= LONGEST_TOKEN && isWordCode(f.charCodeAt(a - 1))) a--;
  return b - a > LONGEST_TOKEN || TOKEN_START[f.charCodeAt(a)] !== 1 ? -1 : a;
}

/**
 * At most how many digits the word f[a..b) can add to a run: its own digits
 * (a group of up to 10), 2 for a number word (none is worth more, "soixante-
 * dix-huit" is 78 over three words), or -1 when it cannot be part of a run.
 */
function tokenWeight(f: string, a: number, b: number): number {
  let digits = true;
  for (let i = a; i < b && digits; i++) digits = isDigitCode(f.charCodeAt(i));
  if (digits) return b - a <= 10 ? b - a : -1;
  const candidates = NUMBER_WORDS_BY_SHAPE.get(wordShape(f.charCodeAt(a), f.charCodeAt(a + 1), b - a));
  if (candidates !== undefined) for (const w of candidates) if (f.startsWith(w, a)) return 2;
  return -1;
}

/**
 * Runs are not searched across the whole description: trying the run pattern
 * at every word costs more than anything else in the phone detector, and
 * almost every run it finds is a price or a surface, without a word. Every run
 * that can become a phone holds a number word other than "et" and is worth 8
 * digits, so:
 *  - the number words are found first (by the shared word scan, words.ts);
 *  - around each, the chain of possible tokens (words that can be in a run,
 *    joined by 1 to 3 separator characters, a superset of any run through
 *    that word) is weighed, and skipped when it cannot reach 8 digits;
 *  - in a heavier chain the run pattern is tried, sticky, at each word from
 *    the chain's first one. No run crosses a chain's edge, so these are
 *    exactly the runs a scan of the whole text finds there, and the runs left
 *    out elsewhere could not have produced anything.
 */
export function createSpelledDetector(): SpelledDetector {
  const runRe = new RegExp(SPELLED_RUN_SOURCE, 'y');
  const tokenRe = /[a-z]+|[0-9]+/g;
  const hasLetterRe = /[a-z]/;
  function flush(seg: ParsedNumber[], t: Token[], f: string, out: Span[], legal: LegalCheck, unit: UnitCheck): void {
    // Every phone below is worth at least 8 digits ("et un", "2 un" are not):
    // most segments stop here, before any context lookup.
    let total = 0;
    for (const n of seg) total += n.digits.length;
    if (total < 8) return;
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
    for (let i = s; i < seg.length;) {
      let end = -1;
      if (canCut(seg, s, i)) {
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
          if (words > 0 && k + 1 > end && canCut(seg, s, k + 1) && phoneShaped(digits) && !opensWithDate(seg, i)) end = k + 1;
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

  /** What the whole-text scan did with each run it found. */
  function runAt(f: string, m: RegExpExecArray, out: Span[], legal: LegalCheck, unit: UnitCheck, taken: TakenCheck): void {
    const run = m[0];
    // Cheap exit for the common case: no number word at all.
    if (!hasLetterRe.test(run)) return;
    const base = m.index;
    const t: Token[] = [];
    tokenRe.lastIndex = 0;
    for (let tm = tokenRe.exec(run); tm !== null; tm = tokenRe.exec(run)) {
      const text = tm[0];
      t.push({ text, start: base + tm.index, end: base + tm.index + text.length, digit: isDigitCode(text.charCodeAt(0)) });
    }
    let seg: ParsedNumber[] = [];
    for (let i = 0; i < t.length;) {
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

  /** The runs of the chain f[start..end), tried at each of its words. */
  function chainRuns(f: string, start: number, end: number, out: Span[], legal: LegalCheck, unit: UnitCheck, taken: TakenCheck): void {
    for (let s = start; s < end;) {
      if (!isWordCode(f.charCodeAt(s))) {
        s++;
        continue;
      }
      runRe.lastIndex = s;
      const m = runRe.exec(f);
      if (m !== null) {
        runAt(f, m, out, legal, unit, taken);
        s = runRe.lastIndex;
      } else {
        while (s < end && isWordCode(f.charCodeAt(s))) s++;
      }
    }
  }

  return (f, numberWords, out, legal, unit, taken) => {
    const n = f.length;
    let done = 0; // end of the last chain looked at
    for (let k = 0; k + 1 < numberWords.length; k += 2) {
      let start = numberWords[k] ?? 0;
      let end = numberWords[k + 1] ?? 0;
      if (start < done) continue;
      let weight = 2;
      // Left, then right, over tokens joined by 1 to MAX_SEP separator characters.
      for (;;) {
        let g = start;
        while (g > 0 && start - g < MAX_SEP && isSepCode(f.charCodeAt(g - 1))) g--;
        if (g === start || g === 0 || !isWordCode(f.charCodeAt(g - 1))) break;
        const ws = tokenStart(f, g);
        if (ws < 0) break;
        const add = tokenWeight(f, ws, g);
        if (add < 0) break;
        weight += add;
        start = ws;
      }
      for (;;) {
        let g = end;
        while (g < n && g - end < MAX_SEP && isSepCode(f.charCodeAt(g))) g++;
        if (g === end || g >= n || !isWordCode(f.charCodeAt(g))) break;
        const we = tokenEnd(f, g);
        if (we < 0) break;
        const add = tokenWeight(f, g, we);
        if (add < 0) break;
        weight += add;
        end = we;
      }
      done = end;
      if (weight >= 8) chainRuns(f, start, end, out, legal, unit, taken);
    }
  };
}
