import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp, type TestAgency } from '../../helpers/app.js';
import { createEmptyPostgresDatabase, databaseKind, onPostgres } from '../../helpers/database.js';
import type { Database } from '../../../src/platform/db/database.js';
import { openDatabase } from '../../../src/platform/db/open.js';
import { migrate } from '../../../src/platform/db/migrate.js';
import { items } from '../../helpers/listings.js';
import { FIND_EXISTING } from '../../../src/domain/listings/write.js';
import { StatisticsKeeper } from '../../../src/platform/db/statistics.js';

let t: TestApp;
let agency: TestAgency;
// The listings table must be this file's alone: on PostgreSQL the other test files share one database.
let own: { db: Database; drop(): Promise<void> } | null = null;

before(async () => {
  if (onPostgres) {
    const created = await createEmptyPostgresDatabase();
    const db = await openDatabase({ databaseUrl: created.url, dataDir: null });
    await migrate(db);
    own = { db, drop: created.drop };
  }
  t = await createTestApp(own ? { db: own.db } : {});
  agency = await t.agency();
});
after(async () => {
  await t.close();
  await own?.db.close();
  await own?.drop();
});

const reltuples = async () =>
  (await t.db.query<{ n: number }>(`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'listings'::regclass`)).rows[0]!.n;

async function plan(sql: string, params: unknown[]) {
  const { rows } = await t.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

test(`[${databaseKind}] a table never analysed but holding rows is analysed when the service starts`, async () => {
  assert.equal((await t.call('POST', '/ingest/ingestListings', agency.live, { listings: items(20, 'S') })).statusCode, 200);
  assert.ok((await reltuples()) < 0, 'twenty rows are below the threshold: not analysed yet');
  const keeper = new StatisticsKeeper(t.db, 'listings');
  await keeper.start();
  await keeper.close();
  assert.ok((await reltuples()) >= 20);
});

test(`[${databaseKind}] after a bulk import, a lookup by externalId probes the unique index instead of reading the whole agency`, async () => {
  const before = await reltuples();
  for (let push = 0; push < 4; push++) {
    const response = await t.call('POST', '/ingest/ingestListings', agency.live, { listings: items(500, `B${push}`) });
    assert.equal(response.json().created, 500);
  }
  // The analysis runs in the background after the push that crossed the threshold.
  for (let waited = 0; (await reltuples()) <= before + 500 && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
  assert.ok((await reltuples()) > before + 500, `statistics were refreshed (reltuples ${await reltuples()})`);

  // A few ids among 2,000 rows: probing the index is the right plan (for a quarter of the table a scan would be).
  const ids = Array.from({ length: 20 }, (_, i) => `B1-${i}`);
  const bulk = await plan(FIND_EXISTING.text, [agency.agencyId, 'live', ids]);
  assert.match(bulk, /Index Cond: .*external_id = ANY/, bulk.slice(0, 300));
  const single = await plan('SELECT id FROM listings WHERE agency_id = $1 AND env = $2 AND external_id = $3', [
    agency.agencyId,
    'live',
    'B1-7',
  ]);
  assert.match(single, /Index Cond: .*external_id = /, single);
  assert.doesNotMatch(bulk + single, /listings_changes/);
});
