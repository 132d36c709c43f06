/**
 * What the text around a digit run says about it: a legal keyword before it
 * (SIREN, SIRET, RCS, RSAC, CPI, carte professionnelle, TVA) or a unit after
 * it (€, m², %, kWh, lots, ans…) makes it a figure, not a phone; and the
 * details the other detectors found (e-mails, links, portals) are not part
 * of it.
 */
import { alternationByFirstChar } from './patterns.js';
import { overlapChecker } from './spans.js';
import { isDigitCode, type Span } from './types.js';

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

/** The context checks of one detector, for the text being scanned. */
export interface RunContext {
  /** Sets the details found by the other detectors in the current text (none after a scan). */
  setOthers(found: readonly Span[]): void;
  /** Whether a range overlaps one of those details. */
  overlapsOther(start: number, end: number): boolean;
  /** Whether a figure's unit starts at `pos`. */
  followedByUnit(f: string, pos: number): boolean;
  /** Digits of the run starting at `pos` that belong to a legal mention (0 if none). */
  legalSkip(f: string, pos: number): number;
}

/** Its regexes and state are created once, with the detector, and reused on every text. */
export function createRunContext(): RunContext {
  const unitRe = new RegExp(UNIT_SOURCE, 'y');
  const legalRe = new RegExp(LEGAL_SOURCE, 'g');
  const legalFastRe = new RegExp(LEGAL_FAST_SOURCE, 'g');
  const cueRe = new RegExp(PHONE_CUE_SOURCE);
  const noOverlap = (): boolean => false;
  let overlapsOther: (start: number, end: number) => boolean = noOverlap;

  function followedByUnit(f: string, pos: number): boolean {
    unitRe.lastIndex = pos;
    if (!unitRe.test(f)) return false;
    // "kWh.com" or "lots@…" is a detail of its own, not the unit of this number.
    return !overlapsOther(pos, unitRe.lastIndex);
  }

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

  return {
    setOthers(found) {
      overlapsOther = found.length === 0 ? noOverlap : overlapChecker(found);
    },
    overlapsOther: (start, end) => overlapsOther(start, end),
    followedByUnit,
    legalSkip,
  };
}
