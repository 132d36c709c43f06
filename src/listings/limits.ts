/**
 * Upper bounds on every string, number and list of a listing, shared by both interfaces.
 * Why these values: they are far above what real listings carry (portal descriptions rarely
 * pass 4,000 characters, galleries 40 photos) while keeping a 500-listing push under the
 * ingestion body limit and every row small enough to mask and hash quickly.
 */
export const LIMITS = {
  externalId: 100,
  title: 300,
  titleRecommended: 100,
  price: 1_000_000_000,
  charges: 1_000_000,
  surface: 1_000_000,
  rooms: 500,
  floorMin: -10,
  floorMax: 300,
  city: 100,
  neighborhood: 100,
  addressLine: 200,
  description: 10_000,
  features: 50,
  feature: 50,
  photos: 100,
  url: 2048,
  label: 200,
} as const;

// Lone UTF-16 surrogates are not text, and PostgreSQL refuses them in JSON. The native check
// (ES2024, in Node 20) is far faster than a regular expression with look-arounds.
const isWellFormed = (value: string) => (value as string & { isWellFormed(): boolean }).isWellFormed();

/**
 * Strings PostgreSQL cannot store (NUL) or that are not Unicode text (lone surrogates),
 * anywhere in a parsed body: refused up front so they never reach the database as a 500.
 */
export function unsafeTextErrors(value: unknown, path = ''): Array<{ field: string; message: string }> {
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

function unsafeTextPaths(value: unknown, path: string): Array<{ field: string; message: string }> {
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

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** ISO 8601 date or date-time; a date-time without offset is read as UTC. */
export function isIsoTimestamp(value: string): boolean {
  if (!ISO_TIMESTAMP.test(value) || Number.isNaN(Date.parse(normaliseInput(value)))) return false;
  // Date.parse rolls 30 February over to March; the calendar date must exist as written.
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function normaliseInput(value: string): string {
  if (value.length === 10) return `${value}T00:00:00Z`;
  return /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`;
}

/** Stored in UTC so that sorting by it is meaningful. */
export function normaliseTimestamp(value: string): string {
  return new Date(Date.parse(normaliseInput(value))).toISOString();
}

export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
