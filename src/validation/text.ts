import type { FieldError } from '../outcome.js';

// Lone UTF-16 surrogates are not text, and PostgreSQL refuses them in JSON. The native check
// (ES2024, in Node 20) is far faster than a regular expression with look-arounds.
const isWellFormed = (value: string) => (value as string & { isWellFormed(): boolean }).isWellFormed();

/**
 * Strings PostgreSQL cannot store (NUL) or that are not Unicode text (lone surrogates),
 * anywhere in a parsed body: refused up front so they never reach the database as a 500.
 */
export function unsafeTextErrors(value: unknown, path = ''): FieldError[] {
  // Every listing of every push is checked: the common clean case allocates nothing.
  return hasUnsafeText(value) ? unsafeTextPaths(value, path) : [];
}

function hasUnsafeText(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000') || !isWellFormed(value);
  if (Array.isArray(value)) return value.some(hasUnsafeText);
  if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) if (hasUnsafeText((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

function unsafeTextPaths(value: unknown, path: string): FieldError[] {
  if (typeof value === 'string') {
    const field = path || 'body';
    if (value.includes('\u0000')) return [{ field, message: `${field} must not contain NUL characters` }];
    if (!isWellFormed(value)) return [{ field, message: `${field} must be valid Unicode text (it holds a lone surrogate)` }];
    return [];
  }
  if (Array.isArray(value)) return value.flatMap((entry, i) => unsafeTextPaths(entry, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, entry]) => unsafeTextPaths(entry, path ? `${path}.${key}` : key));
  }
  return [];
}

/** An absolute http(s) URL: what a listing's image may point to. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
