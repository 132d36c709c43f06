import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { matchNewListings } from '../../../src/domain/alerts/matcher.js';
import { indexKeywords } from '../../../src/domain/public-listings/keyword-index.js';
import { indexRelay } from '../../../src/domain/relay/relay-index.js';
import { fanOut } from '../../../src/domain/webhooks/fan-out.js';
import type { Database } from '../../../src/platform/db/database.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { databaseKind, isolatedTestDatabase } from '../../helpers/database.js';
import { items } from '../../helpers/listings.js';

/**
 * The lag of each follower of the event outbox on /metrics (docs/operations.md, "Metrics"): the
 * committed events it has not read and the age of the oldest, read at each scrape. The file's
 * database is its own and no job runs, so the followers move only when the test runs them.
 */
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const CONSUMERS = ['keyword_index', 'relay', 'alerts', 'webhooks'];

let database: { db: Database; close(): Promise<void> };
let t: TestApp;
let clock = new Date();
before(async () => {
  database = await isolatedTestDatabase();
  t = await createTestApp({ db: database.db, now: () => clock, env: { METRICS_TOKEN, WORKER: '0' } });
});
after(async () => {
  await t.close();
  await database.close();
});

async function lag(): Promise<Record<string, { events: number; seconds: number }>> {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  assert.equal(response.statusCode, 200, response.body);
  const figures: Record<string, { events: number; seconds: number }> = {};
  for (const [, unit, consumer, value] of response.body.matchAll(/^listing_sync_outbox_lag_(events|seconds)\{consumer="(\w+)"\} (\S+)$/gm))
    (figures[consumer!] ??= { events: NaN, seconds: NaN })[unit as 'events' | 'seconds'] = Number(value);
  return figures;
}

async function followAll(): Promise<void> {
  while ((await indexKeywords(t.db)) > 0);
  while ((await indexRelay(t.db)) > 0);
  while ((await matchNewListings(t.db, clock)).scopes > 0);
  while ((await fanOut(t.db, clock)) > 0);
}

test(`[${databaseKind}] each follower's lag in events and seconds rises with unread events and is back to 0 after its rounds`, async () => {
  const agency = await t.agency({ plan: 'reseau' });
  const webhook = await t.call('POST', '/v1/webhooks', agency.live, { url: 'https://hooks.example.com/lag' });
  assert.equal(webhook.statusCode, 201, webhook.body);
  await followAll();
  const idle = await lag();
  assert.deepEqual(Object.keys(idle).sort(), [...CONSUMERS].sort());
  for (const consumer of CONSUMERS) assert.deepEqual(idle[consumer], { events: 0, seconds: 0 }, consumer);

  assert.equal((await t.call('POST', '/ingest/ingestListings', agency.live, { listings: items(3, 'LAG') })).statusCode, 200);
  const { rows } = await t.db.query<{ events: number }>(
    `SELECT count(*)::int AS events FROM events WHERE agency_id = $1 AND env = 'live'`,
    [agency.agencyId],
  );
  assert.ok(rows[0]!.events >= 3);
  clock = new Date(clock.getTime() + 90_000);
  const behind = await lag();
  for (const consumer of CONSUMERS) {
    assert.equal(behind[consumer]!.events, rows[0]!.events, consumer);
    assert.equal(behind[consumer]!.seconds, 90, consumer);
  }

  await indexRelay(t.db);
  const relayed = await lag();
  assert.deepEqual(relayed.relay, { events: 0, seconds: 0 }, 'a follower’s round brings its own lag to 0');
  assert.equal(relayed.alerts!.events, rows[0]!.events, 'and no other’s');

  await followAll();
  const caughtUp = await lag();
  for (const consumer of CONSUMERS) assert.deepEqual(caughtUp[consumer], { events: 0, seconds: 0 }, consumer);
});
