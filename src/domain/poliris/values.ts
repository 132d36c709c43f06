import { isCalendarDate } from '../listing-model/legal-fields.js';

/**
 * Values as passerelle files write them, read and written in one place (docs/poliris.md,
 * "Values"). Reading answers the value, null for an empty field, or why it is not one, in
 * French, for the agency's report.
 */
export type Read<T> = { ok: true; value: T | null } | { ok: false; reason: string };

const EMPTY = { ok: true, value: null } as const;
const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const no = (reason: string): Read<never> => ({ ok: false, reason });

/** A value quoted back in a message, cut so that a report never repeats a whole field. */
export function quoted(value: string): string {
  return `« ${value.length > 40 ? `${value.slice(0, 39)}…` : value} »`;
}

// Plain digits with an optional decimal part after a point or a comma, or digits grouped by
// three with a space, a no-break space or a narrow no-break space, as French software prints them.
const PLAIN = /^-?\d+(?:[.,]\d+)?$/;
const GROUPED = /^-?\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:[.,]\d+)?$/;

/** A number: `250000`, `250000.50`, `250000,50`, `1 250 000`; anything else (`NC`, `250 k€`) is not one. */
export function readNumber(text: string): Read<number> {
  const value = text.trim();
  if (value === '') return EMPTY;
  if (!PLAIN.test(value) && !GROUPED.test(value))
    return no(`${quoted(value)} n’est pas un nombre (exemples : 250000, 250000.50 ou 1 250 000)`);
  return ok(Number(value.replace(/[ \u00a0\u202f]/g, '').replace(',', '.')));
}

const YES = new Set(['OUI', 'O', '1']);
const NO = new Set(['NON', 'N', '0']);

/** OUI or NON, as the format writes yes and no; 1 and 0 too. */
export function readYesNo(text: string): Read<boolean> {
  const value = text.trim().toUpperCase();
  if (value === '') return EMPTY;
  if (YES.has(value)) return ok(true);
  if (NO.has(value)) return ok(false);
  return no(`${quoted(text.trim())} n’est ni OUI ni NON`);
}

const FRENCH_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** A date written JJ/MM/AAAA that exists, as `YYYY-MM-DD`; `00/00/0000`, which some software writes for none, is none. */
export function readDate(text: string): Read<string> {
  const value = text.trim();
  if (value === '' || value === '00/00/0000') return EMPTY;
  const match = FRENCH_DATE.exec(value);
  if (!match) return no(`${quoted(value)} n’est pas une date JJ/MM/AAAA`);
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return isCalendarDate(iso) ? ok(iso) : no(`${quoted(value)} n’est pas une date qui existe`);
}

/** A code compared as the agency may have typed it: lower case, accents and surrounding spaces aside, `-` as a space. */
export function foldCode(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[-_]/g, ' ')
    .replace(/\s*\/\s*/g, '/')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A number as the format writes it: a point before decimals, no grouping. */
export const writeNumber = (value: number | null | undefined): string => (value == null ? '' : String(value));

export const writeYesNo = (value: boolean | null | undefined): string => (value == null ? '' : value ? 'OUI' : 'NON');

/** `YYYY-MM-DD` as JJ/MM/AAAA. */
export const writeDate = (iso: string | null | undefined): string =>
  iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '';
