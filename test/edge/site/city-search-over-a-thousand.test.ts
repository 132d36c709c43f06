import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { ingestItem } from '../../helpers/listings.js';
import { approve, catchUpKeywords, uniqueCity } from '../../helpers/site.js';
import { searchPublicListings, searchStatement } from '../../../src/domain/public-listings/search.js';
import { MAX_RESULTS, type SearchFilters } from '../../../src/domain/public-listings/model.js';

/**
 * A city with more listings than a search counts (MAX_RESULTS): its count is "over" from the
 * keyword index's plain columns, and keywords most of its listings hold are found by walking its
 * newest documents (docs/site-and-spaces.md, docs/benchmarks.md "Search at a million listings").
 */
const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

const city = uniqueCity('Milleville');
/** A word of this file's listings alone: with it, a search without the city finds the same listings. */
const token = `zorbl${Math.random()
  .toString(36)
  .replace(/[^a-z]/g, '')
  .slice(0, 6)}`;
const LISTINGS = MAX_RESULTS + 2;
const ids: string[] = [];

let created: Promise<void> | undefined;
const setUp = () => (created ??= createListings());
async function createListings() {
  for (let offset = 0; offset < LISTINGS; offset += 500) {
    const listings = Array.from({ length: Math.min(500, LISTINGS - offset) }, (_, k) => {
      const i = offset + k;
      return ingestItem(`THOUSAND-${i}`, {
        city,
        price: 100_000 + i * 100,
        surface: 30 + (i % 150),
        // Every listing is « lumineux » and holds the token; one in a hundred has a verrière.
        description: `Bel appartement lumineux ${token}, proche des commerces.${i % 100 === 7 ? ' Verrière sur cour.' : ''}`,
      });
    });
    const pushed = await t.call('POST', '/ingest/ingestListings', agency.live, { listings });
    assert.equal(pushed.statusCode, 200, pushed.body.slice(0, 300));
    ids.push(...pushed.json().results.map((result: { serviceId: string }) => result.serviceId));
  }
  const { rows } = await t.db.query<{ id: string }>(`SELECT id FROM listings WHERE id = ANY($1) AND moderation_state <> 'approved'`, [ids]);
  for (const { id } of rows) await approve(t, id);
  await catchUpKeywords(t, agency.agencyId);
}

const search = async (filters: SearchFilters, page = 1) => {
  await setUp();
  const { total, cards } = await searchPublicListings(t.db, filters, 'relevance', page);
  return { total, ids: cards.map((card) => card.serviceId) };
};

/** The walk's step in a plan (PostgreSQL 18 writes rows with two decimals): it found every candidate, or none (the probe's no). */
const walkedRows = (rows: number) => new RegExp(`CTE walked\\n\\s+->  Limit \\(actual time=[\\d.]+ rows=${rows}(\\.00)? loops=1\\)`);
const WALKED_ALL = walkedRows(MAX_RESULTS + 1);
const NOT_WALKED = walkedRows(0);

/** The plan a search runs, with what each step returned: the walk's says whether it found the candidates. */
async function plan(filters: SearchFilters): Promise<string> {
  const { sql, params } = searchStatement(filters, 'relevance', 1);
  const { rows } = await t.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, params);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

test(`[${databaseKind}] keywords most of a city holds: its newest documents walked give the GIN plan's page and count`, async () => {
  for (const q of [`lumineux ${token}`, `appartement ${token}`]) {
    // Without the city the candidates come from the GIN or date index; the token keeps them in this city.
    const everywhere = await search({ q });
    assert.equal(everywhere.total, MAX_RESULTS + 1, q);
    for (const page of [1, 2]) {
      const inCity = await search({ q, city }, page);
      const elsewhere = await search({ q }, page);
      assert.equal(inCity.total, MAX_RESULTS + 1, q);
      assert.equal(inCity.ids.length, 20);
      assert.deepEqual(inCity.ids, elsewhere.ids, `${q}, page ${page}: the same listings in the same order`);
    }
    const walked = await plan({ q, city });
    assert.match(walked, WALKED_ALL, `${q}: the walk found them:\n${walked}`);
  }
  // A word few of them hold: the GIN plan, the same listings as without the city.
  const rare = await search({ q: `verrière ${token}`, city });
  assert.equal(rare.total, 10);
  assert.deepEqual(rare.ids, (await search({ q: `verrière ${token}` })).ids);
  assert.match(await plan({ q: `verrière ${token}`, city }), NOT_WALKED);
});

test(`[${databaseKind}] a city's count over a thousand, then exact as soon as listings leave`, async () => {
  await setUp();
  const count = async (filters: SearchFilters = {}) =>
    (await searchPublicListings(t.db, { city, transaction: 'sale', ...filters }, 'newest', 1)).total;
  assert.equal(await count(), MAX_RESULTS + 1, `${LISTINGS} listings are "over"`);
  assert.equal(await count({ priceMax: 100_000 + 499 * 100 }), 500, 'a price range below the cap is counted exactly');
  // A departure leaves the keyword index in its own transaction: the count follows at once.
  for (const [left, expected] of [
    [1, MAX_RESULTS + 1],
    [2, MAX_RESULTS],
    [3, MAX_RESULTS - 1],
  ] as const) {
    const gone = await t.call('DELETE', `/v1/listings/${ids[left - 1]}`, agency.live);
    assert.equal(gone.statusCode, 200, gone.body);
    assert.equal(await count(), expected, `${LISTINGS - left} listings left`);
  }
  // A new listing the indexer has not seen yet is counted at once too (in the view).
  const added = await t.call('POST', '/ingest/ingestListings', agency.live, {
    listings: [ingestItem('THOUSAND-new', { city, price: 99_000, description: `Nouveau ${token}.` })],
  });
  await approve(t, added.json().results[0].serviceId);
  assert.equal(await count(), MAX_RESULTS);
  assert.equal(await count({ priceMax: 99_500 }), 1);
});
