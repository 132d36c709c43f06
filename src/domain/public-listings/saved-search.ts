import { communeCodes, departmentOfCommune } from '../geography/index.js';
import { ENERGY_CLASSES } from '../listing-model/model.js';
import type { SearchFilters } from './model.js';

/**
 * A search kept for later (an e-mail alert, docs/decisions.md §18) and the other way round from
 * `whereClause` (search.ts): there a search finds its listings; here a new listing finds the
 * saved searches it belongs to. Both are one rule, "which listings a search shows", written
 * twice because they run in opposite directions; test/domain/public-listings/saved-search.test.ts
 * holds them together on generated listings and filters.
 *
 * A saved search is stored as its filters (canonical JSON, also its identity) and one column per
 * filter, and a lookup key: its most selective place (postcode or its first digits, city,
 * département, région or anywhere), its transaction and its property type (or "any" for each).
 * Matching a batch of new listings is, per listing, 28 exact probes of the index on that key
 * (each key the listing may fall under), then the comparisons below on the few searches found:
 * its cost follows the new listings and the searches they match, never the number of alerts.
 *
 * Each filter says how a saved search compares it (`MATCH`, keyed by every filter of
 * SearchFilters): a filter added to the search fails to compile here until it says how alerts
 * match it, with a column of `alert_searches` and one condition.
 */

/** The filters in a fixed order, without empty ones: the same search always gives the same text. */
export function savedSearchKey(filters: SearchFilters): string {
  const entries = Object.entries(filters)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(Object.fromEntries(entries));
}

/** `alert_searches` columns a saved search fills, in the order of `savedSearchParams`. */
export const SAVED_SEARCH_COLUMNS =
  'lookup_key, transaction, property_type, city_fold, postcode, price_min, price_max, surface_min, rooms_min, dpe_accepted, q, insee_codes, department_code, region_code';

/**
 * The parameters of `savedSearchValuesSql`: one per filter, '' or NULL for "any", then the
 * département the lookup key names (the filter's, else the commune's). A commune is stored as
 * the codes it covers (an unknown one as none, which nothing matches, as `whereClause` finds).
 */
export function savedSearchParams(filters: SearchFilters): unknown[] {
  const accepted = filters.dpeMax ? ENERGY_CLASSES.slice(0, ENERGY_CLASSES.indexOf(filters.dpeMax) + 1) : null;
  return [
    filters.transaction ?? '',
    filters.category ?? '',
    filters.city ?? null,
    filters.postcode ?? null,
    filters.priceMin ?? null,
    filters.priceMax ?? null,
    filters.surfaceMin ?? null,
    filters.roomsMin ?? null,
    accepted,
    filters.q ?? null,
    filters.commune === undefined ? null : (communeCodes(filters.commune) ?? []),
    filters.department ?? null,
    filters.region ?? null,
    filters.department ?? (filters.commune === undefined ? null : departmentOfCommune(filters.commune)),
  ];
}

/**
 * The VALUES of SAVED_SEARCH_COLUMNS from `savedSearchParams` starting at `$first`. The city
 * is folded by site_fold (migration 007), as the search folds it. The lookup key is
 * `place|transaction|property type`, the place being 'p:' and the postcode (5 digits) or 'pp:' and
 * its first digits, else 'c:' and the folded city, else 'd:' and the official département (of the
 * search or of its commune), else 'r:' and the région, else '' (anywhere); '' for any transaction
 * or type (migration 181).
 */
export function savedSearchValuesSql(first: number): string {
  const p = (i: number) => `$${first + i}`;
  const place = `CASE WHEN ${p(3)}::text IS NOT NULL THEN (CASE WHEN length(${p(3)}::text) = 5 THEN 'p:' ELSE 'pp:' END) || ${p(3)}::text
    WHEN ${p(2)}::text IS NOT NULL THEN 'c:' || site_fold(${p(2)}::text) WHEN ${p(13)}::text IS NOT NULL THEN 'd:' || ${p(13)}::text
    WHEN ${p(12)}::text IS NOT NULL THEN 'r:' || ${p(12)}::text ELSE '' END`;
  return `${place} || '|' || ${p(0)}::text || '|' || ${p(1)}::text, ${p(0)}::text, ${p(1)}::text, site_fold(${p(2)}::text), ${p(3)}::text, ${p(4)}::float8, ${p(5)}::float8, ${p(6)}::float8, ${p(7)}::float8, ${p(8)}::text[], ${p(9)}::text, ${p(10)}::text[], ${p(11)}::text, ${p(12)}::text`;
}

