/**
 * One scan of the folded text for the three word-level patterns: portal names
 * (portals.ts), number words (spelled.ts) and the written-out "at" of an
 * obfuscated address (web.ts).
 *
 * Each of them can only start at a word boundary, and trying a long list of
 * words at every word of a description is what such scans spend their time
 * on; one alternation, grouped by first letter, tried once per word costs far
 * less than three. The hits are exactly those of three separate global scans:
 *  - at any position the portal names are tried first, so a portal match is
 *    found wherever its own scan finds it (the others only ever consume one
 *    whole word, which a name cannot start inside);
 *  - number words and "at" words are whole words, so none is lost to another
 *    hit, except inside a portal match ("Sept Immo"): those few are looked
 *    for again within the match.
 * A "_" is the one character before which \b and the portal pattern's own
 * boundary (?<![a-z0-9]) disagree (folded text has no A-Z); a text with one
 * is scanned for each pattern separately.
 */
import { alternationByFirstChar } from './patterns.js';

/** The portal names as portals.ts builds them. */
export interface NamePatterns {
  /** One per name: tokens joined by optional separators, longer first. */
  alternatives: readonly string[];
  /** The separator pattern between the tokens of a name. */
  separator: string;
  /** What must follow a name (an optional domain suffix, no group). */
  tail: string;
  /** The whole pattern with its exact boundary, global; groups: name, suffix. */
  exact: RegExp;
}

/** A portal name as its pattern's global scan finds it. */
export interface NameMatch {
  start: number;
  end: number;
  /** The name as written (folded), separators included. */
  name: string;
  /** Whether a domain suffix (".com", ".fr"…) follows the name. */
  suffix: boolean;
}

export interface WordHits {
  readonly names: NameMatch[];
  /** Start and end of each number word, as consecutive pairs. */
  readonly numbers: number[];
  /** Start of each "at" word. */
  readonly ats: number[];
}

const NAME = 0;
const NUMBER = 1;
const AT = 2;
type Kind = typeof NAME | typeof NUMBER | typeof AT;

/** Length and first two characters of a word, as one small number (collisions are told apart by comparing). */
const shape = (c0: number, c1: number, length: number): number => ((c0 & 0x7f) << 13) | ((c1 & 0x7f) << 6) | Math.min(length, 63);

type KindTable = Map<number, Array<{ word: string; kind: Kind }>>;

/**
 * Which pattern a hit comes from is read from the text. The words are
 * looked up by length and first two letters (no hashing of the hit), then
 * compared. Names written without separators ("pap", "seloger", or a
 * custom "Six", "U Ne" as "une") come first: names are tried first, so such
 * a hit is a name even if it is also a number word. A hit that is none of
 * these words is a name (with separators or a suffix).
 */
function kindTable(names: NamePatterns | null, numberWords: readonly string[], atWords: readonly string[]): KindTable {
  const kinds: KindTable = new Map();
  const addKind = (word: string, kind: Kind): void => {
    const key = shape(word.charCodeAt(0), word.charCodeAt(1), word.length);
    const list = kinds.get(key);
    if (list === undefined) kinds.set(key, [{ word, kind }]);
    else list.push({ word, kind });
  };
  for (const a of names?.alternatives ?? []) addKind(a.split(names?.separator ?? '').join(''), NAME);
  for (const w of numberWords) addKind(w, NUMBER);
  for (const w of atWords) addKind(w, AT);
  return kinds;
}

function kindOf(kinds: KindTable, f: string, start: number, end: number): Kind {
  const list = kinds.get(shape(f.charCodeAt(start), f.charCodeAt(start + 1), end - start));
  if (list !== undefined) for (const { word, kind } of list) if (word.length === end - start && f.startsWith(word, start)) return kind;
  return NAME;
}

/**
 * A word inside a portal match is some of its name's consecutive tokens
 * (joined when written without separators) or its domain suffix, which is
 * never a number or "at" word: with the default names there is nothing to
 * look for there.
 */
function namesHoldWords(names: NamePatterns | null, numberWords: readonly string[], atWords: readonly string[]): boolean {
  const isWord = (w: string): boolean => numberWords.includes(w) || atWords.includes(w);
  return (names?.alternatives ?? []).some((a) => {
    const tokens = a.split(names?.separator ?? '');
    for (let i = 0; i < tokens.length; i++) {
      for (let j = i + 1; j <= tokens.length; j++) if (isWord(tokens.slice(i, j).join(''))) return true;
    }
    return false;
  });
}

export function createWordScanner(
  names: NamePatterns | null,
  numberWords: readonly string[],
  atWords: readonly string[],
): (f: string) => WordHits {
  const combined = new RegExp(
    `\\b${alternationByFirstChar([
      { alternatives: names?.alternatives ?? [], then: names?.tail ?? '' },
      { alternatives: numberWords, then: '\\b' },
      { alternatives: atWords, then: '\\b' },
    ])}`,
    'g',
  );
  const numberRe = new RegExp(`\\b${alternationByFirstChar([{ alternatives: numberWords, then: '\\b' }])}`, 'g');
  const atRe = new RegExp(`\\b${alternationByFirstChar([{ alternatives: atWords, then: '\\b' }])}`, 'g');
  const kinds = kindTable(names, numberWords, atWords);
  const wordsInNames = namesHoldWords(names, numberWords, atWords);

  function pushNumbers(f: string, numbers: number[]): void {
    numberRe.lastIndex = 0;
    for (let m = numberRe.exec(f); m !== null; m = numberRe.exec(f)) numbers.push(m.index, m.index + m[0].length);
  }

  function pushAts(f: string, ats: number[]): void {
    atRe.lastIndex = 0;
    for (let m = atRe.exec(f); m !== null; m = atRe.exec(f)) ats.push(m.index);
  }

  /** Number and "at" words inside f[start..end), a portal match. */
  function pushInside(f: string, start: number, end: number, hits: WordHits): void {
    // Scanning the slice finds the same words: a match starts and ends at word boundaries.
    const part = f.slice(start, end);
    const numbers: number[] = [];
    const ats: number[] = [];
    pushNumbers(part, numbers);
    pushAts(part, ats);
    for (const n of numbers) hits.numbers.push(start + n);
    for (const a of ats) hits.ats.push(start + a);
  }

  return (f) => {
    const hits: WordHits = { names: [], numbers: [], ats: [] };
    if (names !== null && f.includes('_')) {
      const exact = names.exact;
      exact.lastIndex = 0;
      for (let m = exact.exec(f); m !== null; m = exact.exec(f)) {
        hits.names.push({ start: m.index, end: m.index + m[0].length, name: m[1] ?? '', suffix: m[2] !== undefined });
      }
      pushNumbers(f, hits.numbers);
      pushAts(f, hits.ats);
      return hits;
    }
    combined.lastIndex = 0;
    for (let m = combined.exec(f); m !== null; m = combined.exec(f)) {
      const start = m.index;
      const end = combined.lastIndex;
      const kind = kindOf(kinds, f, start, end);
      if (kind === NUMBER) {
        hits.numbers.push(start, end);
      } else if (kind === AT) {
        hits.ats.push(start);
      } else {
        // Names are letters, digits and separators: a "." starts the suffix.
        const word = m[0];
        const dot = word.indexOf('.');
        hits.names.push({ start, end, name: dot < 0 ? word : word.slice(0, dot), suffix: dot >= 0 });
        if (wordsInNames) pushInside(f, start, end, hits);
      }
    }
    return hits;
  };
}
