import type { FieldError } from '../../platform/outcome.js';
import { parseTimestamp } from '../../platform/validation/timestamps.js';
import { FIELD_ERRORS_MAX, FIELD_NAME_MAX } from '../../platform/validation/schema-validator.js';
import { withHint } from '../../platform/validation/field-hints.js';

export const oneOf = (values: readonly string[]) => values.join(', ');

/** A field name a client chose, shortened: it decides how long it is. */
export const shortName = (name: string) => (name.length > FIELD_NAME_MAX ? `${name.slice(0, FIELD_NAME_MAX - 1)}…` : name);

/**
 * Reads the fields of one pushed listing, each by its rule, and keeps every problem as a
 * reason naming the field and the rule. A reader returns the value, null when the field is
 * absent and may be, or undefined when it was refused. Never throws, whatever the input.
 */
export class FieldReader {
  readonly errors: FieldError[] = [];

  constructor(private readonly item: Record<string, unknown>) {}

  readonly fail = (field: string, message: string): undefined => {
    this.errors.push({ field, message: `${field} ${message}` });
    return undefined;
  };

  /**
   * The first unknown fields only, their names shortened: a client chooses how many and how long.
   * `hint` names the field as this interface does when it was sent under another's name.
   */
  unknownFields(known: ReadonlySet<string>, hint?: (name: string) => string | undefined): void {
    for (const key of Object.keys(this.item)
      .filter((name) => !known.has(name))
      .slice(0, FIELD_ERRORS_MAX)) {
      this.fail(shortName(key), withHint('is not a known field of a listing', hint?.(key)));
    }
  }

  text(field: string, required: boolean, max: number): string | null | undefined {
    const value = this.item[field];
    if (value === undefined || value === null) return required ? this.fail(field, 'is required') : null;
    if (typeof value !== 'string') return this.fail(field, 'must be a string');
    const trimmed = value.trim();
    if (required && trimmed === '') return this.fail(field, 'must not be empty');
    if (value.length > max) return this.fail(field, `must be at most ${max} characters (got ${value.length})`);
    return trimmed === '' ? null : value;
  }

  whole(field: string, required: boolean, min: number, max: number, unit: string): number | null | undefined {
    const value = this.item[field];
    if (value === undefined || value === null) return required ? this.fail(field, 'is required') : null;
    if (typeof value !== 'number' || !Number.isFinite(value)) return this.fail(field, `must be a number${unit}`);
    if (!Number.isInteger(value)) return this.fail(field, `must be a whole number${unit}`);
    if (value < min) return this.fail(field, min === 1 ? `must be a positive whole number${unit}` : `must be at least ${min}${unit}`);
    if (value > max) return this.fail(field, `must be at most ${max}${unit}`);
    return value;
  }

  /** `hint` gives this interface's code for a value that is another's (interface-codes.ts). */
  choice<T extends string>(
    field: string,
    allowed: readonly T[],
    required: boolean,
    hint?: (field: string, value: unknown) => string | undefined,
  ): T | null | undefined {
    const value = this.item[field];
    if (value === undefined || value === null) return required ? this.fail(field, `is required (one of ${oneOf(allowed)})`) : null;
    if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value))
      return this.fail(field, withHint(`must be one of ${oneOf(allowed)}`, hint?.(field, value)));
    return value as T;
  }

  flag(field: string): boolean | undefined {
    const value = this.item[field];
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') return this.fail(field, 'must be true or false');
    return value;
  }

  timestamp(field: string): string | null | undefined {
    const value = this.item[field];
    if (value === undefined || value === null) return null;
    const parsed = typeof value === 'string' ? parseTimestamp(value) : null;
    return parsed ?? this.fail(field, 'must be an ISO 8601 timestamp such as 2026-03-01T09:30:00Z');
  }

  stringList(field: string, maxItems: number, maxLength: number): string[] | null | undefined {
    const value = this.item[field];
    if (value === undefined || value === null) return null;
    if (!Array.isArray(value)) return this.fail(field, 'must be an array of strings');
    if (value.length > maxItems) return this.fail(field, `must have at most ${maxItems} entries (got ${value.length})`);
    let ok = true;
    value.forEach((entry, i) => {
      if (typeof entry !== 'string' || entry.trim() === '') ok = this.fail(`${field}[${i}]`, 'must be a non-empty string') ?? false;
      else if (entry.length > maxLength) ok = this.fail(`${field}[${i}]`, `must be at most ${maxLength} characters`) ?? false;
    });
    return ok ? (value as string[]) : undefined;
  }
}
