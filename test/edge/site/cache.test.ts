import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PageCache } from '../../../src/edge/site/page-cache.js';
import { ALL_LISTINGS } from '../../../src/domain/public-listings/departures.js';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { page, publicListing } from '../../helpers/site.js';

test('the page cache keeps a page for its TTL, drops the oldest when full, and is off at 0', async () => {
  let now = 1_000;
  const cache = new PageCache(5_000, 2, () => now);
  cache.set('a', { status: 200, body: 'A' });
  assert.equal(cache.get('a')?.body, 'A');
  now += 5_000;
  assert.equal(cache.get('a'), undefined, 'expired');
  cache.set('a', { status: 200, body: 'A' });
  cache.set('b', { status: 200, body: 'B' });
  cache.set('c', { status: 200, body: 'C' });
  assert.equal(cache.get('a'), undefined, 'the oldest made room');
  assert.equal(cache.get('c')?.body, 'C');
  const off = new PageCache(0);
  off.set('a', { status: 200, body: 'A' });
  assert.equal(off.get('a'), undefined);
});

test('an expired page is served while it is rendered again, once, however many ask', async () => {
  let now = 0;
  let renders = 0;
  const cache = new PageCache(1_000, 10, () => now);
  const render = async () => ({ status: 200, body: `v${++renders}`, cacheable: true });
  assert.equal((await cache.through('k', render)).body, 'v1');
  now = 1_500; // stale, still usable
  const [a, b] = await Promise.all([cache.through('k', render), cache.through('k', render)]);
  assert.deepEqual([a.body, b.body], ['v1', 'v1'], 'the stale page, at once');
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(renders, 2, 'rendered again once, in the background');
  assert.equal((await cache.through('k', render)).body, 'v2');
  now = 100_000; // too old to serve: rendered while the visitor waits
  assert.equal((await cache.through('k', render)).body, 'v3');
  const cold = await Promise.all([1, 2, 3].map(() => cache.through('cold', render)));
  assert.deepEqual(new Set(cold.map((p) => p.body)), new Set(['v4']), 'concurrent first requests share one rendering');
});

test('a departure drops the pages showing the listing, and a rendering under way that shows it is not kept', async () => {
  const cache = new PageCache(60_000, 10);
  const page = (body: string, shows: string[]) => async () => ({ status: 200, body, cacheable: true, shows });
  await cache.through('/listings/lst_a', page('A', ['lst_a']));
  await cache.through('search', page('A and B', ['lst_a', 'lst_b']));
  await cache.through('/listings/lst_b', page('B', ['lst_b']));
  const departure = cache.forget('lst_a');
  assert.equal(cache.get('/listings/lst_a'), undefined);
  assert.equal(cache.get('search'), undefined, 'the search showed it');
  assert.equal(cache.get('/listings/lst_b')?.body, 'B', 'the others stay');

  // Until settled (the replica replayed it), a page showing it is served, not kept.
  assert.equal((await cache.through('search', page('still A', ['lst_a', 'lst_b']))).body, 'still A');
  assert.equal(cache.get('search'), undefined);
  cache.settle(departure);
  await cache.through('search', page('B alone', ['lst_b']));
  assert.equal(cache.get('search')?.body, 'B alone');

  // A rendering that read the database before a departure finishes after it: not kept.
  let finish!: () => void;
  const slow = cache.through(
    '/listings/lst_c',
    () => new Promise((resolve) => (finish = () => resolve({ status: 200, body: 'C', cacheable: true, shows: ['lst_c'] }))),
  );
  cache.settle(cache.forget('lst_c'));
  finish();
  assert.equal((await slow).body, 'C', 'served to whoever asked');
  assert.equal(cache.get('/listings/lst_c'), undefined, 'but not kept');

  // Every listing (an agency suspended), and while notices are not heard: nothing is kept.
  cache.settle(cache.forget(ALL_LISTINGS));
  assert.equal(cache.get('/listings/lst_b'), undefined);
  cache.hearing(false);
  await cache.through('/listings/lst_b', page('B', ['lst_b']));
  assert.equal(cache.get('/listings/lst_b'), undefined, 'deaf: not kept');
  cache.hearing(true);
  await cache.through('/listings/lst_b', page('B', ['lst_b']));
  assert.equal(cache.get('/listings/lst_b')?.body, 'B');
});

const { t, agency } = useTestApp({ agency: { plan: 'reseau' }, env: { SITE_CACHE_MS: '60000' } });

test(`[${databaseKind}] with the cache on, a listing page is served from memory until the TTL, but a visitor's form never is`, async () => {
  const serviceId = await publicListing(t, agency.live, 'CACHE-1', { title: 'Avant' });
  assert.match((await page(t, `/listings/${serviceId}`)).body, /<h1>Avant<\/h1>/);
  await t.call('PUT', `/v1/listings/${serviceId}`, agency.live, { price: 321000 });
  assert.match((await page(t, `/listings/${serviceId}`)).body, /320\u202f000/, 'the page rendered a moment ago');
  const invalid = await t.app.inject({
    method: 'POST',
    url: `/listings/${serviceId}/contact`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'name=Zo%C3%A9',
    remoteAddress: '192.0.2.77',
  });
  assert.equal(invalid.statusCode, 400);
  assert.match(invalid.body, /value="Zoé"/);
  assert.doesNotMatch((await page(t, `/listings/${serviceId}`)).body, /Zoé/, 'what a visitor typed is never served to another');
});