/**
 * How each filter compares a listing `n` (columns of the public_listings view, and `document`,
 * its keyword document: `publicSearchDocumentSql`) with a saved search `s` (a row of
 * alert_searches): true when the filter is absent or the listing meets it, exactly as
 * `whereClause` would find it. Keywords need no index: they only narrow the searches the
 * lookup key found.
 */
const MATCH: Record<keyof SearchFilters, (n: string, s: string) => string> = {
  transaction: (n, s) => `(${s}.transaction = '' OR ${s}.transaction = ${n}.transaction)`,
  category: (n, s) => `(${s}.property_type = '' OR ${s}.property_type = ${n}.property_type)`,
  city: (n, s) => `(${s}.city_fold IS NULL OR ${s}.city_fold = site_fold(${n}.city))`,
  postcode: (n, s) =>
    `(${s}.postcode IS NULL OR CASE WHEN length(${s}.postcode) = 5 THEN ${n}.postcode = ${s}.postcode ELSE starts_with(${n}.postcode, ${s}.postcode) END)`,
  // A listing whose place is unknown is in no commune, département or région.
  commune: (n, s) => `(${s}.insee_codes IS NULL OR coalesce(${n}.insee_code = ANY(${s}.insee_codes), false))`,
  department: (n, s) => `(${s}.department_code IS NULL OR coalesce(${n}.department_code = ${s}.department_code, false))`,
  region: (n, s) => `(${s}.region_code IS NULL OR coalesce(${n}.region_code = ${s}.region_code, false))`,
  priceMin: (n, s) => `(${s}.price_min IS NULL OR ${n}.price >= ${s}.price_min)`,
  priceMax: (n, s) => `(${s}.price_max IS NULL OR ${n}.price <= ${s}.price_max)`,
  surfaceMin: (n, s) => `(${s}.surface_min IS NULL OR ${n}.surface >= ${s}.surface_min)`,
  roomsMin: (n, s) => `(${s}.rooms_min IS NULL OR ${n}.rooms >= ${s}.rooms_min)`,
  dpeMax: (n, s) => `(${s}.dpe_accepted IS NULL OR coalesce(${n}.dpe = ANY(${s}.dpe_accepted), false))`,
  q: (n, s) => `(${s}.q IS NULL OR ${n}.document @@ search_query(${s}.q))`,
};

/** Whether listing `n` meets every filter of saved search `s`. */
export const savedSearchMatchSql = (n: string, s: string): string =>
  Object.values(MATCH)
    .map((condition) => condition(n, s))
    .join(' AND ');

/**
 * The lookup keys (index alert_searches_lookup) under which the saved searches listing `n` may
 * meet are stored, as a subquery of rows (lookup_key): its postcode, its postcode's first 2 or 3
 * characters, its folded city, its département, its région or anywhere; its transaction or any;
 * its property type or any. 28 exact keys, one index probe each (a listing without a place has
 * no département or région key). Every search `savedSearchMatchSql` accepts is under
 * one of them (the test checks it); the comparisons then keep the right ones among those found,
 * so a key that two searches happen to share (a city name holding '|') costs a comparison, never a match.
 */
export const savedSearchKeysSql = (n: string): string =>
  `(SELECT k.place || '|' || t.transaction || '|' || c.property_type AS lookup_key
    FROM (VALUES ('p:' || ${n}.postcode), ('pp:' || left(${n}.postcode, 2)), ('pp:' || left(${n}.postcode, 3)), ('c:' || site_fold(${n}.city)),
      ('d:' || ${n}.department_code), ('r:' || ${n}.region_code), ('')) AS k(place)
    CROSS JOIN (VALUES (${n}.transaction), ('')) AS t(transaction) CROSS JOIN (VALUES (${n}.property_type), ('')) AS c(property_type))`;
