import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import { Coalescer } from './coalesce.js';
import { DEFAULT_MAX_ATTEMPTS, JOBS_CHANNEL } from './queue.js';
import { foregroundBusy, onForegroundIdle } from './foreground.js';

/** The longest the runner puts off claiming jobs while bulk writes run in this process (foreground.ts). */
export const FOREGROUND_HOLD_MS = 1_000;

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

export interface HandlerOptions {
  /** Milliseconds to wait after failed attempt number `attempt` (1-based) before the next one. */
  backoff?: (attempt: number) => number;
}

export interface RunnerOptions {
  now?: () => Date;
  /** Told of failed attempts and of database errors; the runner itself carries on. */
  onError?: (error: unknown) => void;
  /** Jobs run at once by this runner. */
  concurrency?: number;
  /** Idle poll interval; enqueues wake runners sooner through NOTIFY or `wake()`. */
  pollMs?: number;
  /** How long a claimed job stays this runner's without renewal (renewed every third of it). */
  leaseMs?: number;
  /** How long `stop()` lets running jobs finish before handing them back. */
  stopGraceMs?: number;
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
 * with runners of other processes: a claim is `FOR UPDATE SKIP LOCKED`, so each job goes to
 * one runner, which holds it under a lease it renews while the handler runs. A failed attempt
 * is retried after its backoff until the job's attempts run out; a job whose runner died is
 * due again when the lease runs out. Periodic jobs are enqueued by whichever runner first moves
 * the schedule's next run forward, so they run once per period however many processes are up.
 */
export class JobRunner {
  readonly id = randomUUID();
  private readonly handlers = new Map<string, Registered>();
  private readonly schedules = new Map<string, number>();
  private readonly running = new Map<number, { done: Promise<void>; abort: AbortController }>();
  private readonly now: () => Date;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private state: 'new' | 'started' | 'stopped' = 'new';
  private pollTimer: NodeJS.Timeout | null = null;
  private renewTimer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private pollAgain = false;
  private lastClaimWasFull = false;
  private schedulesCheckedAt = -Infinity;
  private stopListening: (() => Promise<void>) | null = null;
  private stopWatchingForeground: (() => void) | null = null;
  /** Since when claims are put off for a bulk write in this process (null: not held). */
  private heldSince: number | null = null;
  /** Done jobs are deleted together: under load, one statement for many instead of one each. */
  private readonly done = new Coalescer<number>(async (ids) => {
    await this.db.query('DELETE FROM jobs WHERE id = ANY($1::bigint[]) AND locked_by = $2', [ids, this.id]);
  });

  constructor(
    private readonly db: Database,
    private readonly options: RunnerOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.concurrency = options.concurrency ?? 10;
    this.pollMs = options.pollMs ?? 1_000;
    this.leaseMs = options.leaseMs ?? 60_000;
  }

  register(name: string, handler: JobHandler, options: HandlerOptions = {}): void {
    this.handlers.set(name, { handler, backoff: options.backoff ?? defaultBackoff });
  }

  /** Runs the job `name` (its handler registered) once every `everyMs`, across all processes. */
  schedule(name: string, everyMs: number): void {
    this.schedules.set(name, everyMs);
    this.schedulesCheckedAt = -Infinity;
  }

  async start(): Promise<void> {
    if (this.state !== 'new') return;
    this.state = 'started';
    try {
      this.stopListening = await this.db.listen(JOBS_CHANNEL, () => void this.pollSoon());
    } catch (error) {
      // Without notifications the runner still finds every job by polling.
      this.report(error);
    }
    this.renewTimer = setInterval(() => void this.renewLeases().catch((error) => this.report(error)), this.leaseMs / 3);
    this.renewTimer.unref();
    this.stopWatchingForeground = onForegroundIdle(() => {
      if (this.heldSince !== null) void this.pollSoon();
    });
    void this.pollSoon();
  }

  /**
   * Polls at once (after a commit that enqueued work, or in tests). Resolves when that poll is
   * done and the jobs running then have settled; callers after a commit need not wait for it.
   */
  async wake(): Promise<void> {
    await this.pollSoon();
    await Promise.allSettled([...this.running.values()].map((job) => job.done));
  }

