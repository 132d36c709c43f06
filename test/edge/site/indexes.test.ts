import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { ingestItem } from '../../helpers/listings.js';
import { approve } from '../../helpers/site.js';
import { ORDER_BY, whereClause } from '../../../src/domain/public-listings/search.js';
import type { SearchFilters, Sort } from '../../../src/domain/public-listings/model.js';

/**
 * Migration 007's indexes key on the public_listings view's own expressions: the searches the
 * site runs on the view can use them. Sequential scans are switched off, and so are sorts where
 * an index gives the order and plain index scans where only a bitmap scan can use the index (GIN),
 * so the plan shows which index the planner can use for each filter and sort, whatever the
 * tables' sizes: on a few rows, sorting them or reading a whole small index is cheaper.
 */
const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

async function plan(sql: string, params: unknown[], off: Array<'sort' | 'indexscan'> = []): Promise<string> {
  return t.db.transaction(async (tx) => {
    for (const method of ['seqscan', ...off]) await tx.query(`SET LOCAL enable_${method} = off`);
    const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

test(`[${databaseKind}] each filter and sort of the site can use its index on listings`, async () => {
  const pushed = await t.call('POST', '/ingest/ingestListings', agency.live, {
    listings: Array.from({ length: 80 }, (_, i) =>
      ingestItem(`IDX-${i}`, {
        city: i % 2 ? 'Indexville' : 'Autreville',
        // Overseas postcodes no other test file uses: on a shared database the department stays narrow.
        postcode: i % 2 ? '97101' : '97302',
        surface: 30 + i * 4,
        ...(i % 8 === 1 ? { transaction: 'LOCATION', price: 700 + i * 10, charges: 50 } : { price: 150000 + i * 12000 }),
      }),
    ),
  });
  for (const result of pushed.json().results) await approve(t, result.serviceId);
  await t.db.query('ANALYZE listings');

  const filtered = async (filters: SearchFilters, off: Array<'indexscan'> = []) => {
    const { sql, params } = whereClause(filters);
    return plan(`SELECT count(*) FROM public_listings ${sql}`, params, off);
  };
  const inCity = (sort: Sort) => {
    const { sql, params } = whereClause({ city: 'indexville', transaction: 'rental' });
    return plan(`SELECT id FROM public_listings ${sql} ORDER BY ${ORDER_BY[sort]} LIMIT 20`, params, sort === 'price_asc' ? ['sort'] : []);
  };
  const sorted = (sort: Sort) => plan(`SELECT id FROM public_listings ORDER BY ${ORDER_BY[sort]} LIMIT 20`, [], ['sort']);
  const expectations: Array<[string, Promise<string>, string | RegExp]> = [
    ['city', filtered({ city: 'indexville' }), 'site_city'],
    ['city and transaction, newest first', inCity('newest'), 'site_city'],
    ['city and transaction, by price', inCity('price_asc'), 'site_city_price'],
    ['postcode', filtered({ postcode: '97101' }), 'site_postcode'],
    ['department', filtered({ postcode: '971' }), 'site_postcode'],
    // A price index: site_price, or migration 181's site_department_price read whole (price its third column, the count's columns included); on a shared database the planner picks either.
    ['price range', filtered({ priceMin: 200000, priceMax: 300000 }), /site_(department_)?price\b/],
    ['newest', sorted('newest'), 'site_newest'],
    ['price ascending', sorted('price_asc'), 'site_price'],
    ['price descending', sorted('price_desc'), 'site_price'],
    ['largest', sorted('surface_desc'), 'site_surface'],
    // Migration 110: keywords read the GIN index of the documents. Words few listings hold, as
    // most searches are: on a shared database most documents hold "appartement lumineux", and
    // for those words reading every document is the better plan.
    ['keywords', filtered({ q: 'cheminée marbre' }, ['indexscan']), 'listing_search_document'],
  ];
  for (const [what, planned, index] of expectations) {
    const text = await planned;
    assert.ok(typeof index === 'string' ? text.includes(index) : index.test(text), `${what} uses ${index}:\n${text}`);
  }
});
