import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { useIsolatedTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { publicListing, uniqueCity } from '../../helpers/site.js';
import { ingestItem } from '../../helpers/listings.js';
import { v1Body } from '../../helpers/v1.js';
import { ALL_LISTINGS, DEPARTURES_CHANNEL } from '../../../src/domain/public-listings/departures.js';

/**
 * docs/decisions.md §19: the database announces a listing's departure from the public site
 * (migration 140's triggers). The triggers restate the public_listings view's rule in terms of a
 * row's columns, so this file holds them to the view: for every kind of change, a notice comes
 * exactly when the listing was in the view before the change and is not after it. The database
 * is the file's own (NOTIFY is per database), so no other file's departures are heard.
 */
const { t, agency } = useIsolatedTestApp();

const heard: string[] = [];
let unlisten: (() => Promise<void>) | undefined;
const listening = async () => void (unlisten ??= await t.db.listen(DEPARTURES_CHANNEL, (payload) => heard.push(payload)));
after(() => unlisten?.());

const inView = async (serviceId: string) =>
  (await t.db.query('SELECT 1 FROM public_listings WHERE id = $1', [serviceId])).rows.length === 1;

/**
 * Notices arrive after the commit. Waits until `payload` is heard after position `from`, for
 * at most 10 s on a loaded machine when it is expected, and 150 ms when it is not (a notice
 * that should not come would come within that moment).
 */
async function heardAfter(from: number, payload: string, expected: boolean): Promise<boolean> {
  const deadline = Date.now() + (expected ? 10_000 : 150);
  while (!heard.slice(from).includes(payload) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  return heard.slice(from).includes(payload);
}

/** Runs `change`, then says whether the view lost the listing and whether a departure was announced for it. */
async function observe(serviceId: string, change: () => Promise<unknown>): Promise<{ left: boolean; announced: boolean }> {
  const was = await inView(serviceId);
  const from = heard.length;
  await change();
  const left = was && !(await inView(serviceId));
  return { left, announced: await heardAfter(from, serviceId, left) };
}

test(`[${databaseKind}] a departure is announced exactly when a listing leaves the public_listings view`, async () => {
  await listening();
  const city = uniqueCity('Annonceville');
  const status = (serviceId: string, value: string) => () =>
    t.call('PATCH', `/v1/listings/${serviceId}/status`, agency.live, { status: value });
  const put = (serviceId: string, body: Record<string, unknown>) => () => t.call('PUT', `/v1/listings/${serviceId}`, agency.live, body);
  const a = await publicListing(t, agency.live, 'DEP-A', { city });
  const b = await publicListing(t, agency.live, 'DEP-B', { city });
  const pending = (await t.call('POST', '/v1/listings', agency.live, v1Body('DEP-PENDING', { city, dpe: null, ges: null }))).json()
    .serviceId as string;
  const sandbox = (await t.call('POST', '/sandbox/v1/listings', agency.test, v1Body('DEP-SANDBOX', { city }))).json().serviceId as string;

  const cases: Array<[string, string, () => Promise<unknown>, boolean]> = [
    ['a new price', a, put(a, { price: 251000 }), false],
    ['under offer', a, status(a, 'under_offer'), false],
    [
      'an edit held for review (the approved version stays public)',
      a,
      put(a, { description: 'Appartement lumineux, Français uniquement.' }),
      false,
    ],
    ['sold', a, status(a, 'sold'), true],
    ['sold again', a, status(a, 'sold'), false],
    ['back on sale', a, status(a, 'active'), false],
    [
      'withdrawn by a push',
      b,
      () => t.call('POST', '/ingest/ingestListings', agency.live, { listings: [ingestItem('DEP-B', { city, status: 'withdrawn' })] }),
      true,
    ],
    ['a pending listing sold', pending, status(pending, 'sold'), false],
    [
      'a sandbox listing sold',
      sandbox,
      () => t.call('PATCH', `/sandbox/v1/listings/${sandbox}/status`, agency.test, { status: 'sold' }),
      false,
    ],
  ];
  const c = await publicListing(t, agency.live, 'DEP-C', { city });
  const d = await publicListing(t, agency.live, 'DEP-D', { city });
  const e = await publicListing(t, agency.live, 'DEP-E', { city });
  cases.push(
    ['paused', c, status(c, 'paused'), true],
    ['deleted', d, () => t.call('DELETE', `/v1/listings/${d}`, agency.live), true],
    [
      'its public version rejected',
      e,
      () => t.admin('POST', `/listings/${e}/moderation`, { decision: 'reject', reason: 'Photos trompeuses' }),
      true,
    ],
  );
  const seen: Record<string, { left: boolean; announced: boolean }> = {};
  for (const [name, serviceId, change, leaves] of cases) {
    const observed = await observe(serviceId, change);
    assert.equal(observed.announced, observed.left, `${name}: announced ${observed.announced}, left the view ${observed.left}`);
    seen[name] = observed;
    assert.equal(observed.left, leaves, `${name}: the case does what it says`);
  }
  assert.ok(Object.values(seen).some((o) => o.announced) && Object.values(seen).some((o) => !o.announced));
});

test(`[${databaseKind}] an agency's suspension is announced once for all its listings; its reinstatement is not a departure`, async () => {
  await listening();
  const other = await t.agency({ plan: 'reseau' });
  const serviceId = await publicListing(t, other.live, 'DEP-SUSPENDED', { city: uniqueCity('Suspensionville') });
  const from = heard.length;
  assert.equal((await t.admin('POST', `/agencies/${other.agencyId}/suspend`, { reason: 'Contrôle' })).statusCode, 200);
  assert.equal(await inView(serviceId), false);
  assert.ok(await heardAfter(from, ALL_LISTINGS, true));
  const whileSuspended = heard.length;
  assert.equal((await t.admin('POST', `/agencies/${other.agencyId}/suspend`, { reason: 'Encore' })).statusCode, 200);
  assert.equal((await t.admin('POST', `/agencies/${other.agencyId}/reinstate`)).statusCode, 200);
  await new Promise((resolve) => setTimeout(resolve, 150));
  assert.equal(heard.slice(whileSuspended).filter((payload) => payload === ALL_LISTINGS).length, 0, 'nothing more left');
});
