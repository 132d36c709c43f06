/**
 * What PostgreSQL can take. A value that breaks these rules makes PostgreSQL fail the whole
 * statement (and so the whole request, or a whole push) with an error the service can only
 * answer as a 500. Every request value is held to them before it can reach a query: the Ajv
 * setup (`schema-validator.ts`) applies them to every string of every schema.
 */

// Lone UTF-16 surrogates are not text, and PostgreSQL refuses them in JSON. The native check
// (ES2024) is far faster than a regular expression with look-arounds.
const isWellFormed = (value: string) => (value as string & { isWellFormed(): boolean }).isWellFormed();

/** Why PostgreSQL would refuse this text, or null when it can store it. */
export function unstorableTextReason(value: string): string | null {
  // PostgreSQL text cannot hold NUL: not in a column, not in jsonb, not even in a comparison.
  if (value.includes('\u0000')) return 'must not contain NUL characters';
  if (!isWellFormed(value)) return 'must be valid Unicode text (it holds a lone surrogate)';
  return null;
}

export const isStorableText = (value: string) => unstorableTextReason(value) === null;

/**
 * The instants the service accepts: years 0001 to 9999 in UTC. PostgreSQL has no year 0
 * (0000-01-01 is "date/time field value out of range"), and ISO 8601 without its expanded
 * form writes years in four digits. The bound applies in UTC: 0001-01-01T00:00:00+01:00 is
 * still in year 0.
 */
export const EARLIEST_INSTANT = '0001-01-01T00:00:00Z';
export const LATEST_INSTANT = '9999-12-31T23:59:59.999Z';
const EARLIEST_MS = Date.parse(EARLIEST_INSTANT);
const LATEST_MS = Date.parse(LATEST_INSTANT);

export function isStorableInstant(epochMs: number): boolean {
  return Number.isFinite(epochMs) && epochMs >= EARLIEST_MS && epochMs <= LATEST_MS;
}

/** The service's own id formats are owned by `../db/ids.ts`; still exported here for the pages that import it from here. */
export { idPattern } from '../db/ids.js';

/**
 * Identifiers chosen by agencies (externalId): any text but control characters, which no
 * CRM puts in an id and which PostgreSQL cannot always store (NUL).
 */
export const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u001f\\u007f]+$';

const WITHOUT_CONTROL_CHARACTERS = new RegExp(NO_CONTROL_CHARACTERS);

/**
 * The id a refused item carried, to echo in its error entry when it is a well-formed one;
 * otherwise null (the entry's reason says what is wrong with it). An answer never repeats
 * a megabyte-long or control-character "id" back.
 */
export function echoableId(value: unknown, maxLength: number): string | null {
  return typeof value === 'string' && value.length <= maxLength && WITHOUT_CONTROL_CHARACTERS.test(value) && isStorableText(value)
    ? value
    : null;
}
