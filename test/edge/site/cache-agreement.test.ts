import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, useTestApp, type TestApp } from '../../helpers/app.js';
import { databaseKind, onPostgres, openTestDatabase } from '../../helpers/database.js';
import { listedIds, page, publicListing, uniqueCity } from '../../helpers/site.js';
import { ingestItem } from '../../helpers/listings.js';
import { ALL_LISTINGS, watchDepartures } from '../../../src/domain/public-listings/departures.js';

/**
 * docs/decisions.md §19: a listing that leaves the public site leaves the page cache of every
 * process within a second, whichever way it leaves, and not only once the cache's TTL runs out.
 * Two applications share the database as two server processes would (on PostgreSQL each with its
 * own pool and LISTEN connection), each with a one-minute page cache.
 */
const CACHE = { SITE_CACHE_MS: '60000' };
const { t, agency } = useTestApp({ agency: { plan: 'reseau' }, env: CACHE });

async function withSecondProcess(run: (second: TestApp) => Promise<void>) {
  const secondDb = onPostgres ? await openTestDatabase() : t.db;
  const second = await createTestApp({ db: secondDb, env: { ...CACHE, WORKER: '0' } });
  try {
    await run(second);
  } finally {
    await second.close();
    if (onPostgres) await secondDb.close();
  }
}

/** Polls `check` for up to a second; returns how long it took to hold. */
async function withinOneSecond(what: string, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 1000) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.fail(`${what}: still served from the second process's cache after one second`);
}

const WAYS_OUT: Array<[string, (serviceId: string, externalId: string) => Promise<void>]> = [
  ['sold', async (serviceId) => void (await t.call('PATCH', `/v1/listings/${serviceId}/status`, agency.live, { status: 'sold' }))],
  [
    'withdrawn by a push',
    async (_serviceId, externalId) => {
      const pushed = await t.call('POST', '/ingest/ingestListings', agency.live, {
        listings: [ingestItem(externalId, { status: 'withdrawn' })],
      });
      assert.equal(pushed.json().errors.length, 0, pushed.body);
    },
  ],
  ['deleted', async (serviceId) => void (await t.call('DELETE', `/v1/listings/${serviceId}`, agency.live))],
  [
    'rejected by an operator',
    async (serviceId) => {
      const decided = await t.admin('POST', `/listings/${serviceId}/moderation`, { decision: 'reject', reason: 'Photos trompeuses' });
      assert.equal(decided.statusCode, 200, decided.body);
    },
  ],
];

for (const [way, leave] of WAYS_OUT) {
  test(`[${databaseKind}] a listing ${way} leaves the other process's cached listing page and search within a second`, async () => {
    const city = uniqueCity('Cacheville');
    const externalId = `AGREE-${way.replace(/\W+/g, '-').toUpperCase()}`;
    const serviceId = await publicListing(t, agency.live, externalId, { city, price: 250000 });
    const search = `/listings?city=${encodeURIComponent(city)}`;
    await withSecondProcess(async (second) => {
      assert.equal((await page(second, `/listings/${serviceId}`)).statusCode, 200);
      assert.deepEqual(listedIds((await page(second, search)).body), [serviceId]);
      // The second process serves both from memory: a mere change is not seen there yet.
      await t.call('PUT', `/v1/listings/${serviceId}`, agency.live, { price: 260000 });
      assert.match((await page(second, `/listings/${serviceId}`)).body, /250\u202f000/, 'the listing page is cached');

      await leave(serviceId, externalId);
      const took = await withinOneSecond('the listing page', async () => (await page(second, `/listings/${serviceId}`)).statusCode === 410);
      await withinOneSecond('the search page', async () => listedIds((await page(second, search)).body).length === 0);
      assert.ok(took < 1000);
      // The process that made the change hears it too.
      assert.equal((await page(t, `/listings/${serviceId}`)).statusCode, 410);
    });
  });
}

test(`[${databaseKind}] an agency's suspension empties every process's cache of its listings within a second`, async () => {
  const suspended = await t.agency({ plan: 'reseau' });
  const city = uniqueCity('Suspendeville');
  const serviceId = await publicListing(t, suspended.live, 'AGREE-SUSPENDED', { city });
  await withSecondProcess(async (second) => {
    assert.equal((await page(second, `/listings/${serviceId}`)).statusCode, 200);
    assert.equal((await t.admin('POST', `/agencies/${suspended.agencyId}/suspend`, { reason: 'Contrôle' })).statusCode, 200);
    await withinOneSecond('the listing page', async () => (await page(second, `/listings/${serviceId}`)).statusCode === 410);
  });
});

test(`[${databaseKind}] a listing that stays public is left in the cache: only departures are announced`, async () => {
  const city = uniqueCity('Restevilla');
  const serviceId = await publicListing(t, agency.live, 'AGREE-STAYS', { city, price: 300000 });
  // Other test files share a PostgreSQL database and suspend agencies, which announces that every
  // listing may have left and empties every cache: a window with such a notice in it proves
  // nothing, and is tried again with the next price.
  const heard: string[] = [];
  const notices = await watchDepartures(t.db, { message: (payload) => heard.push(payload), up() {}, down() {} });
  try {
    for (let attempt = 0, price = 300000; attempt < 5; attempt++) {
      heard.length = 0;
      const shown = `${price / 1000}\u202f000`;
      await withSecondProcess(async (second) => {
        assert.match((await page(second, `/listings/${serviceId}`)).body, new RegExp(shown));
        await t.call('PATCH', `/v1/listings/${serviceId}/status`, agency.live, { status: attempt % 2 ? 'active' : 'under_offer' });
        await t.call('PUT', `/v1/listings/${serviceId}`, agency.live, { price: (price += 10000) });
        await new Promise((resolve) => setTimeout(resolve, 300));
        const body = (await page(second, `/listings/${serviceId}`)).body;
        assert.ok(!heard.includes(serviceId), 'a change that keeps the listing public was announced as a departure');
        if (!heard.includes(ALL_LISTINGS)) assert.match(body, new RegExp(shown), 'still the cached page: nothing announced its change');
      });
      if (!heard.includes(ALL_LISTINGS)) return;
    }
    assert.fail('every window had an agency suspended in it');
  } finally {
    await notices.close();
  }
});
