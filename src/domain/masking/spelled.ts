/**
 * Spelled-out phone numbers on folded text: "zéro six douze trente-quatre …",
 * or words mixed with digit groups, "zero six 12 34 56 78" (see phone.ts).
 *
 * A run is a stretch of number words and digit groups joined by short
 * separators; its numbers are parsed and a phone is reported when the words
 * alone are worth 8 digits or the run adds up to a French number
 * (spelled-numbers.ts).
 */
import { alternationByFirstChar } from './patterns.js';
import { parseNumber, pushSpelledPhones, type LegalCheck, type ParsedNumber, type Token, type UnitCheck } from './spelled-numbers.js';
import { isDigitCode, type Span } from './types.js';

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

const TOKEN_RE = /[a-z]+|[0-9]+/g;
const HAS_LETTER_RE = /[a-z]/;

/** What the whole-text scan did with each run it found. */
function runAt(f: string, m: RegExpExecArray, out: Span[], legal: LegalCheck, unit: UnitCheck, taken: TakenCheck): void {
  const run = m[0];
  // Cheap exit for the common case: no number word at all.
  if (!HAS_LETTER_RE.test(run)) return;
  const base = m.index;
  const t: Token[] = [];
  TOKEN_RE.lastIndex = 0;
  for (let tm = TOKEN_RE.exec(run); tm !== null; tm = TOKEN_RE.exec(run)) {
    const text = tm[0];
    t.push({ text, start: base + tm.index, end: base + tm.index + text.length, digit: isDigitCode(text.charCodeAt(0)) });
  }
  let seg: ParsedNumber[] = [];
  for (let i = 0; i < t.length;) {
    const tok = t[i];
    // Digits already taken by a phone or another detail end the run there,
    // so "06 98 76 54 32-06 douze …" can start a second number at "06".
    if (tok !== undefined && taken(tok.start, tok.end)) {
      if (seg.length > 0) pushSpelledPhones(seg, t, f, out, legal, unit);
      seg = [];
      i++;
      continue;
    }
    const num = parseNumber(t, i);
    if (num === null) {
      if (seg.length > 0) pushSpelledPhones(seg, t, f, out, legal, unit);
      seg = [];
      i++;
      continue;
    }
    seg.push(num);
    i = num.last + 1;
  }
  if (seg.length > 0) pushSpelledPhones(seg, t, f, out, legal, unit);
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
