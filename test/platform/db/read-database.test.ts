import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../helpers/app.js';
import { databaseKind, onPostgres } from '../../helpers/database.js';
import { page } from '../../helpers/site.js';

/**
 * The public site's reads (ReadDatabase, src/platform/db/read-database.ts) have their own
 * connections on the primary (DATABASE_READ_POOL_SIZE): visitors queue for those, and the
 * pushes, the API and the pro space keep theirs. The replica's side is test/edge/site/replica.test.ts.
 */
test(
  `[${databaseKind}] a rush of the site's reads queues for the site's own connections and leaves the API's free`,
  { skip: onPostgres ? false : 'PGlite is one connection in the process: nothing to keep apart' },
  async () => {
    const t = await createTestApp({ env: { DATABASE_READ_POOL_SIZE: '2' } });
    try {
      const agency = await t.agency();
      const done: string[] = [];
      // Twelve slow reads through the site's door: more than either pool holds, two at a time on the site's.
      const rush = Array.from({ length: 12 }, () => t.services.readDb.query('SELECT pg_sleep(0.2)').then(() => done.push('site read')));
      const search = page(t, '/listings?city=Lyon').then((response) => {
        assert.equal(response.statusCode, 200);
        done.push('search page');
      });
      const api = await t.call('GET', '/v1/listings', agency.live);
      assert.equal(api.statusCode, 200);
      done.push('API');
      await Promise.all([...rush, search]);
      assert.equal(done[0], 'API', `the API answered before the first of the site's reads was done: ${done.join(', ')}`);
      // Two at a time: the search page gets a connection when the first of the last two reads
      // ends, so it ends after at least eleven of them (the twelfth may end a moment after it).
      const readsBefore = done.slice(0, done.indexOf('search page')).filter((entry) => entry === 'site read').length;
      assert.ok(readsBefore >= 11, `the search page waited its turn behind the reads before it: ${done.join(', ')}`);
    } finally {
      await t.close();
    }
  },
);

test(`[${databaseKind}] the site reads at once what was just written (no replica: the primary's own rows)`, async () => {
  const t = await createTestApp();
  try {
    const agency = await t.agency();
    const { rows } = await t.services.readDb.query<{ n: number }>('SELECT count(*)::int AS n FROM agencies WHERE id = $1', [
      agency.agencyId,
    ]);
    assert.equal(rows[0]!.n, 1);
  } finally {
    await t.close();
  }
});
