import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp, type TestAgency } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { contact, page, publicListing } from '../../helpers/site.js';
import { v1Body } from '../../helpers/v1.js';
import { ANDROID_UA, CRAWLER_UAS, DESKTOP_UA, IPHONE_UA } from '../../helpers/audience.js';
import { uniqueVisitorEmail } from '../../helpers/conversations.js';
import { parisDay } from '../../../src/platform/calendar/paris-day.js';

/**
 * The audience API of v1 (docs/decisions.md §17): GET /v1/listings/{serviceId}/performance and
 * GET /v1/performance, one row per Paris day with the three counts per device; the period's
 * rules; nothing of another agency, nor of the other environment. The service's clock is moved
 * to put visits on chosen days (no job runner: nothing is purged meanwhile).
 */
let clock: Date | null = null;
const { t, agency } = useTestApp({ now: () => clock ?? new Date() });

interface Counts {
  searchAppearances: number;
  detailViews: number;
  leads: number;
}
interface Report {
  serviceId?: string;
  from: string;
  to: string;
  days: Array<{ day: string; desktop: Counts; mobile: Counts; total: Counts }>;
  total: Counts;
}

const counts = (searchAppearances: number, detailViews: number, leads: number): Counts => ({ searchAppearances, detailViews, leads });
const ZERO = counts(0, 0, 0);

/** Visits at a given instant, written as the periodic flush would. */
async function at(instant: string, visits: () => Promise<unknown>) {
  clock = new Date(instant);
  try {
    await visits();
  } finally {
    clock = null;
  }
  await t.services.audience.flush();
}

const view = (serviceId: string, ua: string) => page(t, `/listings/${serviceId}`, { 'user-agent': ua });

