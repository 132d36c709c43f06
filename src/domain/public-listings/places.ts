import type { Queryable } from '../../platform/db/database.js';
import { TRANSACTIONS, type Transaction } from '../listing-model/model.js';
import type { ListingCard } from './model.js';
import { CARD_FIELDS, CARD_ROWS, ORDER_BY, toCard, type CardRow } from './search.js';
import type { Place } from './place-paths.js';

/**
 * What the pages of places show (place-paths.ts), read from the `public_listings` view on its
 * place columns (migration 180, indexes site_department and site_commune): how many listings a
 * département or a commune has by transaction and by commune, counted in one statement with
 * its newest listings, and which places have listings at all (home page, sitemap).
 */

/** Listings per transaction, and their sum. */
export type TransactionCounts = Record<Transaction, number> & { total: number };

export interface PlaceOverview {
  counts: TransactionCounts;
  /** The communes (or a city's arrondissements) with listings, with how many, by INSEE code. */
  communes: ReadonlyMap<string, number>;
  /** The newest listings, newest first. */
  newest: ListingCard[];
}

export const NEWEST_ON_PLACE_PAGES = 12;

const noCounts = (): TransactionCounts => ({ sale: 0, rental: 0, life_annuity_sale: 0, total: 0 });

/**
 * A département's listings are found by transaction (site_department leads with the
 * département, then the transaction), a commune's and a city's by commune code (site_commune):
 * the newest of each key are read in index order, then merged, so no page sorts every listing
 * of a large département.
 */
function scope(place: Place): { where: string; keyColumn: string; keys: readonly string[]; params: unknown[] } {
  if (place.kind === 'department')
    return { where: 'department_code = $1', keyColumn: 'transaction', keys: TRANSACTIONS, params: [place.code] };
  const codes = [place.code, ...place.arrondissements];
  return { where: 'insee_code = ANY($1::text[])', keyColumn: 'insee_code', keys: codes, params: [codes] };
}

/** A place's counts and newest listings, in one statement. */
export async function placeOverview(db: Queryable, place: Place, newest = NEWEST_ON_PLACE_PAGES): Promise<PlaceOverview> {
  const { where, keyColumn, keys, params } = scope(place);
  const { rows } = await db.query<{ counts: Array<[string | null, Transaction, number]> | null; cards: CardRow[] | null }>(
    `WITH counted AS (
       SELECT insee_code, transaction, count(*)::int AS n FROM public_listings WHERE ${where} GROUP BY insee_code, transaction),
     newest AS MATERIALIZED (
       SELECT id, row_number() OVER (ORDER BY ${ORDER_BY.newest}) AS n FROM (
         SELECT top.id, top.first_published_at FROM unnest($2::text[]) AS k(key) CROSS JOIN LATERAL (
           SELECT id, first_published_at FROM public_listings WHERE ${where} AND ${keyColumn} = k.key
           ORDER BY ${ORDER_BY.newest} LIMIT $3) top
         ORDER BY ${ORDER_BY.newest} LIMIT $3) ids),
     rows AS MATERIALIZED (${CARD_ROWS}, newest.n FROM newest JOIN public_listings p ON p.id = newest.id)
     SELECT (SELECT json_agg(json_build_array(insee_code, transaction, n)) FROM counted) AS counts,
       (SELECT json_agg(c ORDER BY c.n) FROM (SELECT n, ${CARD_FIELDS} FROM rows) c) AS cards`,
    [...params, keys, newest],
  );
  const counts = noCounts();
  const communes = new Map<string, number>();
  for (const [inseeCode, transaction, n] of rows[0]!.counts ?? []) {
    counts[transaction] += n;
    counts.total += n;
    if (inseeCode !== null) communes.set(inseeCode, (communes.get(inseeCode) ?? 0) + n);
  }
  return { counts, communes, newest: (rows[0]!.cards ?? []).map(toCard) };
}

/** Every place that has public listings: how many per département, and the communes that have some. */
export interface PlacesWithListings {
  departments: ReadonlyMap<string, number>;
  communes: ReadonlyMap<string, number>;
}

/** Which départements and communes have public listings, and how many: one pass over the view. */
export async function placesWithListings(db: Queryable): Promise<PlacesWithListings> {
  const { rows } = await db.query<{ department_code: string; insee_code: string | null; n: number }>(
    `SELECT department_code, insee_code, count(*)::int AS n FROM public_listings
     WHERE department_code IS NOT NULL GROUP BY department_code, insee_code`,
  );
  const departments = new Map<string, number>();
  const communes = new Map<string, number>();
  for (const row of rows) {
    departments.set(row.department_code, (departments.get(row.department_code) ?? 0) + row.n);
    if (row.insee_code !== null) communes.set(row.insee_code, row.n);
  }
  return { departments, communes };
}
