/**
 * Text folding for detection.
 *
 * Detectors never look at the raw text: agencies (and people trying to slip
 * contact details past moderation) write the same thing with accents, capitals,
 * non-breaking spaces, curly apostrophes, full-width "＠", mathematical bold
 * digits or zero-width characters. Folding all of that to one plain lowercase
 * form lets every pattern stay small and linear. Because the output must keep
 * the original characters everywhere else, each folded character remembers the
 * original range it came from.
 */

export interface Folded {
  /** Lowercase, accent-free text with look-alike punctuation unified. */
  readonly text: string;
  /**
   * Original index of the character that produced folded character k, or
   * null when folding kept every character in place (the common case), so the
   * mapping is the identity and no per-call index arrays are needed.
   */
  readonly start: Int32Array | null;
  /** Original exclusive end index of that character (k + 1 when start is null). */
  readonly end: Int32Array | null;
}

/** Original index where folded character k starts. */
export const originalStart = (f: Folded, k: number): number => (f.start === null ? k : (f.start[k] ?? 0));

/** Original exclusive index where folded character k ends. */
export const originalEnd = (f: Folded, k: number): number => (f.end === null ? k + 1 : (f.end[k] ?? 0));

const APOSTROPHES = new Set([0x2018, 0x2019, 0x201b, 0x02bc, 0x02b9, 0x00b4, 0x2032, 0xff07, 0x0060]);
const DASHES = new Set([0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212, 0xfe58, 0xfe63, 0xff0d]);
const LINE_BREAKS = new Set([0x2028, 0x2029, 0x0085]);

const MARKS = /\p{M}/gu;
const FORMAT_CHAR = /^\p{Cf}$/u;
const WHITESPACE = /^\s$/u;

// Expansions longer than this (e.g. U+FDFA, a whole Arabic phrase) would only
// create noise for the detectors, so such characters are kept as they are.
const MAX_EXPANSION = 3;

// Folding a code point is pure, so results are memoised; the cap keeps a
// hostile input full of distinct code points from growing the cache forever.
const CACHE_LIMIT = 20_000;
const cache = new Map<number, string>();

function computeFold(cp: number): string {
  if (cp >= 0xd800 && cp <= 0xdfff) return String.fromCharCode(cp); // lone surrogate
  if (APOSTROPHES.has(cp)) return "'";
  if (DASHES.has(cp)) return '-';
  if (LINE_BREAKS.has(cp)) return '\n';
  const ch = String.fromCodePoint(cp);
  // Zero-width and bidi controls are invisible, so they are dropped: "06\u200B12…"
  // must read as "0612…".
  if (FORMAT_CHAR.test(ch)) return '';
  if (WHITESPACE.test(ch)) return ' ';
  const folded = ch.normalize('NFKD').replace(MARKS, '').toLowerCase();
  if (folded.length === 0) return ''; // a stray combining mark
  if (folded.length > MAX_EXPANSION) return ch.toLowerCase().length === ch.length ? ch.toLowerCase() : ch;
  return folded;
}

function foldCodePoint(cp: number): string {
  let r = cache.get(cp);
  if (r === undefined) {
    r = computeFold(cp);
    if (cache.size < CACHE_LIMIT) cache.set(cp, r);
  }
  return r;
}

// What lowercasing or folding changes: capitals (whole runs of them), tabs
// and non-ASCII characters.
const CHANGES_RE = /[A-Z]+|[\t\u0080-\uffff]/g;
// Everything toLowerCase() does not already fold: non-ASCII and tabs.
const NEEDS_FOLD_RE = /[\t\u0080-\uffff]/g;
const SIGMA = 0x3a3;

// What the fast path turns one code unit of the original text into: its
// lowercase, folded when that is a tab or non-ASCII; NOT_IN_PLACE when the
// result is not exactly one code unit (dropped, expanded, "İ" lowercased).
// Filled on first use (UNKNOWN until then); a flat table is much cheaper to
// consult than the Map cache above.
const UNKNOWN = -1;
const NOT_IN_PLACE = -2;
const unitFold = new Int32Array(0x10000).fill(UNKNOWN);

function foldUnit(c: number): number {
  let r = unitFold[c] ?? NOT_IN_PLACE;
  if (r === UNKNOWN) {
    const lower = String.fromCharCode(c).toLowerCase();
    const l = lower.length === 1 ? lower.charCodeAt(0) : -1;
    const folded = l < 0 ? '' : l < 0x80 && l !== 0x09 ? lower : foldCodePoint(l);
    r = folded.length === 1 ? folded.charCodeAt(0) : NOT_IN_PLACE;
    unitFold[c] = r;
  }
  return r;
}

