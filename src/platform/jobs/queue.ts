import type { Queryable } from '../db/database.js';
import { HOUR_MS, type JobDeps, type PeriodicJob } from './periodic.js';
import { lockInIdOrder } from './lease-loop.js';

/** NOTIFY channel telling every runner that a job was enqueued (sent on commit, once per transaction). */
export const JOBS_CHANNEL = 'listing_sync_jobs';

export const DEFAULT_MAX_ATTEMPTS = 5;

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** While a job of this name and key is queued or running, enqueueing another is a no-op. */
  singletonKey?: string;
  maxAttempts?: number;
  /** The caller's transaction, so the job exists if and only if the caller's write commits. */
  tx?: Queryable;
}

/**
 * Puts jobs in the shared `jobs` table. Any process may enqueue, whether or not it runs jobs
 * itself; runners in every process hear of it through NOTIFY when the enqueue commits.
 */
export class JobQueue {
  constructor(
    private readonly db: Queryable,
    private readonly now: () => Date,
  ) {}

  /** The new job's id, or null when a job with the same singleton key is already queued or running. */
  async enqueue(name: string, payload: unknown = {}, options: EnqueueOptions = {}): Promise<number | null> {
    const now = this.now();
    const { rows } = await (options.tx ?? this.db).query<{ id: number }>(
      `WITH job AS (
         INSERT INTO jobs (name, payload, singleton_key, run_at, max_attempts, created_at)
         VALUES ($1, $2::jsonb, $3, $4, $5, $6)
         ON CONFLICT DO NOTHING
         RETURNING id
       )
       SELECT id, pg_notify($7, '') FROM job`,
      [
        name,
        JSON.stringify(payload ?? null),
        options.singletonKey ?? null,
        (options.runAt ?? now).toISOString(),
        options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        now.toISOString(),
        JOBS_CHANNEL,
      ],
    );
    return rows[0]?.id ?? null;
  }
}

/**
 * The waiting jobs of a name with these singleton keys (`name` and `keys` are SQL expressions,
 * parameters most often), locked in id order and skipping those being claimed at that moment,
 * as a subquery of ids: work that was done by other means (the mail sender sends a recipient's
 * waiting mails in one go, and drops the jobs of those it sent, in the statement that marks
 * them). A job a runner holds is left alone: it runs, and finds nothing left to do.
 */
export const waitingJobIdsSql = (name: string, keys: string) =>
  lockInIdOrder('jobs', `name = ${name} AND singleton_key = ANY(${keys}::text[]) AND state = 'queued' AND locked_by IS NULL`, {
    skipLocked: true,
  });

/** Removes the waiting jobs of `name` with these singleton keys (`waitingJobIdsSql`). */
export async function discardWaitingJobs(db: Queryable, name: string, singletonKeys: string[]): Promise<void> {
  await db.query(`DELETE FROM jobs WHERE id IN (${waitingJobIdsSql('$1', '$2')})`, [name, singletonKeys]);
}

/** Counted up to this many: a count of a huge backlog would cost the scrape that asks for it. */
const BACKLOG_COUNT_CAP = 100_000;

export interface JobBacklog {
  /** Due jobs no runner holds, by job name (counted up to 100,000 in all). */
  waitingByName: Record<string, number>;
  /** How long the job due first has been waiting for a runner; null when none is. */
  oldestWaitingSeconds: number | null;
  /** Jobs out of attempts, kept a week for inspection. */
  failed: number;
}

/** The queue as the metrics show it: read at each scrape, from the due-jobs index. */
export async function jobBacklog(db: Queryable, now: Date): Promise<JobBacklog> {
  const { rows } = await db.query<{ name: string | null; waiting: number; oldest: Date | null; failed: number }>(
    `SELECT w.name, w.waiting, o.oldest, f.failed
     FROM (SELECT min(run_at) AS oldest FROM jobs WHERE state = 'queued' AND run_at <= $1 AND locked_by IS NULL) o
     CROSS JOIN (SELECT count(*)::int AS failed FROM jobs WHERE state = 'failed') f
     LEFT JOIN (SELECT name, count(*)::int AS waiting
                FROM (SELECT name FROM jobs WHERE state = 'queued' AND run_at <= $1 AND locked_by IS NULL LIMIT $2) due
                GROUP BY name) w ON true`,
    [now.toISOString(), BACKLOG_COUNT_CAP],
  );
  const oldest = rows[0]?.oldest ?? null;
  return {
    waitingByName: Object.fromEntries(rows.filter((row) => row.name !== null).map((row) => [row.name, row.waiting])),
    oldestWaitingSeconds: oldest ? Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1000) : null,
    failed: rows[0]?.failed ?? 0,
  };
}

const FAILED_KEPT_MS = 7 * 24 * 3600 * 1000;

/** Failed jobs are kept a week for inspection, then removed (a periodic job of its own). */
export async function purgeFailedJobs(db: Queryable, now: Date): Promise<void> {
  await db.query(`DELETE FROM jobs WHERE state = 'failed' AND run_at < $1`, [new Date(now.getTime() - FAILED_KEPT_MS).toISOString()]);
}

export const jobQueueJobs = ({ db, now }: JobDeps): PeriodicJob[] => [
  { name: 'jobs.purge-failed', everyMs: 24 * HOUR_MS, run: () => purgeFailedJobs(db, now()) },
];
