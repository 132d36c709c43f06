import { randomUUID } from 'node:crypto';
import type { Database } from '../../platform/db/database.js';
import { claimDeliveries, recordAttempt, recordSuccesses, releaseDeliveries, type ClaimedDelivery, type Success } from './deliveries.js';
import { DELIVERY_LEASE_MS } from './delivery-policy.js';
import { fanOut } from './fan-out.js';
import { failWaitingDeliveries } from './endpoint-store.js';
import type { AttemptResult, WebhookSender } from './sender.js';
import { signedHeaders } from './signing.js';
import { foregroundBusy, onForegroundIdle } from '../../platform/jobs/foreground.js';

export interface DispatcherOptions {
  now?: () => Date;
  onError?: (error: unknown) => void;
  /** Deliveries in flight at once in this process. */
  concurrency?: number;
  /** Of which at most this many (times two, across claims) to one endpoint. */
  perEndpoint?: number;
  /** Idle poll interval: the longest a committed change waits before its fan-out. */
  pollMs?: number;
  leaseMs?: number;
  /** How long `stop()` lets sends in flight finish before handing them back. */
  stopGraceMs?: number;
}

/** The longest a cycle is put off while bulk writes run in this process (src/platform/jobs/foreground.ts). */
const MAX_HOLD_MS = 1_000;

/** Successes are recorded together: those that come within this long of the first, at most this many. */
const SUCCESS_BATCH_MS = 5;
const SUCCESS_BATCH_MAX = 64;

/** Successful attempts waiting for their one statement, each with its sender waiting for it. */
class SuccessRecorder {
  private waiting: Array<{ success: Success; settle: (error?: unknown) => void }> = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly write: (successes: Success[]) => Promise<void>) {}

  record(success: Success): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ success, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (this.waiting.length >= SUCCESS_BATCH_MAX) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), SUCCESS_BATCH_MS);
    });
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.waiting.splice(0);
    this.write(batch.map((entry) => entry.success)).then(
      () => batch.forEach((entry) => entry.settle()),
      (error: unknown) => batch.forEach((entry) => entry.settle(error ?? new Error('recording failed'))),
    );
  }
}

interface InFlight {
  endpointId: string;
  done: Promise<void>;
  abort: AbortController;
}

/**
 * Delivers webhooks from this process, in competition with the other processes' dispatchers:
 * it turns new outbox events into deliveries (`fanOut`), claims due deliveries under a lease
 * (`FOR UPDATE SKIP LOCKED`), sends each as soon as claimed and records the attempt. If the
 * process dies mid-send, the lease runs out and any dispatcher claims the delivery again, with
 * the same webhook-id: delivery is at least once, and never in a promised order.
 */
export class WebhookDispatcher {
  readonly id = `whd-${randomUUID()}`;
  private readonly now: () => Date;
  private readonly concurrency: number;
  private readonly perEndpoint: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly inFlight = new Map<string, InFlight>();
  private state: 'new' | 'started' | 'stopped' = 'new';
  private timer: NodeJS.Timeout | null = null;
  private cycling: Promise<boolean> | null = null;
  private cycleAgain = false;
  private fannedOutAt = -Infinity;
  private readonly successes: SuccessRecorder;
  private heldSince: number | null = null;
  private draining = false;
  private stopWatchingForeground: (() => void) | null = null;

  constructor(
    private readonly db: Database,
    private readonly sender: WebhookSender,
    private readonly options: DispatcherOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.concurrency = options.concurrency ?? 64;
    this.perEndpoint = options.perEndpoint ?? 16;
    this.pollMs = options.pollMs ?? 200;
    this.leaseMs = options.leaseMs ?? DELIVERY_LEASE_MS;
    this.successes = new SuccessRecorder((successes) => recordSuccesses(this.db, this.id, successes));
  }

  start(): void {
    if (this.state !== 'new') return;
    this.state = 'started';
    this.stopWatchingForeground = onForegroundIdle(() => {
      if (this.heldSince !== null) void this.cycleSoon();
    });
    void this.cycleSoon();
  }

  /** Looks for due work now rather than at the next poll (after queueing a test or a retry). */
  nudge(): void {
    void this.cycleSoon();
  }

  /** Delivers everything due now and waits for the attempts to be recorded (tests, benchmarks). */
  async drain(): Promise<void> {
    this.fannedOutAt = -Infinity;
    this.draining = true;
    try {
      for (;;) {
        const didWork = await this.cycleSoon();
        const sending = [...this.inFlight.values()].map((f) => f.done);
        if (!didWork && sending.length === 0) return;
        await Promise.allSettled(sending);
      }
    } finally {
      this.draining = false;
    }
  }