export function fold(s: string): Folded {
  // Fast path: the few characters that change (capitals, accents, curly
  // apostrophes…) are replaced one by one in a copy. It is only valid when
  // every character folds to exactly one code unit in place; otherwise the
  // exact path below decides, and anything else (dropped zero-width,
  // ligature, surrogate pair) takes the slow path, which builds the index map.
  const direct = foldDirect(s);
  if (direct !== null) return { text: direct, start: null, end: null };
  const lower = s.toLowerCase();
  if (lower.length === s.length) {
    const text = foldLowered(lower);
    if (text !== null) return { text, start: null, end: null };
  }
  return foldWithMap(s);
}

// UTF-16 scratch copy for the fast paths, reused between calls (single-
// threaded: it is turned into a string before they return).
let units = Buffer.allocUnsafe(8192);

/** Copies s into `units`. */
function copyUnits(s: string): void {
  if (units.length < 2 * s.length) units = Buffer.allocUnsafe(4 * s.length);
  units.write(s, 0, 'utf16le');
}

/** Writes code unit r at index i of the copy (little-endian UTF-16). */
function putUnit(i: number, r: number): void {
  units[2 * i] = r & 0xff;
  units[2 * i + 1] = r >>> 8;
}

/**
 * The folded text, or null when a character needs the exact path: a capital
 * sigma (lowercased by context, "ς" at the end of a word), a surrogate, or
 * one that does not fold in place.
 */
function foldDirect(s: string): string | null {
  // test() rather than replace() with a callback: every hit but a run of
  // capitals is one code unit (so it sits at lastIndex - 1), and French
  // descriptions have dozens. Lowercasing the whole text first would cost a
  // pass of its own; per character it is the same but for the sigma. The
  // changes are written over a native UTF-16 copy, which comes back as one
  // flat string (pieces glued with + would have to be flattened by the first
  // detector).
  const re = CHANGES_RE;
  re.lastIndex = 0;
  let copied = false;
  while (re.test(s)) {
    const i = re.lastIndex - 1;
    const c = s.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) {
      if (!copied) copyUnits(s);
      copied = true;
      // The run of capitals ends at i (nothing before it is a capital).
      for (let j = i; j >= 0; j--) {
        const d = s.charCodeAt(j);
        if (d < 0x41 || d > 0x5a) break;
        units[2 * j] = d + 32;
      }
      continue;
    }
    if (c === SIGMA || (c >= 0xd800 && c <= 0xdfff)) return null;
    const r = foldUnit(c);
    if (r === c) continue;
    if (r < 0) return null;
    if (!copied) copyUnits(s);
    copied = true;
    putUnit(i, r);
  }
  return copied ? units.toString('utf16le', 0, 2 * s.length) : s;
}

/** `lower` (s lowercased as a whole) with every character folded, or null if one does not fold in place. */
function foldLowered(lower: string): string | null {
  const re = NEEDS_FOLD_RE;
  re.lastIndex = 0;
  let copied = false;
  while (re.test(lower)) {
    const i = re.lastIndex - 1;
    const c = lower.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      // A surrogate pair (mathematical digits fold to ASCII) needs the slow
      // path; a lone surrogate is kept as it is.
      const d = lower.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) return null;
      continue;
    }
    const folded = foldCodePoint(c);
    if (folded.length !== 1) return null;
    const r = folded.charCodeAt(0);
    if (r === c) continue;
    if (!copied) copyUnits(lower);
    copied = true;
    putUnit(i, r);
  }
  return copied ? units.toString('utf16le', 0, 2 * lower.length) : lower;
}

// Reused between calls: the folded code units are turned into a string before
// foldWithMap() returns, so sharing the scratch buffer is safe in
// single-threaded JS.
let scratch = new Uint16Array(4096);
const CHUNK = 8192;

function foldWithMap(s: string): Folded {
  const n = s.length;
  const cap = n * MAX_EXPANSION + 1;
  if (scratch.length < cap) scratch = new Uint16Array(cap);
  const codes = scratch;
  const start = new Int32Array(cap);
  const end = new Int32Array(cap);
  let k = 0;
  for (let i = 0; i < n;) {
    const c = s.charCodeAt(i);
    if (c < 0x80) {
      codes[k] = c >= 0x41 && c <= 0x5a ? c + 32 : c === 0x09 ? 0x20 : c;
      start[k] = i;
      end[k] = i + 1;
      k++;
      i++;
      continue;
    }
    let cp = c;
    let len = 1;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        cp = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
        len = 2;
      }
    }
    const r = foldCodePoint(cp);
    for (let j = 0; j < r.length; j++) {
      codes[k] = r.charCodeAt(j);
      start[k] = i;
      end[k] = i + len;
      k++;
    }
    i += len;
  }
  let text = '';
  for (let off = 0; off < k; off += CHUNK) {
    text += String.fromCharCode.apply(null, codes.subarray(off, Math.min(k, off + CHUNK)) as unknown as number[]);
  }
  return { text, start: start.subarray(0, k), end: end.subarray(0, k) };
}
