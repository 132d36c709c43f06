import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { createTestApp, type TestAgency, type TestApp } from '../../helpers/app.js';
import { onPostgres } from '../../helpers/database.js';
import { listedIds, page, publicListing, uniqueCity } from '../../helpers/site.js';

/**
 * docs/decisions.md §19: with DATABASE_READ_URL the public site reads from a streaming replica;
 * writes, and what a user expects to read back at once, stay on the primary; /readyz reports the
 * lag; a replica that falls behind or goes away is left for the primary; and the page caches still
 * drop a departed listing within a second, though the replica replays it a moment later.
 *
 * Run under scripts/with-replica.sh (a primary and a pg_basebackup standby of Debian's PostgreSQL):
 *   PG_FAST=1 scripts/with-replica.sh node --import tsx --test test/edge/site/replica.test.ts
 * The tests needing a real replica are skipped without one.
 */
const replicaUrl = process.env.DATABASE_READ_URL;
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const needsReplica = replicaUrl && onPostgres ? false : 'needs a streaming replica: run under scripts/with-replica.sh';

const apps: TestApp[] = [];
after(async () => {
  for (const app of apps) await app.close();
  await standby?.end();
});

async function siteOnReplica(env: Record<string, string> = {}): Promise<{ t: TestApp; agency: TestAgency }> {
  const t = await createTestApp({
    env: { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_READ_URL: replicaUrl!, SITE_CACHE_MS: '60000', METRICS_TOKEN, ...env },
  });
  apps.push(t);
  return { t, agency: await t.agency({ plan: 'reseau' }) };
}

/** A direct connection to the standby, to pause and resume its replay of the primary's WAL. */
let standby: pg.Client | undefined;
async function replay(action: 'pause' | 'resume') {
  if (!standby) {
    standby = new pg.Client({ connectionString: replicaUrl });
    await standby.connect();
  }
  await standby.query(action === 'pause' ? 'SELECT pg_wal_replay_pause()' : 'SELECT pg_wal_replay_resume()');
}