  /** Stops claiming; running jobs get `stopGraceMs` to finish, then are aborted and handed back. */
  async stop(): Promise<void> {
    if (this.state === 'stopped') return;
    this.state = 'stopped';
    this.stopWatchingForeground?.();
    if (this.pollTimer) clearTimeout(this.pollTimer);
    await this.stopListening?.().catch((error) => this.report(error));
    await this.polling;
    let graceTimer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      Promise.allSettled([...this.running.values()].map((job) => job.done)).then(() => true),
      new Promise<false>((resolve) => (graceTimer = setTimeout(() => resolve(false), this.options.stopGraceMs ?? 10_000))),
    ]);
    clearTimeout(graceTimer);
    if (this.renewTimer) clearInterval(this.renewTimer);
    if (finished) return;
    const ids = [...this.running.keys()];
    for (const job of this.running.values()) job.abort.abort();
    // Handed back without spending an attempt: the job did not fail, this process left.
    await this.db
      .query('UPDATE jobs SET run_at = $1, locked_by = NULL, attempts = attempts - 1 WHERE id = ANY($2::bigint[]) AND locked_by = $3', [
        this.now().toISOString(),
        ids,
        this.id,
      ])
      .catch((error) => this.report(error));
  }

  /** One poll at a time; a request during a poll makes it poll once more afterwards. */
  private pollSoon(): Promise<void> {
    if (this.state !== 'started') return Promise.resolve();
    if (this.polling) {
      this.pollAgain = true;
      return this.polling;
    }
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.polling = (async () => {
      do {
        this.pollAgain = false;
        await this.poll().catch((error) => this.report(error));
      } while (this.pollAgain && this.state === 'started');
    })().finally(() => {
      this.polling = null;
      if (this.state !== 'started') return;
      this.pollTimer = setTimeout(() => void this.pollSoon(), this.pollMs);
      this.pollTimer.unref();
    });
    return this.polling;
  }

  private async poll(): Promise<void> {
    const now = this.now();
    // Every wake would otherwise also touch the schedules; once per poll interval is enough.
    if (this.schedules.size > 0 && now.getTime() - this.schedulesCheckedAt >= this.pollMs) {
      this.schedulesCheckedAt = now.getTime();
      await this.enqueueDueSchedules(now);
    }
    // A push or batch under way in this process goes first (its integrator is waiting): no job
    // starts until it ends (the idle listener wakes the runner), for at most FOREGROUND_HOLD_MS,
    // so background work (alert matching, mails) never takes the cores from it for long. Jobs
    // already running finish meanwhile.
    if (foregroundBusy()) {
      this.heldSince ??= performance.now();
      if (performance.now() - this.heldSince < FOREGROUND_HOLD_MS) return;
    }
    this.heldSince = null;
    const free = this.concurrency - this.running.size;
    if (free <= 0 || this.handlers.size === 0) return;
    const { rows } = await this.db.query<ClaimedJob>(
      `WITH due AS (
         SELECT id FROM jobs
         WHERE state = 'queued' AND run_at <= $1 AND name = ANY($2::text[])
         ORDER BY run_at
         LIMIT $3
         FOR UPDATE SKIP LOCKED
       )
       UPDATE jobs SET attempts = jobs.attempts + 1, run_at = $4, locked_by = $5
       FROM due WHERE jobs.id = due.id
       RETURNING jobs.id, jobs.name, jobs.payload, jobs.attempts, jobs.max_attempts`,
      [now.toISOString(), [...this.handlers.keys()], free, this.leaseEnd(now), this.id],
    );
    this.lastClaimWasFull = rows.length === free;
    for (const job of rows) this.run(job);
  }

  private async enqueueDueSchedules(now: Date): Promise<void> {
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
  }

  private run(job: ClaimedJob): void {
    // Our lease ran out and we claimed the job again while still running it: the first run finishes it.
    if (this.running.has(job.id)) return;
    const abort = new AbortController();
    const done = this.attempt(job, abort.signal)
      .catch((error) => this.report(error))
      .finally(() => {
        this.running.delete(job.id);
        if (this.lastClaimWasFull) void this.pollSoon();
      });
    this.running.set(job.id, { done, abort });
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
      this.report(error);
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
    setTimeout(() => void this.pollSoon(), delayMs).unref();
  }

  private async markFailed(job: ClaimedJob, error: string): Promise<void> {
    await this.db.query(
      `UPDATE jobs SET state = 'failed', run_at = $1, locked_by = NULL, last_error = $2 WHERE id = $3 AND locked_by = $4`,
      [this.now().toISOString(), error, job.id, this.id],
    );
  }

  private async renewLeases(): Promise<void> {
    if (this.running.size === 0) return;
    await this.db.query('UPDATE jobs SET run_at = $1 WHERE id = ANY($2::bigint[]) AND locked_by = $3', [
      this.leaseEnd(this.now()),
      [...this.running.keys()],
      this.id,
    ]);
  }

  private leaseEnd(now: Date): string {
    return new Date(now.getTime() + this.leaseMs).toISOString();
  }

  private report(error: unknown): void {
    this.options.onError?.(error);
  }
}

function describe(error: unknown): string {
  return (error instanceof Error ? (error.stack ?? error.message) : String(error)).slice(0, 2_000);
}
