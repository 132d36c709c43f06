import type { Database } from '../db/database.js';
import { Coalescer } from './coalesce.js';
import { DEFAULT_MAX_ATTEMPTS, JOBS_CHANNEL } from './queue.js';
import { LeaseLoop, lockInIdOrder, type Lease, type LeaseKeeper, type LeaseTiming, type RowId } from './lease-loop.js';

export { FOREGROUND_HOLD_MS } from './lease-loop.js';

export interface JobContext {
  id: number;
  /** 1 on the first attempt. */
  attempt: number;
  /** Aborted when the runner stops before the job finished: the job will run again elsewhere. */
  signal: AbortSignal;
}

export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

/**
 * Thrown by a handler that cannot go on yet for a reason that is no failure (another job holds
 * what it needs): the job is handed back, its attempt unspent, to run again in `delayMs`, and
 * its runner's slot goes to other jobs meanwhile rather than to waiting.
 */
export class RunLater extends Error {
  constructor(
    readonly delayMs: number,
    reason: string,
  ) {
    super(reason);
  }
}

/**
 * A failure the handler has reported already (an SMTP outage is logged once, not per mail): the
 * attempt is spent and retried as any failure, but not handed to `onError` again.
 */
export class ReportedFailure extends Error {}

export interface HandlerOptions {
  /** Milliseconds to wait after failed attempt number `attempt` (1-based) before the next one. */
  backoff?: (attempt: number) => number;
}

/** The lease loop's settings (`LeaseTiming`), and: */
export interface RunnerOptions extends LeaseTiming {
  /** Told of each attempt's end (the metrics): the job's name, how it ended, how long it ran. */
  onAttempt?: (name: string, outcome: AttemptOutcome, seconds: number) => void;
}

/** How an attempt ended: done, failed with attempts left (`retry`), failed for good, or put off (`RunLater`). */
export type AttemptOutcome = 'done' | 'retry' | 'failed' | 'later';

export const defaultBackoff = (attempt: number) => Math.min(3_600_000, 5_000 * 2 ** (attempt - 1));

interface ClaimedJob {
  id: number;
  name: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

interface Registered {
  handler: JobHandler;
  backoff: (attempt: number) => number;
}

/**
 * Runs the jobs of the shared `jobs` table whose names it has handlers for, in competition
 * with runners of other processes, through the one lease loop (`lease-loop.ts`): a claim is
 * `FOR UPDATE SKIP LOCKED` in id order, so each job goes to one runner, which holds it under a
 * short lease it renews while the handler runs. A failed attempt is retried after its backoff
 * until the job's attempts run out; a job whose runner died is due again when the lease runs
 * out. Periodic jobs are enqueued by whichever runner first moves the schedule's next run
 * forward, so they run once per period however many processes are up.
 */
export class JobRunner {
  private readonly handlers = new Map<string, Registered>();
  private readonly schedules = new Map<string, number>();
  private readonly now: () => Date;
  private readonly pollMs: number;
  private readonly loop: LeaseLoop<ClaimedJob>;
  private schedulesCheckedAt = -Infinity;
  /** Done jobs are deleted together: under load, one statement for many instead of one each. */
  private readonly done = new Coalescer<number>(async (ids) => {
    await this.db.query(`DELETE FROM jobs WHERE id IN (${lockInIdOrder('jobs', 'id = ANY($1::bigint[]) AND locked_by = $2')})`, [
      ids,
      this.id,
    ]);
  });

  constructor(
    private readonly db: Database,
    private readonly options: RunnerOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.pollMs = options.pollMs ?? 1_000;
    this.loop = new LeaseLoop(
      db,
      {
        claim: (limit, lease) => this.claim(limit, lease),
        renew: (ids, lease) => this.renew(ids, lease),
        release: (ids, lease) => this.handBack(ids, lease),
      },
      {
        work: (job, signal) => this.attempt(job, signal),
        beforeClaim: (now) => this.enqueueDueSchedules(now),
      },
      { ...options, channel: JOBS_CHANNEL, concurrency: options.concurrency ?? 10, pollMs: this.pollMs },
    );
  }

  /** The owner of this runner's claims (`locked_by`); also the owner of the claims its jobs hold through `leases`. */
  get id(): string {
    return this.loop.owner;
  }

  /** Claims the jobs hold beside their own row (the mails a `mail.send` job is sending), renewed with the jobs'. */
  get leases(): LeaseKeeper {
    return this.loop.leases;
  }

  register(name: string, handler: JobHandler, options: HandlerOptions = {}): void {
    this.handlers.set(name, { handler, backoff: options.backoff ?? defaultBackoff });
  }

  /** Runs the job `name` (its handler registered) once every `everyMs`, across all processes. */
  schedule(name: string, everyMs: number): void {
    this.schedules.set(name, everyMs);
    this.schedulesCheckedAt = -Infinity;
  }

  start(): Promise<void> {
    return this.loop.start();
  }

  /**
   * Polls at once (after a commit that enqueued work, or in tests). Resolves when that poll is
   * done and the jobs running then have settled; callers after a commit need not wait for it.
   */
  wake(): Promise<void> {
    return this.loop.wake();
  }