  async stop(): Promise<void> {
    if (this.state === 'stopped') return;
    this.state = 'stopped';
    this.stopWatchingForeground?.();
    if (this.timer) clearTimeout(this.timer);
    await this.cycling;
    let graceTimer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      Promise.allSettled([...this.inFlight.values()].map((f) => f.done)).then(() => true),
      new Promise<false>((resolve) => (graceTimer = setTimeout(() => resolve(false), this.options.stopGraceMs ?? 5_000))),
    ]);
    clearTimeout(graceTimer);
    if (!finished) {
      const ids = [...this.inFlight.keys()];
      for (const flight of this.inFlight.values()) flight.abort.abort();
      await releaseDeliveries(this.db, this.id, ids, this.now()).catch((error) => this.report(error));
    }
    await this.sender.close().catch((error) => this.report(error));
  }

  /** One cycle at a time; asking during one runs another right after. Resolves to whether work was found. */
  private cycleSoon(): Promise<boolean> {
    if (this.state !== 'started') return Promise.resolve(false);
    if (this.cycling) {
      this.cycleAgain = true;
      return this.cycling;
    }
    if (this.timer) clearTimeout(this.timer);
    this.cycling = (async () => {
      let found = false;
      do {
        this.cycleAgain = false;
        found = (await this.cycle().catch((error) => (this.report(error), false))) || found;
      } while (this.cycleAgain && this.state === 'started');
      return found;
    })().finally(() => {
      this.cycling = null;
      if (this.state !== 'started') return;
      this.timer = setTimeout(() => void this.cycleSoon(), this.pollMs);
      this.timer.unref();
    });
    return this.cycling;
  }

  private async cycle(): Promise<boolean> {
    // A push or batch under way here goes first: nothing new starts until it ends (the idle
    // listener resumes), for at most MAX_HOLD_MS. Sends already in flight finish meanwhile.
    if (foregroundBusy() && !this.draining) {
      this.heldSince ??= performance.now();
      if (performance.now() - this.heldSince < MAX_HOLD_MS) return false;
    }
    this.heldSince = null;
    // Fanning out reads every enabled endpoint's scope: twice per poll interval at most, however
    // many sends finish in between (each of which starts a cycle to claim more).
    let created = 0;
    if (performance.now() - this.fannedOutAt >= this.pollMs / 2) {
      this.fannedOutAt = performance.now();
      created = await fanOut(this.db, this.now());
    }
    const free = this.concurrency - this.inFlight.size;
    // A claim is a statement: while sends are in flight, it waits until it can take a quarter
    // of the slots, rather than claiming one delivery per finished send.
    if (free <= 0 || (this.inFlight.size > 0 && free < Math.max(1, Math.floor(this.concurrency / 4)))) return created > 0;
    const claimed = await claimDeliveries(this.db, {
      runnerId: this.id,
      now: this.now(),
      leaseMs: this.leaseMs,
      limit: free,
      perEndpoint: this.perEndpoint,
      busyEndpoints: this.busyEndpoints(),
    });
    // A claim that found work may have left more behind (the per-endpoint share caps a claim):
    // each finished send asks again, until a claim comes back empty.
    for (const delivery of claimed) this.send(delivery, true);
    return created > 0 || claimed.length > 0;
  }

  private busyEndpoints(): string[] {
    const counts = new Map<string, number>();
    for (const flight of this.inFlight.values()) counts.set(flight.endpointId, (counts.get(flight.endpointId) ?? 0) + 1);
    return [...counts].filter(([, count]) => count >= this.perEndpoint).map(([endpointId]) => endpointId);
  }

  private send(delivery: ClaimedDelivery, moreMayBeDue: boolean): void {
    // Our lease ran out and we claimed it again while still sending: the first send records it.
    if (this.inFlight.has(delivery.id)) return;
    const abort = new AbortController();
    const done = this.attempt(delivery, abort.signal)
      .catch((error) => this.report(error))
      .finally(() => {
        this.inFlight.delete(delivery.id);
        if (moreMayBeDue) void this.cycleSoon();
      });
    this.inFlight.set(delivery.id, { endpointId: delivery.endpointId, done, abort });
  }

  private async attempt(delivery: ClaimedDelivery, signal: AbortSignal): Promise<void> {
    let result: AttemptResult;
    if (!delivery.endpointEnabled) {
      result = { ok: false, status: null, error: 'the endpoint was disabled', latencyMs: 0, answer: null };
    } else {
      const headers = signedHeaders(delivery.id, this.now(), delivery.payload, delivery.secrets);
      result = await this.sender.send(delivery.url, headers, delivery.payload, signal);
      // Stopped under it: `stop()` hands the delivery back, unspent.
      if (signal.aborted) return;
    }
    const now = this.now();
    // The common case, recorded with others; a failure may disable the endpoint, so it goes alone.
    if (result.ok) return this.successes.record({ delivery, result, at: now });
    const { disabledEndpoint } = await recordAttempt(this.db, this.id, delivery, result, now);
    if (disabledEndpoint)
      await failWaitingDeliveries(this.db, delivery.endpointId, now, 'the endpoint was disabled after failing every attempt for 5 days');
  }

  private report(error: unknown): void {
    this.options.onError?.(error);
  }
}
