import assert from 'node:assert/strict';
import { test } from 'node:test';
import { periodicJobs } from '../../src/main/schedule.js';
import { useTestApp } from '../helpers/app.js';

const HOUR = 3_600_000;

/** The periods the service's data needs (they were wired by hand in app.ts before each capability declared its own). */
const EXPECTED: Record<string, number> = {
  'request-log.purge': HOUR,
  'idempotency.purge': HOUR,
  'quotas.purge': 10 * 60_000,
  'sync.purge': HOUR,
  'events.purge': HOUR,
  'client-limits.purge': HOUR,
  'sessions.purge': HOUR,
  'accounts.purge-links': HOUR,
  'accounts.purge-challenges': HOUR,
  'accounts.purge-devices': 24 * HOUR,
  'jobs.purge-failed': 24 * HOUR,
  'webhooks.purge': HOUR,
  'relay.index': 2_000,
  'search.index': 2_000,
  'leads.digest': 300_000,
  'leads.purge-old': 86_400_000,
  'alerts.match': 10_000,
  'alerts.daily': 300_000,
  'alerts.purge': HOUR,
  'audience.purge': 24 * HOUR,
  'mail.purge-old': 24 * HOUR,
  'mail.rescue': 60_000,
  'poliris.pull-due': 5 * 60_000,
  'listings.place-backfill': 60_000,
};

const { t } = useTestApp();

test('every periodic job of every capability is scheduled, once, with its period', async () => {
  const jobs = periodicJobs(t.services);
  assert.deepEqual(Object.fromEntries(jobs.map((job) => [job.name, job.everyMs])), EXPECTED);
  assert.equal(new Set(jobs.map((job) => job.name)).size, jobs.length, 'no job is listed twice');

  // The running service has them on its runner: each has a schedule row once the runner has polled.
  await t.services.jobRunner!.wake();
  const { rows } = await t.db.query<{ name: string }>('SELECT name FROM job_schedules WHERE name = ANY($1::text[]) ORDER BY name', [
    Object.keys(EXPECTED),
  ]);
  assert.deepEqual(
    rows.map((row) => row.name),
    Object.keys(EXPECTED).sort(),
  );
});

test('without quotas there are no quota buckets to purge', () => {
  const names = periodicJobs({ ...t.services, quotas: null }).map((job) => job.name);
  assert.ok(!names.includes('quotas.purge'));
  assert.ok(names.includes('request-log.purge'));
});
