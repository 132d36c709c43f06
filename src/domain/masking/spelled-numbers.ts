/**
 * The numbers of a spelled-out run (spelled.ts): its tokens, number words
 * and digit groups, parsed into numbers ("soixante-dix-huit" is 78), and the
 * windows of those numbers that make a phone.
 */
import type { Span } from './types.js';

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

export interface Token {
  text: string;
  start: number;
  end: number;
  digit: boolean;
}

export interface ParsedNumber {
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

/** The number starting at token i (words joined as French writes them, or a digit group), or null. */
export function parseNumber(t: Token[], i: number): ParsedNumber | null {
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

/** Digits of the legal number a run at `pos` opens with (0 if none), as the digit scanner counts them. */
export type LegalCheck = (f: string, pos: number) => number;
/** Whether a figure's unit starts at `pos`. */
export type UnitCheck = (f: string, pos: number) => boolean;

/** Pushes the phones of one segment of parsed numbers `seg` (over the tokens `t` of f) to `out`. */
export function pushSpelledPhones(seg: ParsedNumber[], t: Token[], f: string, out: Span[], legal: LegalCheck, unit: UnitCheck): void {
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