async function eventually<T>(what: string, withinMs: number, read: () => Promise<T>, holds: (value: T) => boolean): Promise<T> {
  const started = Date.now();
  let value = await read();
  while (!holds(value)) {
    if (Date.now() - started > withinMs) assert.fail(`${what} after ${withinMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  return value;
}

const readiness = async (t: TestApp) => (await t.call('GET', '/readyz', null)).json().details.replica;

test(
  '[postgres] the site reads the replica; the agency reads its own writes on the primary; /readyz reports the lag',
  { skip: needsReplica },
  async () => {
    const { t, agency } = await siteOnReplica();
    const city = uniqueCity('Répliqueville');
    const caughtUp = await readiness(t);
    assert.equal(caughtUp.reachable, true);
    assert.equal(caughtUp.reading, 'replica');
    assert.ok(caughtUp.lagSeconds < 1, JSON.stringify(caughtUp));
    await replay('pause');
    try {
      const serviceId = await publicListing(t, agency.live, 'REPLICA-1', { city });
      // The agency sees its listing at once, through the API (primary)...
      assert.equal((await t.call('GET', `/v1/listings/${serviceId}`, agency.live)).statusCode, 200);
      // ...and so does its page, though the paused replica does not have it yet: the miss is
      // asked of the primary, so the publicUrl the API returned works at once...
      assert.equal((await page(t, `/listings/${serviceId}`)).statusCode, 200);
      // ...while the search reads the replica.
      assert.deepEqual(listedIds((await page(t, `/listings?city=${encodeURIComponent(city)}`)).body), []);
      const behind = await eventually(
        '/readyz shows the lag',
        3000,
        () => readiness(t),
        (r) => r.lagBytes > 0 && r.lagSeconds >= 1,
      );
      assert.equal(behind.reading, 'replica', 'within DATABASE_READ_MAX_LAG_MS the replica is still read');
      const metrics = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
      assert.match(metrics, /^listing_sync_replica_reading 1$/m);
      assert.match(metrics, /^listing_sync_replica_up 1$/m);
      assert.ok(Number(/^listing_sync_replica_lag_seconds (\S+)$/m.exec(metrics)?.[1]) >= 1, 'the lag, for an alert rule');
      assert.match(metrics, /^listing_sync_db_pool_max\{database="replica"\} 3$/m, "DATABASE_READ_POOL_SIZE's default");
      await replay('resume');
      await eventually(
        '/readyz back to no lag',
        3000,
        () => readiness(t),
        (r) => r.lagSeconds < 1,
      );
    } finally {
      await replay('resume');
    }
  },
);

test(
  '[postgres] a replica further behind than DATABASE_READ_MAX_LAG_MS is left for the primary until it catches up',
  { skip: needsReplica },
  async () => {
    const { t, agency } = await siteOnReplica({ DATABASE_READ_MAX_LAG_MS: '1000' });
    await replay('pause');
    try {
      const serviceId = await publicListing(t, agency.live, 'REPLICA-LAG', { city: uniqueCity('Retardville') });
      const left = await eventually(
        'the replica is left',
        4000,
        () => readiness(t),
        (r) => r.reading === 'primary',
      );
      assert.ok(left.lagSeconds >= 1, JSON.stringify(left));
      assert.equal((await page(t, `/listings/${serviceId}`)).statusCode, 200, 'the primary serves the page meanwhile');
      await replay('resume');
      await eventually(
        'the replica is read again',
        4000,
        () => readiness(t),
        (r) => r.reading === 'replica' && r.lagSeconds < 1,
      );
    } finally {
      await replay('resume');
    }
  },
);

test(
  '[postgres] a listing leaving the site leaves the cache within a second, even while the replica has not replayed it',
  { skip: needsReplica },
  async () => {
    const { t, agency } = await siteOnReplica();
    const city = uniqueCity('Départville');
    const serviceId = await publicListing(t, agency.live, 'REPLICA-GONE', { city });
    const search = `/listings?city=${encodeURIComponent(city)}`;
    // Its page answers at once (a miss on the replica is asked of the primary); the search waits for the replay.
    assert.equal((await page(t, `/listings/${serviceId}`)).statusCode, 200);
    await t.app.services.readDb.caughtUp();
    assert.deepEqual(listedIds((await page(t, search)).body), [serviceId], 'cached from the replica');
    await replay('pause');
    try {
      await t.call('PATCH', `/v1/listings/${serviceId}/status`, agency.live, { status: 'sold' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The replica still has it on sale: what it renders is served, but not kept.
      assert.equal((await page(t, `/listings/${serviceId}`)).statusCode, 200);
      await replay('resume');
      await eventually(
        'gone from the site',
        1000,
        async () => (await page(t, `/listings/${serviceId}`)).statusCode,
        (s) => s === 410,
      );
      await eventually(
        'gone from the search',
        1000,
        async () => listedIds((await page(t, search)).body),
        (ids) => ids.length === 0,
      );
    } finally {
      await replay('resume');
    }
  },
);

test(
  '[postgres] an unreachable replica costs the site nothing: it reads the primary, and /readyz says so',
  { skip: onPostgres ? false : 'PostgreSQL only' },
  async () => {
    // A port nothing listens on: the replica "server" is down from the start.
    const t = await createTestApp({
      env: { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_READ_URL: 'postgres://postgres@127.0.0.1:9/none', SITE_CACHE_MS: '0' },
    });
    apps.push(t);
    const agency = await t.agency({ plan: 'reseau' });
    const serviceId = await publicListing(t, agency.live, 'REPLICA-DOWN', { city: uniqueCity('Panneville') });
    assert.equal((await page(t, `/listings/${serviceId}`)).statusCode, 200);
    assert.equal((await page(t, '/sitemap.xml')).statusCode, 200);
    const ready = await t.call('GET', '/readyz', null);
    assert.equal(ready.statusCode, 200, 'the primary answers: the process is ready');
    assert.deepEqual(ready.json().details.replica, { reachable: false, lagBytes: null, lagSeconds: null, reading: 'primary' });
  },
);
