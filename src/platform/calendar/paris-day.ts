/**
 * The calendar day in France (Europe/Paris) of an instant, as `YYYY-MM-DD`, its hour, and
 * arithmetic on such days. The pro space's daily figures (calls, audience), the API's audience
 * rows and the 08:00 mails are days of Paris: a visit at 23:30 in Paris on 31 March is counted on
 * 31 March, whatever the server's own time zone. This folder is the only place that names the
 * time zone (an ESLint rule holds it): the French dates of pages and mails are in
 * `french-time.ts`.
 */
export const PARIS_TIME_ZONE = 'Europe/Paris';

const format = new Intl.DateTimeFormat('en-CA', { timeZone: PARIS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

// The day of the last second asked for: a request log line or a counted view asks for the day
// of nearly the same instant as the one before, and formatting costs ~0.9 µs a call. Paris has
// changed its offset only by whole seconds, so a second never spans two days.
let last = { second: Number.NaN, day: '' };

export const parisDay = (at: Date): string => {
  const second = Math.floor(at.getTime() / 1000);
  if (second !== last.second) last = { second, day: format.format(at) };
  return last.day;
};

const dayAndHour = new Intl.DateTimeFormat('en-CA', {
  timeZone: PARIS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The day (`YYYY-MM-DD`) and the hour (0–23) in Paris at `at`. */
export function parisClock(at: Date): { day: string; hour: number } {
  const parts = Object.fromEntries(dayAndHour.formatToParts(at).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Noon UTC of a day: arithmetic in whole days never crosses a boundary by a daylight-saving hour. */
function noonOf(day: string): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years 0–99 as they are.
  at.setUTCFullYear(year, month - 1, date);
  at.setUTCHours(12);
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === date ? at : null;
}

const asDay = (at: Date) => at.toISOString().slice(0, 10);

/** Whether `text` is a day of the calendar written `YYYY-MM-DD`, from 0001-01-01 to 9999-12-31 (2026-02-30 is not). */
export const isCalendarDay = (text: string): boolean => {
  const at = noonOf(text);
  return at !== null && at.getUTCFullYear() >= 1;
};

/** The day `n` days after `day` (before it for a negative `n`). `day` must be a calendar day. */
export function addDays(day: string, n: number): string {
  const at = noonOf(day);
  if (!at) throw new RangeError(`not a calendar day: ${day}`);
  return asDay(new Date(at.getTime() + n * DAY_MS));
}

/** How many days from `from` to `to`, both counted: 1 for the same day, 0 or less when `from` is after `to`. */
export function daysFromTo(from: string, to: string): number {
  const [start, end] = [noonOf(from), noonOf(to)];
  if (!start || !end) throw new RangeError(`not calendar days: ${from}, ${to}`);
  return Math.round((end.getTime() - start.getTime()) / DAY_MS) + 1;
}

/** Every day from `from` to `to`, both included, in order. */
export const daysOf = (from: string, to: string): string[] =>
  Array.from({ length: Math.max(0, daysFromTo(from, to)) }, (_, i) => addDays(from, i));
