import type { Queryable } from '../../platform/db/database.js';
import { communeCodes } from '../geography/index.js';
import { ENERGY_CLASSES } from '../listing-model/model.js';
import { effectiveSort, MAX_RESULTS, PAGE_SIZE, type ListingCard, type SearchFilters, type Sort } from './model.js';
import { publicCardText } from './projection.js';

/**
 * Each sort ends on the id, so pages never overlap or skip rows that tie. Relevance chooses its
 * candidates in the newest order, then ranks them (searchStatement).
 */
export const ORDER_BY: Record<Sort, string> = {
  relevance: 'first_published_at DESC, id DESC',
  newest: 'first_published_at DESC, id DESC',
  price_asc: 'price ASC, id ASC',
  price_desc: 'price DESC, id DESC',
  surface_desc: 'surface DESC, id DESC',
};

// The view's content is computed (unpacked, address and texts removed) once per row: in a
// materialised step, then read field by field. Naming p.content four times in one select list
// would compute it four times.
export const CARD_ROWS = `SELECT p.id, p.title, p.transaction, p.property_type, p.city, p.postcode, p.price, p.surface, p.rooms, p.dpe, p.status, p.content`;
export const CARD_FIELDS = `id, title, transaction, property_type, city, postcode, price, surface, rooms, dpe, status,
  content ->> 'neighborhood' AS neighborhood, (content ->> 'charges')::float8 AS charges, content -> 'fees' AS fees,
  (content ->> 'feesPercent')::float8 AS fees_percent, content -> 'photos' -> 0 AS photo, content -> 'location' AS location`;

export interface CardRow {
  id: string;
  title: string;
  transaction: ListingCard['transaction'];
  property_type: ListingCard['propertyType'];
  city: string;
  postcode: string;
  price: number;
  surface: number;
  rooms: number;
  dpe: ListingCard['dpe'];
  status: ListingCard['status'];
  neighborhood: string | null;
  charges: number | null;
  fees: ListingCard['fees'];
  fees_percent: number | null;
  photo: ListingCard['photo'];
  location: ListingCard['location'];
}

/** A card as the public may see it: its neighbourhood and photo label masked (projection.ts). */
export const toCard = (row: CardRow): ListingCard => ({
  serviceId: row.id,
  title: row.title,
  transaction: row.transaction,
  propertyType: row.property_type,
  city: row.city,
  postcode: row.postcode,
  price: row.price,
  charges: row.charges,
  fees: row.fees,
  feesPercent: row.fees_percent,
  surface: row.surface,
  rooms: row.rooms,
  dpe: row.dpe,
  status: row.status,
  location: row.location ?? null,
  ...publicCardText(row),
});

/**
 * The WHERE clause of a search, with only the filters given, so the planner sees the plain
 * query each combination is (and picks the index that fits it). Values are parameters, never
 * text. `keywords` is the parameter holding the keywords, for a statement that ranks on them.
 * On `public_listings` by default; `on: 'keyword-index'` writes it on `listing_search`, whose
 * rows hold the same fields (migration 150), the city already folded.
 */
export function whereClause(
  filters: SearchFilters,
  on: 'public-listings' | 'keyword-index' = 'public-listings',
): { sql: string; params: unknown[]; keywords?: string } {
  const params: unknown[] = [];
  const conditions: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filters.transaction) conditions.push(`transaction = ${param(filters.transaction)}`);
  if (filters.category) conditions.push(`property_type = ${param(filters.category)}`);
  // site_fold (migration 007) on both sides, as the site_city index keys on it. In the keyword
  // index the city is also a word of `facets`, in the keywords' GIN index (migration 160).
  if (filters.city) {
    const city = param(filters.city);
    conditions.push(
      on === 'keyword-index' ? `city_fold = site_fold(${city}) AND facets @@ search_city(${city})` : `site_fold(city) = site_fold(${city})`,
    );
  }
  if (filters.postcode) {
    conditions.push(
      filters.postcode.length === 5 ? `postcode = ${param(filters.postcode)}` : `postcode LIKE ${param(`${filters.postcode}%`)}`,
    );
  }
  // The place a listing was given (migration 180): the view's columns, keyed by its indexes
  // site_commune, site_department and site_region. In the keyword index the codes are also words
  // of `facets` (migration 181), as the city is.
  if (filters.commune) {
    const codes = param(communeCodes(filters.commune) ?? []);
    conditions.push(
      `insee_code = ANY(${codes}::text[])${on === 'keyword-index' ? ` AND facets @@ search_area('i', ${codes}::text[])` : ''}`,
    );
  }
  for (const [code, column, kind] of [
    [filters.department, 'department_code', 'd'],
    [filters.region, 'region_code', 'r'],
  ] as const) {
    if (!code) continue;
    const value = param(code);
    conditions.push(`${column} = ${value}${on === 'keyword-index' ? ` AND facets @@ search_area('${kind}', ARRAY[${value}::text])` : ''}`);
  }
  if (filters.priceMin !== undefined) conditions.push(`price >= ${param(filters.priceMin)}`);
  if (filters.priceMax !== undefined) conditions.push(`price <= ${param(filters.priceMax)}`);
  if (filters.surfaceMin !== undefined) conditions.push(`surface >= ${param(filters.surfaceMin)}`);
  if (filters.roomsMin !== undefined) conditions.push(`rooms >= ${param(filters.roomsMin)}`);
  if (filters.dpeMax) conditions.push(`dpe = ANY(${param(ENERGY_CLASSES.slice(0, ENERGY_CLASSES.indexOf(filters.dpeMax) + 1))}::text[])`);
  let keywords: string | undefined;
  if (filters.q !== undefined) {
    // The documents are made from the public title and description only (keyword-index.ts).
    keywords = param(filters.q);
    conditions.push(
      on === 'keyword-index'
        ? `document @@ search_query(${keywords})`
        : `id IN (SELECT listing_id FROM listing_search WHERE document @@ search_query(${keywords}))`,
    );
  }
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params, keywords };
}

