import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { contact, page, publicListing, uniqueCity } from '../../helpers/site.js';
import { ANDROID_UA, countedFor, CRAWLER_UAS, DESKTOP_UA, IPHONE_UA, MAC_UA } from '../../helpers/audience.js';
import { uniqueVisitorEmail } from '../../helpers/conversations.js';
import { blockVisitorOf } from '../../../src/domain/leads/block-list.js';
import { uniqueAddress } from '../../helpers/addresses.js';

/**
 * docs/decisions.md §17 through the site's pages: what a visitor's browser is answered is
 * counted per listing and per device; crawlers are not; a page served from the page cache
 * counts as much as a rendered one. The page cache is on, as in production.
 */
const { t, agency } = useTestApp({ agency: { plan: 'reseau' }, env: { SITE_CACHE_MS: '60000' } });

const visitor = (email = uniqueVisitorEmail()) => ({ name: 'Camille Martin', email, message: 'Bonjour, est-il disponible ?' });
const address = uniqueAddress;

test(`[${databaseKind}] a listing's page views are counted per device, from the cache or not; crawlers, HEAD and errors are not`, async () => {
  const serviceId = await publicListing(t, agency.live, 'AUD-VIEW');
  for (const ua of [DESKTOP_UA, MAC_UA, IPHONE_UA, DESKTOP_UA, ANDROID_UA]) {
    const shown = await page(t, `/listings/${serviceId}`, { 'user-agent': ua });
    assert.equal(shown.statusCode, 200);
  }
  for (const ua of CRAWLER_UAS) assert.equal((await page(t, `/listings/${serviceId}`, { 'user-agent': ua })).statusCode, 200);
  assert.equal((await page(t, `/listings/${serviceId}`)).statusCode, 200, 'no User-Agent of a browser');
  const head = await t.app.inject({ method: 'HEAD', url: `/listings/${serviceId}`, headers: { 'user-agent': DESKTOP_UA } });
  assert.equal(head.statusCode, 200);
  assert.equal((await page(t, '/listings/lst_0000000UnknownId00', { 'user-agent': DESKTOP_UA })).statusCode, 404);
  const counted = await countedFor(t, serviceId);
  assert.deepEqual(counted, {
    desktop: { searchAppearances: 0, detailViews: 3, leads: 0 },
    mobile: { searchAppearances: 0, detailViews: 2, leads: 0 },
  });
});

test(`[${databaseKind}] a page served from the page cache is counted like the first one`, async () => {
  const serviceId = await publicListing(t, agency.live, 'AUD-CACHE', { title: 'Avant' });
  assert.match((await page(t, `/listings/${serviceId}`, { 'user-agent': DESKTOP_UA })).body, /<h1>Avant<\/h1>/);
  // The next two are answered from memory: the change below is not on them yet.
  await t.call('PUT', `/v1/listings/${serviceId}`, agency.live, { title: 'Après' });
  for (const ua of [DESKTOP_UA, IPHONE_UA])
    assert.match((await page(t, `/listings/${serviceId}`, { 'user-agent': ua })).body, /<h1>Avant<\/h1>/);
  const counted = await countedFor(t, serviceId);
  assert.equal(counted.desktop.detailViews, 2);
  assert.equal(counted.mobile.detailViews, 1);
});

test(`[${databaseKind}] each listing shown on a results page or the home page appears once per page served, cached or not`, async () => {
  const city = uniqueCity('Audiville');
  const ids = [];
  for (const n of [1, 2, 3]) ids.push(await publicListing(t, agency.live, `AUD-SEARCH-${n}`, { city }));
  const search = `/listings?city=${encodeURIComponent(city)}`;
  for (const ua of [DESKTOP_UA, DESKTOP_UA, IPHONE_UA, CRAWLER_UAS[0]!]) {
    const shown = await page(t, search, { 'user-agent': ua });
    assert.equal(shown.statusCode, 200);
    for (const id of ids) assert.ok(shown.body.includes(`/listings/${id}`));
  }
  // The home page shows the latest listings: these three were published last.
  assert.ok((await page(t, '/', { 'user-agent': ANDROID_UA })).body.includes(`/listings/${ids[2]}`));
  const counted = await countedFor(t, ids[2]!);
  assert.deepEqual(
    [counted.desktop.searchAppearances, counted.mobile.searchAppearances],
    [2, 2],
    'twice on a computer (the second from the cache), once on an iPhone and once on the home page on Android',
  );
  for (const id of ids.slice(0, 2)) assert.equal((await countedFor(t, id)).desktop.searchAppearances, 2);
  assert.equal((await countedFor(t, ids[0]!)).desktop.detailViews, 0, 'appearing is not being viewed');
});

test(`[${databaseKind}] a contact that opens a conversation counts one lead; a refused form, a robot or a blocked visitor none`, async () => {
  const serviceId = await publicListing(t, agency.live, 'AUD-LEAD');
  const sent = (fields: Record<string, string>, ua: string) =>
    t.app.inject({
      method: 'POST',
      url: `/listings/${serviceId}/contact`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', 'user-agent': ua },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: address(),
    });
  assert.equal((await sent(visitor(), IPHONE_UA)).statusCode, 200);
  assert.equal((await sent(visitor(), DESKTOP_UA)).statusCode, 200);
  assert.equal((await sent({ ...visitor(), email: 'pas une adresse' }, DESKTOP_UA)).statusCode, 400);
  assert.equal((await sent({ ...visitor(), website: 'spam.example' }, DESKTOP_UA)).statusCode, 200, 'the honeypot thanks the robot');
  // A visitor the agency blocked is thanked as usual; the agency learns nothing, its figures included.
  const blocked = uniqueVisitorEmail('bloque');
  assert.equal((await contact(t, serviceId, visitor(blocked), address())).statusCode, 200);
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM leads WHERE email = $1', [blocked]);
  assert.ok(await blockVisitorOf(t.db, { agencyId: agency.agencyId, env: 'live' }, rows[0]!.id, 'test', new Date()));
  assert.equal((await sent(visitor(blocked), DESKTOP_UA)).statusCode, 200);
  const counted = await countedFor(t, serviceId);
  assert.deepEqual([counted.desktop.leads, counted.mobile.leads], [1, 1]);
});

test(`[${databaseKind}] only public listings are counted: a listing that left the site adds nothing, cached page or not`, async () => {
  const serviceId = await publicListing(t, agency.live, 'AUD-GONE');
  assert.equal((await page(t, `/listings/${serviceId}`, { 'user-agent': DESKTOP_UA })).statusCode, 200);
  assert.equal((await countedFor(t, serviceId)).desktop.detailViews, 1);
  // A view counted in memory just before the listing leaves (a page the cache still held, on a
  // process that had not heard of the departure yet) is not written: the write keeps public listings only.
  t.services.audience.record('detailViews', [serviceId], DESKTOP_UA);
  await t.call('PATCH', `/v1/listings/${serviceId}/status`, agency.live, { status: 'sold' });
  // 410 once the departure's notice has dropped the page; on PostgreSQL it may come a moment later,
  // and the page be served from memory once more: counted in memory, never written.
  const after = (await page(t, `/listings/${serviceId}`, { 'user-agent': DESKTOP_UA })).statusCode;
  assert.ok(after === 410 || after === 200, `gone, or still in the page cache (${after})`);
  assert.equal((await countedFor(t, serviceId)).desktop.detailViews, 1, 'the write keeps public listings only');
});
