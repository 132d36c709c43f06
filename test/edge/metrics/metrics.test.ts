import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createTestApp, type TestAgency, type TestApp } from '../../helpers/app.js';
import { databaseKind, isolatedTestDatabase, onPostgres } from '../../helpers/database.js';
import { contact, page, publicListing, uniqueCity } from '../../helpers/site.js';
import { items } from '../../helpers/listings.js';
import type { Database } from '../../../src/platform/db/database.js';

/**
 * GET /metrics (docs/operations.md, "Metrics"): Prometheus text behind METRICS_TOKEN, 404 without
 * it; requests by route template, never by the path a client sent; pushes, jobs, mail and webhook
 * backlogs, page cache, database pool. The file's database is its own (on PostgreSQL a new one),
 * so the backlogs it reads are the ones it made.
 */
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

let database: { db: Database; close(): Promise<void> };
let t: TestApp;
let agency: TestAgency;
before(async () => {
  database = await isolatedTestDatabase();
  // No job runner and no webhook delivery: mails and deliveries stay in their queues to be counted.
  t = await createTestApp({ db: database.db, env: { METRICS_TOKEN, WORKER: '0', SITE_CACHE_MS: '60000' } });
  agency = await t.agency({ plan: 'reseau' });
});
after(async () => {
  await t.close();
  await database.close();
});

const scrape = async (app: TestApp = t) => {
  const response = await app.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  assert.equal(response.statusCode, 200, response.body);
  return response.body;
};