/**
 * Relevance: how many of the keywords' words a listing holds, how often, a word of the title
 * weighing more than one of the description (weights A and B of search_document), divided by
 * the log of the document's length (normalisation 1) so that a long description does not win
 * by length alone.
 */
const rank = (keywords: string) => `ts_rank(document, search_query(${keywords}), 1)`;

export interface SearchResult {
  /** Matching listings, counted up to MAX_RESULTS + 1: more than MAX_RESULTS means "over". */
  total: number;
  /** The listings of the page asked for. */
  cards: ListingCard[];
}

/**
 * The statement of one page of a search: the capped count, then the page in two steps. The
 * page's ids are chosen on the sort keys alone (an index can give them), and only those rows
 * are projected: PostgreSQL computes a query's columns before it sorts, which would unpack
 * every matching listing's content.
 */
export function searchStatement(filters: SearchFilters, sort: Sort, page: number): { sql: string; params: unknown[] } {
  const offset = (page - 1) * PAGE_SIZE;
  if (filters.q !== undefined && effectiveSort(filters, sort) === 'relevance') return rankedStatement(filters, offset);
  const { sql, params } = whereClause(filters);
  return {
    // The numbering follows the subquery's order, which PostgreSQL keeps through a plain scan of it.
    sql: `WITH page AS MATERIALIZED (
       SELECT id, row_number() OVER () AS n FROM (SELECT id FROM public_listings ${sql} ORDER BY ${ORDER_BY[sort]} LIMIT ${PAGE_SIZE} OFFSET ${offset}) ids),
     rows AS MATERIALIZED (${CARD_ROWS}, page.n FROM page JOIN public_listings p ON p.id = page.id)
     SELECT (SELECT count(*)::int FROM (SELECT 1 FROM public_listings ${sql} LIMIT ${MAX_RESULTS + 1}) matching) AS total,
       (SELECT json_agg(c ORDER BY c.n) FROM (SELECT n, ${CARD_FIELDS} FROM rows) c) AS cards`,
    params,
  };
}

/**
 * A search by relevance. Its candidates are the newest MAX_RESULTS + 1 matching listings,
 * chosen in the keyword index alone (its GIN index of the words and the city, or its date index
 * for words most listings hold), then ranked: ranking every match of a word that half the site holds
 * would read 50,000 documents per page view. Fewer matches than that are all ranked; more are
 * counted as "over" MAX_RESULTS, and the visitor is asked to narrow the search, as for any
 * search. The index holds public listings only (a departure removes its row in the same
 * transaction, migration 150), and a suspended agency's rows are left out here too in case
 * the indexer wrote one as the suspension committed; the page's cards are read from the view.
 * Only the candidates are ranked, in a step of their own: PostgreSQL computes a select list
 * before its sort, and ranking in the candidates' own step ranked every match (20,000 for a
 * neighbourhood's name at 1,000,000 listings) to keep 1,001 (docs/benchmarks.md).
 */
function rankedStatement(filters: SearchFilters, offset: number): { sql: string; params: unknown[] } {
  const { sql: where, params, keywords } = whereClause(filters, 'keyword-index');
  return {
    sql: `WITH newest AS MATERIALIZED (
       SELECT listing_id AS id, first_published_at, document FROM listing_search ${where}
         AND agency_id NOT IN (SELECT id FROM agencies WHERE suspended_at IS NOT NULL)
       ORDER BY first_published_at DESC, listing_id DESC LIMIT ${MAX_RESULTS + 1}),
     matching AS MATERIALIZED (SELECT id, first_published_at, ${rank(keywords!)} AS rank FROM newest),
     page AS MATERIALIZED (
       SELECT id, row_number() OVER () AS n FROM (
         SELECT id FROM matching ORDER BY rank DESC, first_published_at DESC, id DESC LIMIT ${PAGE_SIZE} OFFSET ${offset}) ids),
     rows AS MATERIALIZED (${CARD_ROWS}, page.n FROM page JOIN public_listings p ON p.id = page.id)
     SELECT (SELECT count(*)::int FROM matching) AS total,
       (SELECT json_agg(c ORDER BY c.n) FROM (SELECT n, ${CARD_FIELDS} FROM rows) c) AS cards`,
    params,
  };
}

/** The listings of one page of a search, and how many match (capped, see MAX_RESULTS). One round trip. */
export async function searchPublicListings(db: Queryable, filters: SearchFilters, sort: Sort, page: number): Promise<SearchResult> {
  const { sql, params } = searchStatement(filters, sort, page);
  const { rows } = await db.query<{ total: number; cards: CardRow[] | null }>(sql, params);
  const row = rows[0]!;
  return { total: row.total, cards: (row.cards ?? []).map(toCard) };
}

/** The latest public listings, for the home page. */
export async function latestPublicListings(db: Queryable, limit: number): Promise<ListingCard[]> {
  const { rows } = await db.query<CardRow>(
    `WITH rows AS MATERIALIZED (${CARD_ROWS}, p.first_published_at FROM public_listings p ORDER BY ${ORDER_BY.newest} LIMIT $1)
     SELECT ${CARD_FIELDS} FROM rows ORDER BY ${ORDER_BY.newest}`,
    [limit],
  );
  return rows.map(toCard);
}