async function get(url: string, key: string): Promise<Report> {
  const response = await t.call('GET', url, key);
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

let addresses = 0;
const lead = (serviceId: string, ua: string) =>
  t.app.inject({
    method: 'POST',
    url: `/listings/${serviceId}/contact`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', 'user-agent': ua },
    payload: new URLSearchParams({ name: 'Camille', email: uniqueVisitorEmail(), message: 'Bonjour, toujours libre ?' }).toString(),
    remoteAddress: `203.0.113.${++addresses}`,
  });

test(`[${databaseKind}] a listing's performance: one row per Paris day with the three counts per device, zeros included`, async () => {
  const serviceId = await publicListing(t, agency.live, 'PERF-1', { city: 'Perfville' });
  // 23:30 in Paris on 27 March (UTC+1), then 00:30 in Paris on 28 March: two days.
  await at('2026-03-27T22:30:00Z', async () => {
    await view(serviceId, DESKTOP_UA);
    await view(serviceId, IPHONE_UA);
    await page(t, '/listings?city=Perfville', { 'user-agent': DESKTOP_UA });
    for (const ua of CRAWLER_UAS) await view(serviceId, ua);
  });
  await at('2026-03-27T23:30:00Z', async () => {
    await view(serviceId, ANDROID_UA);
    assert.equal((await lead(serviceId, ANDROID_UA)).statusCode, 200);
  });
  const report = await get(`/v1/listings/${serviceId}/performance?from=2026-03-26&to=2026-03-29`, agency.live);
  assert.deepEqual(report, {
    serviceId,
    from: '2026-03-26',
    to: '2026-03-29',
    days: [
      { day: '2026-03-26', desktop: ZERO, mobile: ZERO, total: ZERO },
      { day: '2026-03-27', desktop: counts(1, 1, 0), mobile: counts(0, 1, 0), total: counts(1, 2, 0) },
      { day: '2026-03-28', desktop: ZERO, mobile: counts(0, 1, 1), total: counts(0, 1, 1) },
      { day: '2026-03-29', desktop: ZERO, mobile: ZERO, total: ZERO },
    ],
    total: counts(1, 3, 1),
  });
});

test(`[${databaseKind}] without from and to, the last 28 days, today in Paris included`, async () => {
  const serviceId = await publicListing(t, agency.live, 'PERF-DEFAULT');
  await view(serviceId, DESKTOP_UA);
  await t.services.audience.flush();
  const report = await get(`/v1/listings/${serviceId}/performance`, agency.live);
  const today = parisDay(new Date());
  assert.equal(report.days.length, 28);
  assert.equal(report.to, today);
  assert.equal(report.days.at(-1)!.day, today);
  assert.deepEqual(report.days.at(-1)!.desktop, counts(0, 1, 0));
  assert.deepEqual(report.days[0]!.total, ZERO);
  const onlyTo = await get(`/v1/listings/${serviceId}/performance?to=2026-02-28`, agency.live);
  assert.deepEqual([onlyTo.from, onlyTo.to, onlyTo.days.length], ['2026-02-01', '2026-02-28', 28]);
  const longest = await get(`/v1/listings/${serviceId}/performance?from=2026-01-01&to=2026-04-03`, agency.live);
  assert.equal(longest.days.length, 93, 'a whole quarter, 93 days, is allowed');
});

/** An agency of this test alone, so that its totals are its own on a shared database. */
const freshAgency = (): Promise<TestAgency> => t.agency({ plan: 'reseau' });

test(`[${databaseKind}] the agency's performance adds up its own listings only`, async () => {
  const other = await t.agency({ plan: 'reseau' });
  const own = await freshAgency();
  const [a, b] = [await publicListing(t, own.live, 'PERF-A'), await publicListing(t, own.live, 'PERF-B')];
  const theirs = await publicListing(t, other.live, 'PERF-THEIRS');
  await at('2026-05-04T10:00:00Z', async () => {
    await view(a, DESKTOP_UA);
    await view(b, DESKTOP_UA);
    await view(b, IPHONE_UA);
    await view(theirs, DESKTOP_UA);
    assert.equal((await contact(t, a, { name: 'C', email: uniqueVisitorEmail(), message: 'Bonjour' }, '203.0.113.200')).statusCode, 200);
  });
  const report = await get('/v1/performance?from=2026-05-03&to=2026-05-04', own.live);
  assert.deepEqual(report, {
    from: '2026-05-03',
    to: '2026-05-04',
    days: [
      { day: '2026-05-03', desktop: ZERO, mobile: ZERO, total: ZERO },
      // The contact form was posted without a browser's User-Agent: not counted.
      { day: '2026-05-04', desktop: counts(0, 2, 0), mobile: counts(0, 1, 0), total: counts(0, 3, 0) },
    ],
    total: counts(0, 3, 0),
  });
  const theirsReport = await get('/v1/performance?from=2026-05-04&to=2026-05-04', other.live);
  assert.deepEqual(theirsReport.total, counts(0, 1, 0));
  const sandbox = await get('/sandbox/v1/performance?from=2026-05-04&to=2026-05-04', own.test);
  assert.deepEqual(sandbox.total, ZERO, 'sandbox listings are never on the site');
});

test(`[${databaseKind}] another agency's listing, a sandbox listing with a LIVE key, an unknown or deleted one: 404`, async () => {
  const other = await t.agency({ plan: 'reseau' });
  const theirs = await publicListing(t, other.live, 'PERF-ISO');
  const sandboxId = (await t.call('POST', '/sandbox/v1/listings', agency.test, v1Body('PERF-SANDBOX'))).json().serviceId as string;
  const deleted = await publicListing(t, agency.live, 'PERF-DELETED');
  assert.equal((await t.call('DELETE', `/v1/listings/${deleted}`, agency.live)).statusCode, 200);
  for (const [url, key] of [
    [`/v1/listings/${theirs}/performance`, agency.live],
    [`/v1/listings/${sandboxId}/performance`, agency.live],
    [`/sandbox/v1/listings/${theirs}/performance`, agency.test],
    ['/v1/listings/lst_0000000UnknownId00/performance', agency.live],
    [`/v1/listings/${deleted}/performance`, agency.live],
  ] as const) {
    const response = await t.call('GET', url, key);
    assert.equal(response.statusCode, 404, url);
    assert.equal(response.json().code, 'not_found');
  }
  const own = await get(`/sandbox/v1/listings/${sandboxId}/performance`, agency.test);
  assert.deepEqual(own.total, ZERO, 'its own sandbox listing: zeros');
});

test(`[${databaseKind}] bad periods get a 400 naming the field and the rule`, async () => {
  const serviceId = await publicListing(t, agency.live, 'PERF-BAD');
  const cases: Array<[query: string, field: string, message: RegExp]> = [
    ['from=2026-02-30', 'from', /calendar date written YYYY-MM-DD/],
    ['to=yesterday', 'to', /calendar date written YYYY-MM-DD/],
    ['from=2026-13-01&to=2026-12-01', 'from', /calendar date/],
    ['to=0000-01-01', 'to', /calendar date/],
    ['from=26-03-01', 'from', /calendar date/],
    ['from=2026-03-10&to=2026-03-09', 'from', /must not be after to/],
    ['from=2026-01-01&to=2026-04-04', 'from', /spans 94 days; at most 93/],
    ['to=2026-04-04&from=2025-01-01', 'from', /at most 93/],
  ];
  for (const path of [`/v1/listings/${serviceId}/performance`, '/v1/performance']) {
    for (const [query, field, message] of cases) {
      const response = await t.call('GET', `${path}?${query}`, agency.live);
      assert.equal(response.statusCode, 400, `${path}?${query}: ${response.body}`);
      const body = response.json();
      assert.equal(body.code, 'validation_error');
      assert.equal(body.errors[0].field, field, query);
      assert.match(body.errors[0].message, message, query);
    }
  }
  const malformed = await t.call('GET', '/v1/listings/not-an-id/performance', agency.live);
  assert.equal(malformed.statusCode, 400);
  assert.equal(malformed.json().errors[0].field, 'serviceId');
});

test(`[${databaseKind}] a key without listings:read is refused`, async () => {
  const created = await t.admin('POST', `/agencies/${agency.agencyId}/keys`, {
    env: 'live',
    name: 'Webhooks only',
    scopes: ['webhooks:manage'],
  });
  assert.equal(created.statusCode, 201, created.body);
  for (const url of ['/v1/performance', '/v1/listings/lst_0000000UnknownId00/performance']) {
    const response = await t.call('GET', url, created.json().key);
    assert.equal(response.statusCode, 403, url);
  }
});
