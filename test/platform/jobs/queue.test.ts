import { randomUUID } from 'node:crypto';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../../../src/platform/db/database.js';
import { JobQueue } from '../../../src/platform/jobs/queue.js';
import { JobRunner, type RunnerOptions } from '../../../src/platform/jobs/runner.js';
import { onPostgres, openTestDatabase } from '../../helpers/database.js';
import { createTestApp } from '../../helpers/app.js';

/*
 * "Two processes": on PostgreSQL each runner has its own Database handle, i.e. its own pool of
 * server connections. PGlite is one connection inside one process, so there the best available
 * is two runners sharing the one database; claims then compete through PGlite's serialised queue.
 */
let db: Database;
let otherProcessDb: Database;
const runners: JobRunner[] = [];

before(async () => {
  db = await openTestDatabase();
  otherProcessDb = onPostgres ? await openTestDatabase() : db;
});

after(async () => {
  await Promise.all(runners.map((runner) => runner.stop()));
  if (otherProcessDb !== db) await otherProcessDb.close();
  await db.close();
});

/** Job names are unique per test: on PostgreSQL every test file shares one database. */
const uniqueName = (base: string) => `test.${base}.${randomUUID().slice(0, 8)}`;

async function runner(database: Database, options: RunnerOptions = {}): Promise<JobRunner> {
  const created = new JobRunner(database, { stopGraceMs: 1_000, ...options });
  runners.push(created);
  return created;
}

function fakeClock(start = Date.parse('2031-03-01T08:00:00Z')) {
  let at = start;
  return { now: () => new Date(at), advance: (ms: number) => void (at += ms) };
}

/** A handle to `database` that can be cut off, as the database sees a process that died. */
function severable(database: Database): { db: Database; sever(): void } {
  let severed = false;
  const alive = () => {
    if (severed) throw new Error('connection lost (simulated process death)');
  };
  const handle: Database = {
    ...database,
    async query(sql, params) {
      alive();
      return database.query(sql, params);
    },
    async transaction(work) {
      alive();
      return database.transaction(work);
    },
  };
  return { db: handle, sever: () => void (severed = true) };
}

