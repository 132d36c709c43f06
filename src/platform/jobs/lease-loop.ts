import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import { repeat, type Repeating } from './background.js';
import { foregroundBusy, onForegroundIdle } from './foreground.js';

/**
 * How long a claim stays its owner's without renewal. The owner renews every fifth of it while
 * it lives, so a long task keeps its claim through a stalled event loop of up to four fifths
 * of it (seconds-long stalls were measured on a loaded 2-core machine), and the claims of a
 * process that died or lost the database lapse within this long (docs/operations.md,
 * "Background work"). A claim that lapsed while its owner was still working is at-least-once
 * territory: another owner may do the work again.
 */
export const LEASE_MS = 15_000;
/** Renewals per lease. */
const RENEWALS_PER_LEASE = 5;
/** How long `stop()` lets work in hand finish before handing it back. */
export const STOP_GRACE_MS = 10_000;
/** The longest a loop puts off claiming while bulk writes run in this process (foreground.ts). */
export const FOREGROUND_HOLD_MS = 1_000;

export type RowId = string | number;

/** A claim's owner and its lease: the rows are the owner's until `until`. */
export interface Lease {
  owner: string;
  now: Date;
  until: Date;
}

/**
 * Rows whose claims can be renewed. THE LOCK ORDER: every statement that locks several rows of
 * a queue (claims, renewals, marks, releases) locks them in id order, claims with
 * `FOR UPDATE SKIP LOCKED` (`lockInIdOrder`), so two statements never wait for each other in
 * a cycle. A mark that waited on a claim while the claim waited on it was a deadlock.
 */
export interface RenewableRows {
  /** Moves `lease.owner`'s claims on `ids` to `lease.until`; returns the ids still held. */
  renew(ids: RowId[], lease: Lease): Promise<RowId[]>;
}

/** A queue a lease loop claims from. */
export interface LeasedRows<T extends { id: RowId }> extends RenewableRows {
  /** Claims up to `limit` due rows for `lease.owner`, in id order, skipping locked ones. `held`: the rows in hand. */
  claim(limit: number, lease: Lease, held: ReadonlyMap<RowId, { row: T }>): Promise<T[]>;
  /** Hands claimed `ids` back unspent, due at once (the loop stops before their work finished). */
  release(ids: RowId[], lease: Lease): Promise<void>;
}

/**
 * The ids of `table`'s rows matching `where`, locked in id order, for a claim, a renewal or a
 * mark. `among`: a FROM item whose `id` column names the candidates (a CTE of the rows due
 * first), joined by primary key so that the lock never scans the whole table.
 */
export function lockInIdOrder(table: string, where: string, options: { among?: string; skipLocked?: boolean } = {}): string {
  const from = options.among ? `${options.among} AS chosen JOIN ${table} ON ${table}.id = chosen.id` : table;
  return `SELECT ${table}.id FROM ${from} WHERE ${where} ORDER BY ${table}.id FOR UPDATE OF ${table}${options.skipLocked ? ' SKIP LOCKED' : ''}`;
}

/** What a user of the loop (the jobs runner, the webhook dispatcher) may set. */
export interface LeaseTiming {
  now?: () => Date;
  /** Told of failed work and of database errors; the loop itself carries on. */
  onError?: (error: unknown) => void;
  /** Rows worked on at once. */
  concurrency?: number;
  /** Idle poll interval; `wake()`, a NOTIFY or a finished task polls sooner. */
  pollMs?: number;
  /** How long a claimed row stays this process's without renewal (renewed every fifth of it; LEASE_MS). */
  leaseMs?: number;
  /** How long `stop()` lets work in flight finish before handing it back (STOP_GRACE_MS). */
  stopGraceMs?: number;
}

export interface LeaseLoopOptions extends LeaseTiming {
  /** While work is in flight, a claim waits until this many slots are free (a claim is a statement). */
  claimBatch?: number;
  /** NOTIFY channel that wakes the loop. */
  channel?: string;
}

export interface LeaseLoopHooks<T extends { id: RowId }> {
  /** Runs a claimed row; `signal` aborts when the loop stops or the claim is lost. */
  work(row: T, signal: AbortSignal): Promise<void>;
  /** Work before each claim (enqueue periodic jobs, fan out events); resolves to whether it made any. */
  beforeClaim?(now: Date, draining: boolean): Promise<boolean>;
  /** Whether rows may be due beyond this claim, so each finished row polls again (default: the claim was full). */
  moreMayBeDue?(claimed: number, limit: number): boolean;
}

