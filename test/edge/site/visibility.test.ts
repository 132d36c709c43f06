import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { approve, listedIds, page, publicListing, uniqueCity } from '../../helpers/site.js';
import { ingestItem } from '../../helpers/listings.js';
import { v1Body } from '../../helpers/v1.js';

/** docs/decisions.md §12: which listings the public site shows, and what it answers for the others. */
const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

const city = uniqueCity('Visibleville');
const search = async () => listedIds((await page(t, `/listings?city=${encodeURIComponent(city)}`)).body);

test(`[${databaseKind}] approved, shared, active or under offer, live: on the site; anything else: 404, or 410 once it was public`, async () => {
  const body = (id: string, overrides: Record<string, unknown> = {}) => v1Body(id, { city, ...overrides });
  const approved = await publicListing(t, agency.live, 'VIS-APPROVED', { city });
  // Under offer is an ingestion status (v1's status change has no such value).
  const pushed = await t.call('POST', '/ingest/ingestListings', agency.live, {
    listings: [ingestItem('VIS-OFFER', { city, status: 'under_offer', surface: 90, price: 410000 })],
  });
  const underOffer: string = pushed.json().results[0].serviceId;
  await approve(t, underOffer);
  // Pending: a home for sale without its energy class waits for an operator.
  const pending = (await t.call('POST', '/v1/listings', agency.live, body('VIS-PENDING', { dpe: null, ges: null, surface: 120 }))).json();
  assert.equal(pending.status, 'pending_moderation');
  // Rejected: a class G home for rent is refused by the rules.
  const rejected = (
    await t.call(
      'POST',
      '/v1/listings',
      agency.live,
      body('VIS-REJECTED', { type: 'rental', price: 900, dpe: 'G', ges: 'G', fees: null, surface: 30 }),
    )
  ).json();
  assert.equal(rejected.status, 'rejected');
  const notShared = (
    await t.call('POST', '/v1/listings', agency.live, body('VIS-NOTSHARED', { shareWithService: false, surface: 150 }))
  ).json();
  const sandbox = (await t.call('POST', '/sandbox/v1/listings', agency.test, body('VIS-SANDBOX'))).json();
  assert.equal(sandbox.status, 'active', 'sandbox listings are approved at once');
  const sold = await publicListing(t, agency.live, 'VIS-SOLD', { city, surface: 200, price: 800000 });
  const deleted = await publicListing(t, agency.live, 'VIS-DELETED', { city, surface: 250, price: 900000 });
  const withdrawn = await publicListing(t, agency.live, 'VIS-WITHDRAWN', { city, surface: 300, price: 990000 });
  const paused = await publicListing(t, agency.live, 'VIS-PAUSED', { city, surface: 350, price: 1200000 });
  for (const id of [sold, deleted, withdrawn, paused])
    assert.equal((await page(t, `/listings/${id}`)).statusCode, 200, 'public before it leaves');
  await t.call('PATCH', `/v1/listings/${sold}/status`, agency.live, { status: 'sold' });
  await t.call('DELETE', `/v1/listings/${deleted}`, agency.live);
  await t.call('PATCH', `/v1/listings/${withdrawn}/status`, agency.live, { status: 'withdrawn' });
  await t.call('PATCH', `/v1/listings/${paused}/status`, agency.live, { status: 'paused' });

  const statuses: Record<string, number> = {};
  for (const [name, id] of Object.entries({
    approved,
    underOffer,
    pending: pending.serviceId,
    rejected: rejected.serviceId,
    notShared: notShared.serviceId,
    sandbox: sandbox.serviceId,
    sold,
    deleted,
    withdrawn,
    paused,
  })) {
    const response = await page(t, `/listings/${id}`);
    assert.match(String(response.headers['content-type']), /^text\/html/);
    assert.match(response.body, /<html lang="fr">/);
    statuses[name] = response.statusCode;
  }
  assert.deepEqual(statuses, {
    approved: 200,
    underOffer: 200,
    pending: 404,
    rejected: 404,
    notShared: 404,
    sandbox: 404,
    sold: 410,
    deleted: 410,
    withdrawn: 410,
    paused: 410,
  });
  assert.match((await page(t, `/listings/${underOffer}`)).body, /Sous offre/);
  assert.match((await page(t, `/listings/${sold}`)).body, /n’est plus en ligne/);
  assert.match((await page(t, `/listings/${pending.serviceId}`)).body, /Page introuvable/);
  assert.deepEqual(new Set(await search()), new Set([approved, underOffer]), 'the search shows the public ones only');
});

test(`[${databaseKind}] a flagged change waits while the approved version stays on the site; approving it publishes it`, async () => {
  const id = await publicListing(t, agency.live, 'VIS-VERSIONS', {
    city,
    title: 'Maison avec jardin',
    surface: 500,
    price: 1500000,
    category: 'house',
  });
  const changed = await t.call('PUT', `/v1/listings/${id}`, agency.live, { title: 'Maison avec grand jardin', dpe: null, ges: null });
  assert.equal(changed.statusCode, 200, changed.body);
  const shown = await page(t, `/listings/${id}`);
  assert.equal(shown.statusCode, 200);
  assert.match(shown.body, /<h1>Maison avec jardin<\/h1>/, 'the last approved version');
  assert.doesNotMatch(shown.body, /grand jardin/);
  await t.admin('POST', `/listings/${id}/moderation`, { decision: 'approve' });
  assert.match((await page(t, `/listings/${id}`)).body, /<h1>Maison avec grand jardin<\/h1>/);
});

test(`[${databaseKind}] an unknown or malformed listing address is a French 404 page, never a 500`, async () => {
  for (const url of [
    '/listings/lst_0000000UnknownId0000',
    '/listings/..%2F..%2Fetc%2Fpasswd',
    '/listings/lst_',
    '/listings/' + 'x'.repeat(5000),
    '/listings/lst_%00',
  ]) {
    const response = await page(t, url);
    assert.equal(response.statusCode, 404, url);
    assert.match(response.body, /Page introuvable/, url);
  }
  const traversal = await page(t, '/listings/../../etc/passwd');
  assert.ok([400, 404].includes(traversal.statusCode), `../ in a path: ${traversal.statusCode}`);
  assert.match(String(traversal.headers['content-type']), /^text\/html/);
  const badEncoding = await page(t, '/listings/%');
  assert.equal(badEncoding.statusCode, 400);
  assert.match(badEncoding.body, /<html lang="fr">/);
  const unknownPage = await page(t, '/nulle-part');
  assert.equal(unknownPage.statusCode, 404);
  assert.match(unknownPage.body, /Page introuvable/);
  // Interfaces keep their problem bodies, whatever the client accepts.
  const api = await page(t, '/v1/nowhere');
  assert.match(String(api.headers['content-type']), /^application\/problem\+json/);
});
