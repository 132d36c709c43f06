import type { Database } from '../src/platform/db/database.js';
import { openDatabase } from '../src/platform/db/open.js';
import { migrate } from '../src/platform/db/migrate.js';
import { JobQueue } from '../src/platform/jobs/queue.js';
import { JobRunner } from '../src/platform/jobs/runner.js';
import { fmt } from './lib.js';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * Background jobs on the database the bench runs on (DATABASE_URL or an in-memory PGlite):
 * throughput of no-op jobs, and the delay from an enqueue's commit to its handler's start,
 * woken by `wake()` in the same process and by NOTIFY in another (another pool on a server).
 */
export async function benchJobs() {
  const url = process.env.DATABASE_URL ?? null;
  const db = await openDatabase({ databaseUrl: url, dataDir: null });
  await migrate(db);
  const other: Database = url ? await openDatabase({ databaseUrl: url, dataDir: null }) : db;
  const queue = new JobQueue(db, () => new Date());
  const runners: JobRunner[] = [];
  try {
    const count = 2_000;
    let done = 0;
    let allDone!: () => void;
    const finished = new Promise<void>((resolve) => (allDone = resolve));
    for (const handle of [db, other]) {
      const runner = new JobRunner(handle, { concurrency: 20 });
      runner.register('bench.noop', async () => {
        if (++done === count) allDone();
      });
      runners.push(runner);
    }
    await db.transaction(async (tx) => {
      for (let i = 0; i < count; i++) await queue.enqueue('bench.noop', { i }, { tx });
    });
    const started = performance.now();
    await Promise.all(runners.map((runner) => runner.start()));
    await finished;
    const seconds = (performance.now() - started) / 1000;
    console.log(`  ${fmt(count / seconds)} jobs/s (${count} no-op jobs, two runners of 20)`);

    for (const [label, wakeHere] of [
      ['wake() in the enqueuing process', true],
      ['NOTIFY only, runner on another handle', false],
    ] as const) {
      const delays: number[] = [];
      let resolveRun!: () => void;
      const runner = new JobRunner(wakeHere ? db : other, { pollMs: 60_000 });
      runner.register('bench.latency', async () => resolveRun());
      runners.push(runner);
      await runner.start();
      for (let i = 0; i < 100; i++) {
        const ran = new Promise<void>((resolve) => (resolveRun = resolve));
        const at = performance.now();
        await queue.enqueue('bench.latency', {});
        if (wakeHere) void runner.wake();
        await ran;
        delays.push(performance.now() - at);
      }
      await runner.stop();
      delays.sort((a, b) => a - b);
      console.log(
        `  enqueue → handler start, ${label}: p50 ${percentile(delays, 0.5).toFixed(1)} ms, p95 ${percentile(delays, 0.95).toFixed(1)} ms`,
      );
    }
  } finally {
    await Promise.all(runners.map((runner) => runner.stop()));
    if (other !== db) await other.close();
    await db.close();
  }
}
