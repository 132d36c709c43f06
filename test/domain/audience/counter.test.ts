import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useIsolatedTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { publicListing } from '../../helpers/site.js';
import { DESKTOP_UA, IPHONE_UA } from '../../helpers/audience.js';
import { v1Body } from '../../helpers/v1.js';
import { AudienceCounter } from '../../../src/domain/audience/counter.js';
import { firstKeptDay, purgeAudience } from '../../../src/domain/audience/report.js';
import type { Database } from '../../../src/platform/db/database.js';

/**
 * docs/decisions.md §17, the counter underneath: a visit costs no query, counts are written in
 * one statement per flush, by a timer, so that what a crash can lose is bounded by the flush
 * period; processes add up; a failed write is retried; rows older than 13 months are purged.
 * A database of its own: the purge is global.
 */
const { t, agency } = useIsolatedTestApp();

/** The database as a counter sees it, with its statements counted and the next `failures` ones refused. */
function watched(db: Database) {
  const seen = { queries: 0, failures: 0 };
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'query') return Reflect.get(target, property, receiver);
      return async (...args: Parameters<Database['query']>) => {
        seen.queries += 1;
        if (seen.failures > 0) {
          seen.failures -= 1;
          throw new Error('connection lost');
        }
        return target.query(...args);
      };
    },
  });
  return { db: proxy as Database, seen };
}

async function views(serviceId: string): Promise<number> {
  const { rows } = await t.db.query<{ v: number }>(
    'SELECT coalesce(sum(detail_views), 0)::float8 AS v FROM listing_audience WHERE listing_id = $1',
    [serviceId],
  );
  return rows[0]!.v;
}

test(`[${databaseKind}] a visit costs no query; one flush writes everything in one statement`, async () => {
  const serviceId = await publicListing(t, agency.live, 'COUNT-1');
  const { db, seen } = watched(t.db);
  const counter = new AudienceCounter(db, { enabled: true, flushMs: 60_000, now: () => new Date() });
  for (let i = 0; i < 1000; i++) counter.record('detailViews', [serviceId], i % 2 ? DESKTOP_UA : IPHONE_UA);
  assert.equal(seen.queries, 0, 'a thousand visits, no query');
  assert.equal(counter.pendingRows, 2, 'one row per listing, day and device');
  await counter.flush();
  assert.equal(seen.queries, 1);
  assert.equal(await views(serviceId), 1000);
  await counter.close();
});

test(`[${databaseKind}] the timer writes the counts by itself: a crash loses at most what came after the last write`, async () => {
  const serviceId = await publicListing(t, agency.live, 'COUNT-TIMER');
  const flushMs = 200;
  const counter = new AudienceCounter(t.db, { enabled: true, flushMs, now: () => new Date() });
  counter.start();
  try {
    const started = performance.now();
    for (let i = 0; i < 25; i++) counter.record('detailViews', [serviceId], DESKTOP_UA);
    assert.equal(await views(serviceId), 0, 'in memory until the next write');
    assert.equal(counter.pendingRows, 1, 'what a crash now would lose');
    while ((await views(serviceId)) < 25) {
      assert.ok(performance.now() - started < flushMs + 5_000, 'written by the timer, without any call');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.equal(counter.pendingRows, 0, 'nothing left to lose once written');
    const waited = performance.now() - started;
    console.log(`  written by the timer ${Math.round(waited)} ms after the visits (AUDIENCE_FLUSH_MS ${flushMs})`);
  } finally {
    await counter.close();
  }
});

test(`[${databaseKind}] two processes' counts add up; a failed write is retried with the next one`, async () => {
  const serviceId = await publicListing(t, agency.live, 'COUNT-TWO');
  const { db, seen } = watched(t.db);
  const errors: unknown[] = [];
  const first = new AudienceCounter(db, { enabled: true, flushMs: 60_000, now: () => new Date(), onError: (e) => errors.push(e) });
  const second = new AudienceCounter(t.db, { enabled: true, flushMs: 60_000, now: () => new Date() });
  for (let i = 0; i < 3; i++) first.record('detailViews', [serviceId], DESKTOP_UA);
  for (let i = 0; i < 4; i++) second.record('detailViews', [serviceId], DESKTOP_UA);
  seen.failures = 1;
  await Promise.all([first.flush(), second.flush()]);
  assert.equal(errors.length, 1, 'the failure is reported');
  assert.equal(first.pendingRows, 1, 'and its counts kept for the next write');
  first.record('detailViews', [serviceId], DESKTOP_UA);
  await first.flush();
  assert.equal(await views(serviceId), 8);
  await Promise.all([first.close(), second.close()]);
});

test(`[${databaseKind}] counting off (AUDIENCE=0) records nothing; a listing that is not public is not written`, async () => {
  const serviceId = await publicListing(t, agency.live, 'COUNT-OFF');
  const off = new AudienceCounter(t.db, { enabled: false, flushMs: 60_000, now: () => new Date() });
  off.record('detailViews', [serviceId], DESKTOP_UA);
  assert.equal(off.pendingRows, 0);
  const sandboxId = (await t.call('POST', '/sandbox/v1/listings', agency.test, v1Body('COUNT-SANDBOX'))).json().serviceId as string;
  const on = new AudienceCounter(t.db, { enabled: true, flushMs: 60_000, now: () => new Date() });
  on.record('detailViews', [sandboxId, 'lst_0000000UnknownId00', serviceId], DESKTOP_UA);
  await on.close();
  assert.equal(await views(serviceId), 1);
  assert.equal(await views(sandboxId), 0);
});

test(`[${databaseKind}] daily rows are kept 13 months, then purged`, async () => {
  assert.equal(firstKeptDay('2026-11-27'), '2025-10-27');
  assert.equal(firstKeptDay('2026-03-31'), '2025-02-28', 'the last day of a shorter month');
  const serviceId = await publicListing(t, agency.live, 'COUNT-PURGE');
  for (const day of ['2025-10-26', '2025-10-27', '2026-11-27'])
    await t.db.query(`INSERT INTO listing_audience (listing_id, day, device, agency_id, detail_views) VALUES ($1, $2, 'desktop', $3, 1)`, [
      serviceId,
      day,
      agency.agencyId,
    ]);
  // 27 November 2026 at 00:30 in Paris is still 26 November in UTC: the Paris day decides.
  assert.equal(await purgeAudience(t.db, new Date('2026-11-26T23:30:00Z')), 1);
  const { rows } = await t.db.query<{ day: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM listing_audience WHERE listing_id = $1 ORDER BY day`,
    [serviceId],
  );
  assert.deepEqual(
    rows.map((r) => r.day),
    ['2025-10-27', '2026-11-27'],
  );
});