interface InHand {
  done: Promise<void>;
  abort: AbortController;
}

/**
 * The one claim-lease-release loop of background work (the jobs runner, the webhook
 * dispatcher, and through the runner's `leases` the mail sender's claims on mails). It polls,
 * claims due rows under a short lease (`LEASE_MS`), runs each, renews every held lease every
 * fifth of it while the process lives, and on `stop()` gives running work `stopGraceMs`, then
 * aborts it and hands its rows back. One poll at a time; a bulk write in this process holds
 * new claims for at most FOREGROUND_HOLD_MS.
 */
export class LeaseLoop<T extends { id: RowId }> {
  readonly owner = randomUUID();
  /** Claims held beside the loop's own rows (the mails a job is sending), renewed with them. */
  readonly leases: LeaseKeeper;
  private readonly running = new Map<RowId, InHand & { row: T }>();
  private readonly now: () => Date;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private state: 'new' | 'started' | 'stopped' = 'new';
  private pollTimer: NodeJS.Timeout | null = null;
  private polling: Promise<boolean> | null = null;
  private pollAgain = false;
  private moreMayBeDue = false;
  private draining = false;
  private heldSince: number | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private stopWatchingForeground: (() => void) | null = null;

  constructor(
    private readonly db: Database,
    private readonly rows: LeasedRows<T>,
    private readonly hooks: LeaseLoopHooks<T>,
    private readonly options: LeaseLoopOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.concurrency = options.concurrency ?? 10;
    this.pollMs = options.pollMs ?? 1_000;
    this.leases = new LeaseKeeper(this.owner, options.leaseMs ?? LEASE_MS, this.now, (error) => this.report(error));
  }

  /** The rows in hand now. */
  get inHand(): ReadonlyMap<RowId, { row: T }> {
    return this.running;
  }

  async start(): Promise<void> {
    if (this.state !== 'new') return;
    this.state = 'started';
    if (this.options.channel) {
      try {
        this.unlisten = await this.db.listen(this.options.channel, () => void this.pollSoon());
      } catch (error) {
        // Without notifications the loop still finds every row by polling.
        this.report(error);
      }
    }
    this.leases.start();
    this.stopWatchingForeground = onForegroundIdle(() => {
      if (this.heldSince !== null) void this.pollSoon();
    });
    void this.pollSoon();
  }

  /** Polls now; resolves when that poll is done and the rows in hand then have settled. */
  async wake(): Promise<void> {
    await this.pollSoon();
    await Promise.allSettled([...this.running.values()].map((job) => job.done));
  }

  /** Polls now rather than at the next interval, without waiting. */
  nudge(): void {
    void this.pollSoon();
  }

  /** Polls again after `delayMs` (a row handed back to be due then, without a NOTIFY). */
  pollLater(delayMs: number): void {
    setTimeout(() => void this.pollSoon(), delayMs).unref();
  }

  /** Works off everything due now, holding for nothing, and waits for it (tests, benchmarks). */
  async drain(): Promise<void> {
    this.draining = true;
    try {
      for (;;) {
        const found = await this.pollSoon();
        const inHand = [...this.running.values()].map((job) => job.done);
        if (!found && inHand.length === 0) return;
        await Promise.allSettled(inHand);
      }
    } finally {
      this.draining = false;
    }
  }

