import { LEGAL_FIELD_NAMES, LEGAL_FIELDS, isCalendarDate, type LegalFields } from '../listing-model/legal-fields.js';

/**
 * The legal-mention fields of a raw pushed listing (ingestion), checked against their table:
 * each broken rule is reported through `fail(field, rule)`; the well-formed values are returned.
 */
export function readLegalFields(item: Record<string, unknown>, fail: (field: string, message: string) => undefined): LegalFields {
  const out: Record<string, unknown> = {};
  for (const name of LEGAL_FIELD_NAMES) {
    const value = item[name];
    if (value === undefined || value === null) continue;
    const spec = LEGAL_FIELDS[name];
    if (spec.kind === 'boolean') {
      if (typeof value === 'boolean') out[name] = value;
      else fail(name, 'must be true or false');
    } else if (spec.kind === 'date') {
      if (typeof value === 'string' && isCalendarDate(value)) out[name] = value;
      else fail(name, 'must be a date such as 2024-03-15 (YYYY-MM-DD)');
    } else if (typeof value !== 'number' || !Number.isFinite(value)) {
      fail(name, 'must be a number');
    } else if (spec.kind === 'integer' && !Number.isInteger(value)) {
      fail(name, 'must be a whole number');
    } else if (value < spec.min!) {
      fail(name, `must be at least ${spec.min} (a negative amount means nothing here)`);
    } else if (value > spec.max!) {
      fail(name, `must be at most ${spec.max}`);
    } else {
      out[name] = value;
    }
  }
  return out as LegalFields;
}