/** The samples of `name` in an exposition, with their labels. */
function samples(text: string, name: string): Array<{ labels: Record<string, string>; value: number }> {
  const found = [];
  for (const line of text.split('\n')) {
    const match = /^([a-z_:][a-z0-9_:]*)(?:\{(.*)\})? (\S+)$/i.exec(line);
    if (!match || match[1] !== name) continue;
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
    found.push({ labels, value: Number(match[3]) });
  }
  return found;
}
const value = (text: string, name: string, labels: Record<string, string> = {}) =>
  samples(text, name).find((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

test(`[${databaseKind}] /metrics is 404 without METRICS_TOKEN, and 401 without the right bearer`, async () => {
  const off = await createTestApp({ db: t.db, env: { WORKER: '0' } });
  try {
    assert.equal(
      (await off.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).statusCode,
      404,
    );
    assert.equal(off.services.metrics, null, 'nothing is measured');
  } finally {
    await off.close();
  }
  for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${METRICS_TOKEN}`, METRICS_TOKEN]) {
    const refused = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
    assert.equal(refused.statusCode, 401, String(authorization));
    assert.match(String(refused.headers['content-type']), /^application\/problem\+json/);
    assert.doesNotMatch(refused.body, /listing_sync_/);
  }
});

test(`[${databaseKind}] the exposition is Prometheus text: HELP and TYPE for each metric, process figures included`, async () => {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['content-type'], 'text/plain; version=0.0.4; charset=utf-8');
  assert.equal(response.headers['cache-control'], 'no-store');
  for (const [name, type] of [
    ['listing_sync_http_requests_total', 'counter'],
    ['listing_sync_http_request_duration_seconds', 'histogram'],
    ['listing_sync_push_duration_seconds', 'histogram'],
    ['listing_sync_mail_queued', 'gauge'],
    ['listing_sync_webhook_oldest_pending_seconds', 'gauge'],
    ['listing_sync_jobs_oldest_waiting_seconds', 'gauge'],
    ['listing_sync_page_cache_lookups_total', 'counter'],
    ['process_cpu_user_seconds_total', 'counter'],
    ['process_resident_memory_bytes', 'gauge'],
    ['nodejs_eventloop_lag_seconds', 'gauge'],
  ]) {
    assert.match(response.body, new RegExp(`^# HELP ${name} \\S.*$`, 'm'), name);
    assert.match(response.body, new RegExp(`^# TYPE ${name} ${type}$`, 'm'), name);
  }
  // Every sample line parses: name, optional labels, a number.
  for (const line of response.body.split('\n').filter((l) => l && !l.startsWith('#'))) {
    assert.match(line, /^[a-z_:][a-z0-9_:]*(\{([a-z_]\w*="(?:[^"\\]|\\.)*",?)*\})? (-?[0-9.e+-]+|NaN|\+Inf|-Inf)$/i, line);
  }
  assert.equal(value(response.body, 'listing_sync_database_up'), 1);
});

test(`[${databaseKind}] requests are labelled by route template: however many ids and unknown paths, the series stay the same`, async () => {
  const round = async () => {
    const token = randomBytes(6).toString('hex');
    for (let i = 0; i < 15; i += 1) {
      await t.call('GET', `/v1/listings/lst_${token}${i}`, agency.live);
      await t.app.inject({ method: 'GET', url: `/nope/${token}/${i}?q=${token}` });
      await page(t, `/listings/lst_${token}${i}`);
      await t.app.inject({ method: 'PROPFIND', url: `/${token}` });
    }
    return token;
  };
  const first = await round();
  const before = samples(await scrape(), 'listing_sync_http_requests_total');
  const second = await round();
  const text = await scrape();
  const after = samples(text, 'listing_sync_http_requests_total');
  assert.deepEqual(
    after.map((s) => s.labels),
    before.map((s) => s.labels),
    'a second round of new ids and paths adds no series',
  );
  assert.ok(!text.includes(first) && !text.includes(second), 'no id or path a client sent appears in the metrics');
  const routes = new Set(after.map((s) => s.labels.route));
  assert.ok(routes.has('/v1/listings/:serviceId'), [...routes].join(' '));
  assert.ok(routes.has('/listings/:serviceId'));
  assert.ok(routes.has('unmatched'));
  assert.ok(!routes.has(undefined as never));
  assert.equal(value(text, 'listing_sync_http_requests_total', { method: 'GET', route: '/v1/listings/:serviceId', status: '404' }), 30);
  assert.ok(
    samples(text, 'listing_sync_http_requests_total').every((s) =>
      ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'OTHER'].includes(s.labels.method!),
    ),
  );
  assert.equal(value(text, 'listing_sync_http_requests_total', { method: 'OTHER', route: 'unmatched', status: '404' }), 30);
  const histogram = value(text, 'listing_sync_http_request_duration_seconds_count', { method: 'GET', route: '/v1/listings/:serviceId' });
  assert.equal(histogram, 30);
});

test(`[${databaseKind}] a push is counted with its listings and duration`, async () => {
  const pushed = await t.call('POST', '/ingest/ingestListings', agency.live, { listings: items(3, 'METRICS-PUSH') });
  assert.equal(pushed.statusCode, 200, pushed.body);
  const text = await scrape();
  const route = { route: '/ingest/ingestListings' };
  assert.equal(value(text, 'listing_sync_push_listings_count', route), 1);
  assert.equal(value(text, 'listing_sync_push_listings_sum', route), 3);
  assert.equal(value(text, 'listing_sync_push_duration_seconds_count', route), 1);
  assert.equal(value(text, 'listing_sync_push_listings_bucket', { ...route, le: '1' }), 0);
  assert.equal(value(text, 'listing_sync_push_listings_bucket', { ...route, le: '10' }), 1);
});

test(`[${databaseKind}] mail, jobs and webhook backlogs are read at each scrape, with their oldest age; job attempts are counted`, async () => {
  const empty = await scrape();
  assert.equal(value(empty, 'listing_sync_mail_queued'), 0);
  assert.equal(value(empty, 'listing_sync_mail_oldest_queued_seconds'), 0);
  assert.equal(value(empty, 'listing_sync_webhook_deliveries_pending'), 0);

  const serviceId = await publicListing(t, agency.live, 'METRICS-MAIL', { city: uniqueCity('Métriqueville') });
  const sent = await contact(
    t,
    serviceId,
    { name: 'Zoé', email: 'zoe@example.com', message: 'Bonjour, est-il disponible ?' },
    '198.51.100.90',
  );
  assert.equal(sent.statusCode, 200, sent.body);
  const webhook = await t.call('POST', '/v1/webhooks', agency.live, { url: 'https://hooks.example.com/metrics' });
  assert.equal(webhook.statusCode, 201, webhook.body);
  assert.equal((await t.call('POST', `/v1/webhooks/${webhook.json().webhook.webhookId}/test`, agency.live)).statusCode, 202);
  await new Promise((resolve) => setTimeout(resolve, 1100));

  const waiting = await scrape();
  const mails = value(waiting, 'listing_sync_mail_queued')!;
  assert.ok(mails >= 1, `mails queued: ${mails}`);
  assert.ok(value(waiting, 'listing_sync_mail_oldest_queued_seconds')! >= 1);
  assert.equal(value(waiting, 'listing_sync_jobs_waiting', { job: 'mail.send' }), mails);
  assert.ok(value(waiting, 'listing_sync_jobs_oldest_waiting_seconds')! >= 1);
  assert.equal(value(waiting, 'listing_sync_webhook_deliveries_pending'), 1);
  assert.ok(value(waiting, 'listing_sync_webhook_oldest_pending_seconds')! >= 1);

  // A process that runs jobs sends the mails (to the embedded mailbox) and counts its attempts.
  const worker = await createTestApp({ db: t.db, env: { METRICS_TOKEN } });
  try {
    await worker.services.jobRunner!.wake();
    const after = await scrape(worker);
    assert.equal(value(after, 'listing_sync_job_attempts_total', { job: 'mail.send', outcome: 'done' }), mails);
    assert.equal(value(after, 'listing_sync_job_duration_seconds_count', { job: 'mail.send' }), mails);
    assert.equal(value(after, 'listing_sync_mail_queued'), 0);
    assert.equal(value(after, 'listing_sync_jobs_waiting', { job: 'mail.send' }), undefined, 'no longer waiting');
  } finally {
    await worker.close();
  }
});

test(`[${databaseKind}] page-cache lookups and the database pool`, async () => {
  const serviceId = await publicListing(t, agency.live, 'METRICS-CACHE', { city: uniqueCity('Cachemetrie') });
  const before = await scrape();
  for (let i = 0; i < 3; i += 1) assert.equal((await page(t, `/listings/${serviceId}`)).statusCode, 200);
  const after = await scrape();
  const delta = (result: string) =>
    (value(after, 'listing_sync_page_cache_lookups_total', { result }) ?? 0) -
    (value(before, 'listing_sync_page_cache_lookups_total', { result }) ?? 0);
  assert.deepEqual([delta('miss'), delta('hit')], [1, 2]);
  if (onPostgres) {
    assert.equal(value(after, 'listing_sync_db_pool_max', { database: 'primary' }), 10);
    const busy = value(after, 'listing_sync_db_pool_connections', { database: 'primary', state: 'busy' })!;
    const idle = value(after, 'listing_sync_db_pool_connections', { database: 'primary', state: 'idle' })!;
    assert.ok(busy >= 0 && idle >= 0 && busy + idle <= 10);
    assert.equal(value(after, 'listing_sync_db_pool_waiting', { database: 'primary' }), 0);
    // The page was read through the site's own pool (DATABASE_READ_POOL_SIZE), which keeps its connection a while.
    assert.equal(value(after, 'listing_sync_db_pool_max', { database: 'primary_reads' }), 3);
    const siteOpen = ['busy', 'idle'].map((state) =>
      value(after, 'listing_sync_db_pool_connections', { database: 'primary_reads', state })!,
    );
    assert.ok(siteOpen[0]! + siteOpen[1]! >= 1, `the site's pool served the page: ${siteOpen.join(' busy, ')} idle`);
  } else {
    assert.equal(samples(after, 'listing_sync_db_pool_max').length, 0, 'PGlite has no pool');
  }
  assert.equal(samples(after, 'listing_sync_replica_up').length, 0, 'no replica, no replica figures');
});