  /** Stops claiming; running work gets `stopGraceMs`, then is aborted and its rows handed back unspent. */
  async stop(): Promise<void> {
    if (this.state === 'stopped') return;
    this.state = 'stopped';
    this.stopWatchingForeground?.();
    if (this.pollTimer) clearTimeout(this.pollTimer);
    await this.unlisten?.().catch((error) => this.report(error));
    await this.polling;
    let graceTimer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      Promise.allSettled([...this.running.values()].map((job) => job.done)).then(() => true),
      new Promise<false>((resolve) => (graceTimer = setTimeout(() => resolve(false), this.options.stopGraceMs ?? STOP_GRACE_MS))),
    ]);
    clearTimeout(graceTimer);
    // Claims held beside the rows are not handed back: their holders release what they did not
    // start, and what they started lapses within the lease (handing it back could double it).
    this.leases.stop();
    if (finished) return;
    const ids = [...this.running.keys()];
    for (const job of this.running.values()) job.abort.abort();
    await this.rows.release(ids, this.lease()).catch((error) => this.report(error));
  }

  /** One poll at a time; a request during a poll polls once more after it. Resolves to whether work was found. */
  private pollSoon(): Promise<boolean> {
    if (this.state !== 'started') return Promise.resolve(false);
    if (this.polling) {
      this.pollAgain = true;
      return this.polling;
    }
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.polling = (async () => {
      let found = false;
      do {
        this.pollAgain = false;
        found = (await this.poll().catch((error) => (this.report(error), false))) || found;
      } while (this.pollAgain && this.state === 'started');
      return found;
    })().finally(() => {
      this.polling = null;
      if (this.state !== 'started') return;
      this.pollTimer = setTimeout(() => void this.pollSoon(), this.pollMs);
      this.pollTimer.unref();
    });
    return this.polling;
  }

  private async poll(): Promise<boolean> {
    // A push or batch under way in this process goes first (its integrator is waiting): nothing
    // new starts until it ends (the idle listener polls), for at most FOREGROUND_HOLD_MS, so
    // background work takes the cores between pushes, not from them. Work in hand goes on.
    if (foregroundBusy() && !this.draining) {
      this.heldSince ??= performance.now();
      if (performance.now() - this.heldSince < FOREGROUND_HOLD_MS) return false;
    }
    this.heldSince = null;
    const made = (await this.hooks.beforeClaim?.(this.now(), this.draining)) ?? false;
    const free = this.concurrency - this.running.size;
    const batch = Math.min(this.options.claimBatch ?? 1, this.concurrency);
    if (free <= 0 || (this.running.size > 0 && free < batch)) return made;
    const claimed = await this.rows.claim(free, this.lease(), this.running);
    this.moreMayBeDue = this.hooks.moreMayBeDue?.(claimed.length, free) ?? claimed.length === free;
    for (const row of claimed) this.run(row);
    return made || claimed.length > 0;
  }

  private run(row: T): void {
    // Our lease ran out and we claimed the row again while still working on it: the first run finishes it.
    if (this.running.has(row.id)) return;
    const abort = new AbortController();
    this.leases.hold(this.rows, [row.id], () => abort.abort());
    const done = this.hooks
      .work(row, abort.signal)
      .catch((error) => this.report(error))
      .finally(() => {
        this.running.delete(row.id);
        this.leases.drop(this.rows, [row.id]);
        if (this.moreMayBeDue) void this.pollSoon();
      });
    this.running.set(row.id, { row, done, abort });
  }

  private lease(): Lease {
    return this.leases.lease();
  }

  private report(error: unknown): void {
    this.options.onError?.(error);
  }
}

/**
 * The claims one owner holds, table by table, renewed together every fifth of the lease.
 * A claim found lost at renewal (its lease ran out and another owner took the row) is
 * dropped and its holder told, so it stops working on a row that is no longer its own.
 */
export class LeaseKeeper {
  private readonly held = new Map<RenewableRows, Map<RowId, (() => void) | undefined>>();
  private renewing: Repeating | null = null;

  constructor(
    readonly owner: string,
    readonly leaseMs: number,
    private readonly now: () => Date,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** A lease starting now. */
  lease(): Lease {
    const now = this.now();
    return { owner: this.owner, now, until: new Date(now.getTime() + this.leaseMs) };
  }

  hold(rows: RenewableRows, ids: readonly RowId[], onLost?: () => void): void {
    let table = this.held.get(rows);
    if (!table) this.held.set(rows, (table = new Map()));
    for (const id of ids) table.set(id, onLost);
  }

  /** Whether this owner holds `id` already (a claim that lapsed while its work went on, and was claimed again here). */
  holds(rows: RenewableRows, id: RowId): boolean {
    return this.held.get(rows)?.has(id) ?? false;
  }

  drop(rows: RenewableRows, ids: readonly RowId[]): void {
    const table = this.held.get(rows);
    for (const id of ids) table?.delete(id);
  }

  start(): void {
    this.renewing ??= repeat(this.leaseMs / RENEWALS_PER_LEASE, () => this.renew(), this.onError);
  }

  stop(): void {
    this.renewing?.stop();
    this.renewing = null;
  }

  /** Renews every claim held (in id order, table by table). */
  async renew(): Promise<void> {
    for (const [rows, table] of this.held) {
      if (table.size === 0) continue;
      const ids = [...table.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const kept = new Set((await rows.renew(ids, this.lease())).map(String));
      for (const id of ids) {
        if (kept.has(String(id)) || !table.has(id)) continue;
        const onLost = table.get(id);
        table.delete(id);
        onLost?.();
      }
    }
  }
}
