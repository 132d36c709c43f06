import { randomUUID } from 'node:crypto';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../../../src/platform/db/database.js';
import { JobQueue } from '../../../src/platform/jobs/queue.js';
import { FOREGROUND_HOLD_MS, JobRunner } from '../../../src/platform/jobs/runner.js';
import { inForeground } from '../../../src/platform/jobs/foreground.js';
import { openTestDatabase } from '../../helpers/database.js';

/**
 * A push or batch under way in a process goes before that process's jobs (alert matching, mail
 * sending): its runner starts no job until the bulk write ends, and never waits longer than
 * FOREGROUND_HOLD_MS (src/platform/jobs/foreground.ts, runner.ts).
 */
let db: Database;
let runner: JobRunner;
const ran = new Map<string, number>();
const name = `test.foreground.${randomUUID().slice(0, 8)}`;

before(async () => {
  db = await openTestDatabase();
  runner = new JobRunner(db, { stopGraceMs: 1_000, pollMs: 50 });
  runner.register(name, async (payload) => void ran.set((payload as { key: string }).key, Date.now()));
  await runner.start();
});
after(async () => {
  await runner.stop();
  await db.close();
});

/** A bulk write that lasts until `release` is called, as a long push would. */
function holdForeground() {
  let release!: () => void;
  const done = inForeground(() => new Promise<void>((resolve) => (release = resolve)));
  return { release: () => (release(), done) };
}

async function until(key: string, timeoutMs: number): Promise<number> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(10)) {
    const at = ran.get(key);
    if (at !== undefined) return at;
  }
  throw new Error(`job ${key} did not run within ${timeoutMs} ms`);
}

test('while a bulk write runs, no job starts; the moment it ends, it runs', async () => {
  const push = holdForeground();
  await new JobQueue(db, () => new Date()).enqueue(name, { key: 'after-push' });
  await sleep(Math.round(FOREGROUND_HOLD_MS / 2));
  assert.equal(ran.get('after-push'), undefined, 'held while the bulk write runs');
  const released = Date.now();
  await push.release();
  assert.ok((await until('after-push', 2_000)) - released < 500, 'run at once when the bulk write ends');
});

test(`a bulk write that goes on holds jobs ${FOREGROUND_HOLD_MS} ms at most`, async () => {
  const push = holdForeground();
  const enqueued = Date.now();
  await new JobQueue(db, () => new Date()).enqueue(name, { key: 'long-push' });
  try {
    const at = await until('long-push', FOREGROUND_HOLD_MS + 2_000);
    assert.ok(at - enqueued >= FOREGROUND_HOLD_MS - 100, `held about a second (${at - enqueued} ms)`);
  } finally {
    await push.release();
  }
});
