import { isStorableInstant } from './storable.js';

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A `+` in a query string decodes to a space (form encoding), so `modifiedSince=2026-01-01T00:00:00+01:00`
 * typed without URL-encoding arrives as `2026-01-01T00:00:00 01:00`. A space before an offset can
 * mean nothing else: the `+` is put back. Any other value is returned as it is.
 */
export function restoreQueryOffset(value: string): string {
  return value.replace(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?) (\d{2}:?\d{2})$/i, '$1+$2');
}

/** ISO 8601 date or date-time; a date-time without offset is read as UTC. */
export function isIsoTimestamp(value: string): boolean {
  return parseTimestamp(value) !== null;
}

/**
 * The timestamp in UTC (`toISOString` form), so that sorting by it is meaningful, or null
 * when it is not an ISO 8601 date or date-time of a date that exists.
 */
export function parseTimestamp(value: string): string | null {
  return utcSecondsFastPath(value) ?? parseTimestampSlowly(value);
}

// What CRMs send almost always: seconds in UTC ("2026-01-15T10:00:00Z", milliseconds optional).
// Checked by arithmetic, without Date.parse, because every listing of a push carries one or two.
const UTC_SECONDS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{3})?Z$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function utcSecondsFastPath(value: string): string | null {
  const m = UTC_SECONDS.exec(value);
  if (m === null) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // Years before 1900 (the Date API's two-digit years, calendar reforms) take the general path.
  if (year < 1900 || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day < 1 || day > (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!)) return null;
  return `${value.slice(0, 19)}${m[7] ?? '.000'}Z`;
}

function parseTimestampSlowly(value: string): string | null {
  if (!ISO_TIMESTAMP.test(value)) return null;
  const time = Date.parse(normaliseInput(value));
  if (!isStorableInstant(time)) return null;
  // Date.parse rolls 30 February over to March; the calendar date must exist as written.
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return new Date(time).toISOString();
}

function normaliseInput(value: string): string {
  if (value.length === 10) return `${value}T00:00:00Z`;
  return /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`;
}

/** Stored in UTC so that sorting by it is meaningful; the value must already have passed isIsoTimestamp. */
export function normaliseTimestamp(value: string): string {
  const parsed = parseTimestamp(value);
  if (parsed === null) throw new RangeError(`normaliseTimestamp: ${JSON.stringify(value)} is not a valid timestamp`);
  return parsed;
}
