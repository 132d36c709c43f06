import type { FieldError } from '../outcome.js';
import { isStorableText, unstorableTextReason } from './storable.js';

/**
 * Strings PostgreSQL cannot store (NUL) or that are not Unicode text (lone surrogates),
 * anywhere in a parsed body: refused up front so they never reach the database as a 500.
 */
export function unsafeTextErrors(value: unknown, path = ''): FieldError[] {
  // Every listing of every push is checked: the common clean case allocates nothing.
  return hasUnsafeText(value) ? unsafeTextPaths(value, path) : [];
}

function hasUnsafeText(value: unknown): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (Array.isArray(value)) return value.some(hasUnsafeText);
  if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) if (hasUnsafeText((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

function unsafeTextPaths(value: unknown, path: string): FieldError[] {
  if (typeof value === 'string') {
    const field = path || 'body';
    const reason = unstorableTextReason(value);
    return reason === null ? [] : [{ field, message: `${field} ${reason}` }];
  }
  if (Array.isArray(value)) return value.flatMap((entry, i) => unsafeTextPaths(entry, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, entry]) => unsafeTextPaths(entry, path ? `${path}.${key}` : key));
  }
  return [];
}

/**
 * An absolute http(s) URL: what a listing's image may point to. Checked without building the URL
 * (a push checks a thousand): an http(s) URL that parses always has a host.
 */
export function isHttpUrl(value: string): boolean {
  return /^https?:\/\//i.test(value) && URL.canParse(value);
}
