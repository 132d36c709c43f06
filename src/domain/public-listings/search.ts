import type { Queryable } from '../../platform/db/database.js';
import { communeCodes } from '../geography/index.js';
import { ENERGY_CLASSES } from '../listing-model/model.js';
import { effectiveSort, MAX_RESULTS, PAGE_SIZE, type ListingCard, type SearchFilters, type Sort } from './model.js';
import { publicCardText } from './projection.js';
import { candidateCtes, NOT_SUSPENDED } from './keyword-candidates.js';

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
 * text. `keywords` and `city` are the parameters holding the keywords and the city, for a
 * statement that ranks on them or walks the city's rows.
 * On `public_listings` by default; `on: 'keyword-index'` writes it on `listing_search`, whose
 * rows hold the same fields (migration 150), the city already folded, and the places also as
 * words of its GIN index; `'keyword-fields'` on the same table's plain columns only, for a btree
 * index. The parameters are the same, in the same order, whatever `on`.
 */
export function whereClause(
  filters: SearchFilters,
  on: 'public-listings' | 'keyword-index' | 'keyword-fields' = 'public-listings',
): { sql: string; params: unknown[]; keywords?: string; city?: string } {
  const facets = on === 'keyword-index';
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
  let city: string | undefined;
  if (filters.city) {
    city = param(filters.city);
    conditions.push(
      on === 'public-listings'
        ? `site_fold(city) = site_fold(${city})`
        : `city_fold = site_fold(${city})${facets ? ` AND facets @@ search_city(${city})` : ''}`,
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
    conditions.push(`insee_code = ANY(${codes}::text[])${facets ? ` AND facets @@ search_area('i', ${codes}::text[])` : ''}`);
  }
  for (const [code, column, kind] of [
    [filters.department, 'department_code', 'd'],
    [filters.region, 'region_code', 'r'],
  ] as const) {
    if (!code) continue;
    const value = param(code);
    conditions.push(`${column} = ${value}${facets ? ` AND facets @@ search_area('${kind}', ARRAY[${value}::text])` : ''}`);
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
      on !== 'public-listings'
        ? `document @@ search_query(${keywords})`
        : `id IN (SELECT listing_id FROM listing_search WHERE document @@ search_query(${keywords}))`,
    );
  }
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params, keywords, city };
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
     SELECT ${countSql(filters, sql)} AS total,
       (SELECT json_agg(c ORDER BY c.n) FROM (SELECT n, ${CARD_FIELDS} FROM rows) c) AS cards`,
    params,
  };
}

/** The filters listing_search_city_price holds (migration 240), a city first: a count it can give alone. */
const COUNTED_BY_INDEX = new Set<string>(['city', 'transaction', 'priceMin', 'priceMax']);

/**
 * A search's count, to MAX_RESULTS + 1, from its WHERE clause on the view. A city's search over
 * MAX_RESULTS in the keyword index's plain columns (listing_search_city_price, read alone) is
 * "over" without reading a listing: a city of 20,000 listings read 1,001 rows of `listings` for
 * it. The keyword index holds the same fields a few seconds late (its indexer follows the
 * changes) and loses a departed listing in the departure's transaction: fewer matches than that
 * are counted in the view, exactly (docs/site-and-spaces.md).
 */
function countSql(filters: SearchFilters, where: string): string {
  const capped = (from: string) => `(SELECT count(*)::int FROM (SELECT 1 FROM ${from} LIMIT ${MAX_RESULTS + 1}) matching)`;
  const inView = capped(`public_listings ${where}`);
  const indexed = Object.entries(filters).every(([filter, value]) => value === undefined || COUNTED_BY_INDEX.has(filter));
  if (!filters.city || !indexed) return inView;
  const fields = whereClause(filters, 'keyword-fields').sql;
  return `CASE WHEN ${capped(`listing_search ${fields} AND ${NOT_SUSPENDED}`)} > ${MAX_RESULTS} THEN ${MAX_RESULTS + 1} ELSE ${inView} END`;
}

/**
 * A search by relevance. Its candidates are the newest MAX_RESULTS + 1 matching listings,
 * chosen in the keyword index alone (keyword-candidates.ts: its GIN index of the words and the
 * places, its date index for words most listings hold, or a city's newest rows), then ranked: ranking every match of a word that half the site holds
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
  const { sql: where, params, keywords, city } = whereClause(filters, 'keyword-index');
  // The same parameters without the keywords, which come last: the others keep their numbers.
  const fields = whereClause({ ...filters, q: undefined }, 'keyword-fields').sql;
  return {
    sql: `WITH ${candidateCtes({ where, fields, city, keywords: keywords! })},
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
