import type { Database } from '../../platform/db/database.js';
import {
  claimDeliveries,
  recordAttempt,
  recordSuccesses,
  releaseDeliveries,
  renewDeliveries,
  type ClaimedDelivery,
  type Success,
} from './deliveries.js';
import { fanOut } from './fan-out.js';
import { failWaitingDeliveries } from './endpoint-store.js';
import type { AttemptResult, WebhookSender } from './sender.js';
import { signedHeaders } from './signing.js';
import { LeaseLoop, type LeaseTiming, type RowId } from '../../platform/jobs/lease-loop.js';

/** The lease loop's settings (`LeaseTiming`: `concurrency` is deliveries in flight at once), and: */
export interface DispatcherOptions extends LeaseTiming {
  /** Of which at most this many (times two, across claims) to one endpoint. */
  perEndpoint?: number;
}

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

/**
 * Delivers webhooks from this process, in competition with the other processes' dispatchers,
 * through the one lease loop (src/platform/jobs/lease-loop.ts): it turns new outbox events
 * into deliveries (`fanOut`), claims due deliveries under a short lease it renews while it
 * sends (`FOR UPDATE SKIP LOCKED`, in id order), sends each as soon as claimed and records the
 * attempt. If the process dies mid-send, the lease lapses within seconds and any dispatcher
 * claims the delivery again, with the same webhook-id: delivery is at least once, and never in
 * a promised order.
 */
export class WebhookDispatcher {
  private readonly now: () => Date;
  private readonly perEndpoint: number;
  private readonly pollMs: number;
  private readonly loop: LeaseLoop<ClaimedDelivery>;
  private fannedOutAt = -Infinity;
  private readonly successes: SuccessRecorder;

  constructor(
    private readonly db: Database,
    private readonly sender: WebhookSender,
    private readonly options: DispatcherOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    const concurrency = options.concurrency ?? 64;
    this.perEndpoint = options.perEndpoint ?? 16;
    this.pollMs = options.pollMs ?? 200;
    this.successes = new SuccessRecorder((successes) => recordSuccesses(this.db, this.id, successes));
    this.loop = new LeaseLoop(
      db,
      {
        claim: (limit, lease, inHand) =>
          claimDeliveries(this.db, {
            runnerId: lease.owner,
            now: lease.now,
            leaseMs: lease.until.getTime() - lease.now.getTime(),
            limit,
            perEndpoint: this.perEndpoint,
            busyEndpoints: this.busyEndpoints(inHand),
          }),
        renew: (ids, lease) => renewDeliveries(this.db, lease.owner, ids as string[], lease.until),
        release: (ids, lease) => releaseDeliveries(this.db, lease.owner, ids as string[]),
      },
      {
        work: (delivery, signal) => this.attempt(delivery, signal),
        beforeClaim: (_now, draining) => this.fanOutSometimes(draining),
        // A claim that found work may have left more behind (the per-endpoint share caps a
        // claim), and so may one that found none because an endpoint had its share in flight:
        // each finished send asks again, until a claim comes back empty with no endpoint at its
        // share. Waiting for the next poll instead held one busy endpoint to its share every
        // poll interval (145 deliveries/s against 615, docs/benchmarks.md).
        moreMayBeDue: (claimed) => claimed > 0 || this.busyEndpoints(this.loop.inHand).length > 0,
      },
      {
        ...options,
        concurrency,
        pollMs: this.pollMs,
        // A claim is a statement: while sends are in flight, it waits until it can take a
        // quarter of the slots, rather than claiming one delivery per finished send.
        claimBatch: Math.max(1, Math.floor(concurrency / 4)),
      },
    );
  }

  /** The owner of this process's claims (`locked_by`). */
  get id(): string {
    return this.loop.owner;
  }

  start(): Promise<void> {
    return this.loop.start();
  }

  /** Looks for due work now rather than at the next poll (after queueing a test or a retry). */
  nudge(): void {
    this.loop.nudge();
  }

  /** Delivers everything due now and waits for the attempts to be recorded (tests, benchmarks). */
  drain(): Promise<void> {
    this.fannedOutAt = -Infinity;
    return this.loop.drain();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    await this.sender.close().catch((error) => this.options.onError?.(error));
  }

  /** Fanning out reads every enabled endpoint's scope: twice per poll interval at most, however many sends finish in between. */
  private async fanOutSometimes(draining: boolean): Promise<boolean> {
    if (!draining && performance.now() - this.fannedOutAt < this.pollMs / 2) return false;
    this.fannedOutAt = performance.now();
    return (await fanOut(this.db, this.now())) > 0;
  }

  private busyEndpoints(inHand: ReadonlyMap<RowId, { row: ClaimedDelivery }>): string[] {
    const counts = new Map<string, number>();
    for (const { row } of inHand.values()) counts.set(row.endpointId, (counts.get(row.endpointId) ?? 0) + 1);
    return [...counts].filter(([, count]) => count >= this.perEndpoint).map(([endpointId]) => endpointId);
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
}