async function jobRow(id: number) {
  const { rows } = await db.query<{ state: string; attempts: number; locked_by: string | null; run_at: Date; last_error: string | null }>(
    'SELECT state, attempts, locked_by, run_at, last_error FROM jobs WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

test('each job is claimed exactly once by two runners of two processes', async (t) => {
  const name = uniqueName('once');
  const count = 200;
  const runs = new Map<number, string[]>();
  const first = await runner(db, { concurrency: 7 });
  const second = await runner(otherProcessDb, { concurrency: 7 });
  for (const [who, r] of [
    ['first', first],
    ['second', second],
  ] as const) {
    r.register(name, async (payload) => {
      const { index } = payload as { index: number };
      runs.set(index, [...(runs.get(index) ?? []), who]);
      await sleep(Math.random() * 3);
    });
  }
  const queue = new JobQueue(db, () => new Date());
  await db.transaction(async (tx) => {
    for (let index = 0; index < count; index++) await queue.enqueue(name, { index }, { tx });
  });
  await Promise.all([first.start(), second.start()]);
  const deadline = Date.now() + 30_000;
  while (runs.size < count && Date.now() < deadline) await Promise.all([first.wake(), second.wake()]);
  // The last jobs may have been claimed after those wakes began: let them finish too.
  await Promise.all([first.wake(), second.wake()]);

  assert.equal(runs.size, count);
  const twice = [...runs].filter(([, who]) => who.length !== 1);
  assert.deepEqual(twice, [], 'no job runs twice');
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs WHERE name = $1', [name]);
  assert.equal(rows[0]!.n, 0, 'finished jobs leave the table');
  const byFirst = [...runs.values()].filter((who) => who[0] === 'first').length;
  t.diagnostic(`${databaseLabel()}: first runner ran ${byFirst}, second ${count - byFirst}`);
});

test('a job enqueued in a transaction exists only if the transaction commits; a singleton key holds one job', async () => {
  const name = uniqueName('tx');
  const queue = new JobQueue(db, () => new Date());
  await assert.rejects(
    db.transaction(async (tx) => {
      await queue.enqueue(name, { n: 1 }, { tx });
      throw new Error('the write failed');
    }),
  );
  const kept = await db.transaction((tx) => queue.enqueue(name, { n: 2 }, { tx, singletonKey: 'agency-1' }));
  assert.equal(typeof kept, 'number');
  assert.equal(await queue.enqueue(name, { n: 3 }, { singletonKey: 'agency-1' }), null, 'a second job with the same key is not enqueued');
  const { rows } = await db.query<{ payload: { n: number } }>('SELECT payload FROM jobs WHERE name = $1', [name]);
  assert.deepEqual(
    rows.map((row) => row.payload.n),
    [2],
  );
});

test('a failed job is retried after its backoff and then succeeds; attempts run out', async () => {
  const name = uniqueName('retry');
  const hopeless = uniqueName('hopeless');
  const clock = fakeClock();
  const attempts: number[] = [];
  const errors: unknown[] = [];
  const worker = await runner(db, { now: clock.now, onError: (error) => errors.push(error) });
  worker.register(
    name,
    async (_payload, { attempt }) => {
      attempts.push(attempt);
      if (attempt === 1) throw new Error('partner portal unavailable');
    },
    { backoff: (attempt) => attempt * 30_000 },
  );
  worker.register(hopeless, async () => {
    throw new Error('never works');
  });
  const queue = new JobQueue(db, clock.now);
  const id = (await queue.enqueue(name, {}))!;
  const hopelessId = (await queue.enqueue(hopeless, {}, { maxAttempts: 2 }))!;
  await worker.start();
  await worker.wake();

  assert.deepEqual(attempts, [1]);
  const waiting = await jobRow(id);
  assert.equal(waiting?.attempts, 1);
  assert.equal(waiting?.locked_by, null);
  assert.equal(new Date(waiting!.run_at).getTime(), clock.now().getTime() + 30_000);
  assert.match(waiting!.last_error!, /partner portal unavailable/);

  clock.advance(29_999);
  await worker.wake();
  assert.deepEqual(attempts, [1], 'not retried before the backoff is over');

  clock.advance(1);
  await worker.wake();
  assert.deepEqual(attempts, [1, 2]);
  assert.equal(await jobRow(id), null, 'done after the retry succeeded');

  clock.advance(3_600_000);
  await worker.wake();
  const failed = await jobRow(hopelessId);
  assert.equal(failed?.state, 'failed');
  assert.equal(failed?.attempts, 2);
  clock.advance(3_600_000);
  await worker.wake();
  assert.equal((await jobRow(hopelessId))?.attempts, 2, 'a failed job is not tried again');
  assert.equal(errors.length, 3, 'each failed attempt is reported');
});

test('a job held by a process that died is taken over once its lease has expired', async () => {
  const name = uniqueName('lease');
  const dying = severable(db);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const doomed = await runner(dying.db, { leaseMs: 600, onError: () => {} });
  doomed.register(name, async () => {
    started();
    await held;
  });
  const survivorAttempts: number[] = [];
  const survivor = await runner(otherProcessDb, { leaseMs: 600 });
  survivor.register(name, async (_payload, { attempt }) => void survivorAttempts.push(attempt));

  const id = (await new JobQueue(db, () => new Date()).enqueue(name, {}))!;
  await doomed.start();
  await running;
  await survivor.start();

  // Alive, the holder renews its lease every 200 ms: nobody else gets the job.
  await sleep(1_500);
  await survivor.wake();
  assert.deepEqual(survivorAttempts, []);
  assert.equal((await jobRow(id))?.locked_by, doomed.id);

  dying.sever();
  await sleep(900);
  await survivor.wake();
  assert.deepEqual(survivorAttempts, [2], 'the survivor ran the job as its second attempt');
  assert.equal(await jobRow(id), null);
  release();
});

test('a job whose process died during its last attempt is marked failed, not run again', async () => {
  const name = uniqueName('last-lease');
  const clock = fakeClock();
  const dying = severable(db);
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const doomed = await runner(dying.db, { now: clock.now, leaseMs: 600_000, onError: () => {} });
  doomed.register(name, async () => {
    started();
    await new Promise(() => {});
  });
  const survivorRuns: number[] = [];
  const survivor = await runner(otherProcessDb, { now: clock.now });
  survivor.register(name, async (_payload, { attempt }) => void survivorRuns.push(attempt));

  const id = (await new JobQueue(db, clock.now).enqueue(name, {}, { maxAttempts: 1 }))!;
  await doomed.start();
  await running;
  dying.sever();
  await survivor.start();
  clock.advance(599_999);
  await survivor.wake();
  assert.equal((await jobRow(id))?.state, 'queued', 'still within the lease');
  clock.advance(1);
  await survivor.wake();
  assert.deepEqual(survivorRuns, []);
  const failed = await jobRow(id);
  assert.equal(failed?.state, 'failed');
  assert.match(failed!.last_error!, /lease expired/);
});

test('a periodic job runs once per period although two runners are up', async (t) => {
  const name = uniqueName('periodic');
  const clock = fakeClock();
  const runs: string[] = [];
  const first = await runner(db, { now: clock.now });
  const second = await runner(otherProcessDb, { now: clock.now });
  for (const [who, r] of [
    ['first', first],
    ['second', second],
  ] as const) {
    r.register(name, async () => void runs.push(who));
    r.schedule(name, 60_000);
  }
  await Promise.all([first.start(), second.start()]);
  const both = () => Promise.all([first.wake(), second.wake()]);

  await both();
  assert.equal(runs.length, 1, 'the first period runs at once, once');
  for (let step = 0; step < 2; step++) {
    clock.advance(20_000);
    await both();
  }
  assert.equal(runs.length, 1, 'nothing more within the period');
  clock.advance(20_000);
  await both();
  assert.equal(runs.length, 2, 'the second period');
  clock.advance(30_000);
  await both();
  assert.equal(runs.length, 2);
  clock.advance(30_000);
  await both();
  await both();
  assert.equal(runs.length, 3, 'the third period');
  t.diagnostic(`${databaseLabel()}: runs by ${runs.join(', ')}`);
});

test('stopping hands a running job back, unspent, to be run elsewhere', async () => {
  const name = uniqueName('stop');
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  let aborted = false;
  const leaving = await runner(db, { stopGraceMs: 50 });
  leaving.register(name, async (_payload, { signal }) => {
    started();
    await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    aborted = true;
  });
  const id = (await new JobQueue(db, () => new Date()).enqueue(name, {}))!;
  await leaving.start();
  await running;
  await leaving.stop();
  assert.equal(aborted, true, 'the handler was told to stop');
  const handedBack = await jobRow(id);
  assert.equal(handedBack?.locked_by, null);
  assert.equal(handedBack?.attempts, 0);

  const attempts: number[] = [];
  const next = await runner(otherProcessDb);
  next.register(name, async (_payload, { attempt }) => void attempts.push(attempt));
  await next.start();
  await next.wake();
  assert.deepEqual(attempts, [1]);
});

test('wake() runs a job enqueued after a commit without waiting for the poll', async () => {
  const name = uniqueName('wake');
  const ran: number[] = [];
  const worker = await runner(db, { pollMs: 60_000 });
  worker.register(name, async () => void ran.push(Date.now()));
  await worker.start();
  await worker.wake();
  const enqueuedAt = Date.now();
  await new JobQueue(db, () => new Date()).enqueue(name, {});
  await worker.wake();
  assert.equal(ran.length, 1);
  assert.ok(ran[0]! - enqueuedAt < 1_000, `ran ${ran[0]! - enqueuedAt} ms after the enqueue`);
});

test('the service schedules its purges on its runner; WORKER=0 runs no jobs', async () => {
  const server = await createTestApp({ db });
  const quiet = await createTestApp({ db, env: { WORKER: '0' } });
  try {
    assert.ok(server.services.jobRunner);
    assert.equal(quiet.services.jobRunner, null);
    await server.services.jobRunner.wake();
    const { rows } = await db.query<{ name: string }>('SELECT name FROM job_schedules WHERE name = ANY($1::text[]) ORDER BY name', [
      ['idempotency.purge', 'jobs.purge-failed', 'quotas.purge', 'request-log.purge'],
    ]);
    assert.deepEqual(
      rows.map((row) => row.name),
      ['idempotency.purge', 'jobs.purge-failed', 'quotas.purge', 'request-log.purge'],
    );
    assert.equal(typeof (await quiet.services.jobs.enqueue(uniqueName('from-a-quiet-server'), {})), 'number', 'any process may enqueue');
  } finally {
    await quiet.close();
    await server.close();
  }
});

function databaseLabel() {
  return onPostgres ? 'PostgreSQL' : 'PGlite';
}