  /** Stops claiming; running jobs get `stopGraceMs` to finish, then are aborted and handed back. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async claim(limit: number, lease: Lease): Promise<ClaimedJob[]> {
    if (this.handlers.size === 0) return [];
    // The jobs due first are chosen, then locked in id order (lease-loop.ts, the lock order).
    const { rows } = await this.db.query<ClaimedJob>(
      `WITH candidates AS (
         SELECT id FROM jobs WHERE state = 'queued' AND run_at <= $1 AND name = ANY($2::text[]) ORDER BY run_at LIMIT $3 * 2
       ), due AS (
         ${lockInIdOrder('jobs', `jobs.state = 'queued' AND jobs.run_at <= $1`, { among: 'candidates', skipLocked: true })} LIMIT $3
       )
       UPDATE jobs SET attempts = jobs.attempts + 1, run_at = $4, locked_by = $5
       FROM due WHERE jobs.id = due.id
       RETURNING jobs.id, jobs.name, jobs.payload, jobs.attempts, jobs.max_attempts`,
      [lease.now.toISOString(), [...this.handlers.keys()], limit, lease.until.toISOString(), lease.owner],
    );
    return rows.sort((a, b) => Number(a.id) - Number(b.id));
  }

  private async renew(ids: RowId[], lease: Lease): Promise<RowId[]> {
    const { rows } = await this.db.query<{ id: number }>(
      `WITH held AS (${lockInIdOrder('jobs', 'id = ANY($2::bigint[]) AND locked_by = $3')})
       UPDATE jobs SET run_at = $1 FROM held WHERE jobs.id = held.id RETURNING jobs.id`,
      [lease.until.toISOString(), ids, lease.owner],
    );
    return rows.map((row) => row.id);
  }

  /** Handed back without spending an attempt: the job did not fail, this process left. */
  private async handBack(ids: RowId[], lease: Lease): Promise<void> {
    await this.db.query(
      `WITH held AS (${lockInIdOrder('jobs', 'id = ANY($2::bigint[]) AND locked_by = $3')})
       UPDATE jobs SET run_at = $1, locked_by = NULL, attempts = jobs.attempts - 1 FROM held WHERE jobs.id = held.id`,
      [lease.now.toISOString(), ids, lease.owner],
    );
  }

  private async enqueueDueSchedules(now: Date): Promise<boolean> {
    // Every wake would otherwise also touch the schedules; once per poll interval is enough.
    if (this.schedules.size === 0 || now.getTime() - this.schedulesCheckedAt < this.pollMs) return false;
    this.schedulesCheckedAt = now.getTime();
    // Inserting or moving the schedule row is the claim on this period: a concurrent runner
    // waits for the row, then finds next_run_at in the future and enqueues nothing.
    await this.db.query(
      `WITH due AS (
         INSERT INTO job_schedules AS s (name, next_run_at)
         SELECT p.name, $1::timestamptz + make_interval(secs => p.every_ms / 1000.0)
         FROM unnest($2::text[], $3::float8[]) AS p(name, every_ms)
         ON CONFLICT (name) DO UPDATE SET next_run_at = excluded.next_run_at WHERE s.next_run_at <= $1
         RETURNING s.name
       )
       INSERT INTO jobs (name, payload, singleton_key, run_at, max_attempts, created_at)
       SELECT name, '{}'::jsonb, 'schedule', $1, $4, $1 FROM due
       ON CONFLICT DO NOTHING`,
      [now.toISOString(), [...this.schedules.keys()], [...this.schedules.values()], DEFAULT_MAX_ATTEMPTS],
    );
    return false;
  }

  private async attempt(job: ClaimedJob, signal: AbortSignal): Promise<void> {
    if (job.attempts > job.max_attempts) {
      this.options.onAttempt?.(job.name, 'failed', 0);
      await this.markFailed(job, 'lease expired during the last attempt (its process died or stalled)');
      return;
    }
    const registered = this.handlers.get(job.name)!;
    const started = performance.now();
    const ended = (outcome: AttemptOutcome) => this.options.onAttempt?.(job.name, outcome, (performance.now() - started) / 1000);
    try {
      await registered.handler(job.payload, { id: job.id, attempt: job.attempts, signal });
    } catch (error) {
      // Stopped under it: `stop()` hands the job back, unspent, however the handler ended.
      if (signal.aborted) return;
      if (error instanceof RunLater) {
        ended('later');
        return this.runLater(job, error.delayMs);
      }
      if (!(error instanceof ReportedFailure)) this.options.onError?.(error);
      const final = job.attempts >= job.max_attempts;
      ended(final ? 'failed' : 'retry');
      if (final) await this.markFailed(job, describe(error));
      else await this.retryLater(job, registered.backoff(job.attempts), describe(error));
      return;
    }
    if (signal.aborted) return;
    ended('done');
    await this.done.add(job.id);
  }

  private async retryLater(job: ClaimedJob, delayMs: number, error: string): Promise<void> {
    await this.db.query('UPDATE jobs SET run_at = $1, locked_by = NULL, last_error = $2 WHERE id = $3 AND locked_by = $4', [
      new Date(this.now().getTime() + delayMs).toISOString(),
      error,
      job.id,
      this.id,
    ]);
  }

  private async runLater(job: ClaimedJob, delayMs: number): Promise<void> {
    await this.db.query('UPDATE jobs SET run_at = $1, locked_by = NULL, attempts = attempts - 1 WHERE id = $2 AND locked_by = $3', [
      new Date(this.now().getTime() + delayMs).toISOString(),
      job.id,
      this.id,
    ]);
    // Due again without a NOTIFY: this runner looks for it then, however idle it is.
    this.loop.pollLater(delayMs);
  }

  private async markFailed(job: ClaimedJob, error: string): Promise<void> {
    await this.db.query(
      `UPDATE jobs SET state = 'failed', run_at = $1, locked_by = NULL, last_error = $2 WHERE id = $3 AND locked_by = $4`,
      [this.now().toISOString(), error, job.id, this.id],
    );
  }
}

function describe(error: unknown): string {
  return (error instanceof Error ? (error.stack ?? error.message) : String(error)).slice(0, 2_000);
}
