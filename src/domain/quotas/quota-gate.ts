import type { Database } from '../../platform/db/database.js';
import { blockSize, minuteOf, resetAt, WINDOW_MINUTES, type QuotaState, type QuotaSubject } from './limits.js';
import type { PeriodicJob } from '../../platform/jobs/periodic.js';
import { repeat, type Repeating } from '../../platform/jobs/background.js';

interface TakeRow {
  subject: string;
  used: number;
  granted: number;
  oldest: number | null;
}

async function take(db: Database, subjects: QuotaSubject[], amounts: number[], minute: number, allOrNothing: boolean): Promise<TakeRow[]> {
  const { rows } = await db.query<TakeRow>('SELECT * FROM quota_take($1::text[], $2::int[], $3::int[], $4, $5, $6)', [
    subjects.map((s) => s.id),
    subjects.map((s) => s.limit),
    amounts,
    minute,
    WINDOW_MINUTES,
    allOrNothing,
  ]);
  return rows;
}

/** What this process knows of one subject's quota, and the calls it holds in reserve. */
interface Lease {
  subject: QuotaSubject;
  /** Calls taken from the database and not used yet: this process may spend them without asking. */
  slots: number;
  /** The minute every reserved call was taken at (a top-up only joins calls of the same minute). */
  slotMinute: number;
  /** The reserve is topped up once it is down to this many calls (a quarter of the last block). */
  lowWater: number;
  /** Calls counted in the database at the last take (reserved slots included); null before the first. */
  dbUsed: number | null;
  oldest: number | null;
  /** A refusal is remembered until this time (ms), so a client hammering an exhausted quota costs no query. */
  exhaustedUntil: number;
  refilling: Promise<void> | null;
  lastUse: number;
}

export interface Admission {
  allowed: boolean;
  states: QuotaState[];
  /** Seconds until a refused call may succeed. */
  retryAfter: number;
}

/**
 * Admits or refuses calls against rolling 24-hour quotas shared by every process.
 *
 * The count lives in PostgreSQL. Far from a limit, a process takes small blocks of calls at
 * once and spends them locally, so most calls cost no round-trip. In the last 1,000 calls of
 * a quota (all of it for quotas of 1,000 or less) every call is decided by one atomic
 * statement, so the limit is exact across processes. The database never counts more calls
 * than the limit; unused reserved calls go back after a second of idleness.
 */
export class QuotaGate {
  private readonly leases = new Map<string, Lease>();
  private idleReturn: Repeating | null = null;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
    private readonly options: { idleReturnMs?: number; maxBlock?: number } = {},
  ) {}

  /** Gives idle reserves back twice a second (a background task of src/main/schedule.ts). */
  start(): void {
    this.idleReturn ??= repeat(500, () => this.releaseIdle());
  }

  private lease(subject: QuotaSubject): Lease {
    let lease = this.leases.get(subject.id);
    if (lease && lease.subject.limit !== subject.limit) {
      // The limit changed (plan change): give the reserve back and start afresh.
      this.leases.delete(subject.id);
      void this.giveBack(lease).catch(() => {});
      lease = undefined;
    }
    if (!lease) {
      lease = { subject, slots: 0, slotMinute: 0, lowWater: 0, dbUsed: null, oldest: null, exhaustedUntil: 0, refilling: null, lastUse: 0 };
      this.leases.set(subject.id, lease);
    }
    return lease;
  }

  /** The common case, without a promise: every subject has calls in reserve. */
  private admitFromReserve(subjects: QuotaSubject[], now: Date): Admission | null {
    const nowMs = now.getTime();
    const leases: Lease[] = [];
    for (const subject of subjects) {
      const lease = this.leases.get(subject.id);
      if (!lease || lease.subject.limit !== subject.limit || lease.slots === 0 || lease.exhaustedUntil > nowMs) return null;
      leases.push(lease);
    }
    const minute = minuteOf(now);
    const wallClock = Date.now();
    for (const lease of leases) {
      lease.slots -= 1;
      lease.lastUse = wallClock;
      if (lease.slots <= lease.lowWater) this.topUp(lease, minute);
    }
    return { allowed: true, states: leases.map((lease) => this.state(lease, minute)), retryAfter: 0 };
  }

  /**
   * Takes the next block before the reserve runs out, so no call waits for the database: with
   * 50 calls in flight, each refill of an empty reserve held them all for its round trip, a few
   * percent of the throughput. Only within the minute the reserve was taken in, so that unused
   * calls go back to the minute they were counted in; a new minute refills once it is empty.
   */
  private topUp(lease: Lease, minute: number): void {
    if (lease.refilling || lease.slotMinute !== minute || lease.dbUsed === null) return;
    if (blockSize(lease.subject.limit, lease.dbUsed, this.options.maxBlock) <= 0) return;
    void this.refill(lease, minute).catch(() => {});
  }

  admit(subjects: QuotaSubject[]): Admission | Promise<Admission> {
    const now = this.now();
    return this.admitFromReserve(subjects, now) ?? this.admitSlow(subjects, now);
  }

  private async admitSlow(subjects: QuotaSubject[], now: Date): Promise<Admission> {
    const nowMs = now.getTime();
    const minute = minuteOf(now);
    const leases = subjects.map((subject) => this.lease(subject));
    for (const lease of leases) lease.lastUse = Date.now();

    if (leases.some((lease) => lease.exhaustedUntil > nowMs)) return this.refusal(leases, minute, nowMs);

    const toRefill = leases.filter(
      (l) => l.slots === 0 && l.dbUsed !== null && blockSize(l.subject.limit, l.dbUsed, this.options.maxBlock) > 0,
    );
    if (toRefill.length > 0) await Promise.all(toRefill.map((lease) => this.refill(lease, minute)));

    // From here to the database answer nothing yields before the reserve is claimed.
    const fast = leases.filter((lease) => lease.slots > 0);
    for (const lease of fast) lease.slots -= 1;
    const exact = leases.filter((lease) => !fast.includes(lease));
    if (exact.length > 0) {
      const rows = await take(
        this.db,
        exact.map((l) => l.subject),
        exact.map(() => 1),
        minute,
        true,
      );
      const refused = rows.some((row) => row.granted < 1);
      for (const row of rows) {
        const lease = this.leases.get(row.subject);
        if (!lease) continue;
        lease.dbUsed = row.used;
        lease.oldest = row.oldest === null ? null : Number(row.oldest);
        if (refused && row.used >= lease.subject.limit) {
          lease.exhaustedUntil = Math.min(resetAt(lease.oldest, minute) * 1000, nowMs + 1000);
        }
      }
      if (refused) {
        for (const lease of fast) lease.slots += 1;
        // The quota that refused is shown as used up, whatever this process last knew of its count.
        return this.refusal(leases, minute, nowMs, new Set(rows.filter((row) => row.granted < 1).map((row) => row.subject)));
      }
    }
    return { allowed: true, states: leases.map((lease) => this.state(lease, minute)), retryAfter: 0 };
  }

  private refill(lease: Lease, minute: number): Promise<void> {
    // Concurrent calls that find the reserve empty share one query.
    lease.refilling ??= (async () => {
      try {
        const amount = blockSize(lease.subject.limit, lease.dbUsed ?? lease.subject.limit, this.options.maxBlock);
        if (amount <= 0) return;
        const [row] = await take(this.db, [lease.subject], [amount], minute, false);
        if (!row) return;
        if (this.leases.get(lease.subject.id) !== lease) {
          // The lease was dropped meanwhile (idle return, plan change, close): nobody will spend these.
          await take(this.db, [lease.subject], [-row.granted], minute, false);
          return;
        }
        lease.slots += row.granted;
        lease.slotMinute = minute;
        lease.lowWater = Math.floor(row.granted / 4);
        lease.dbUsed = row.used;
        lease.oldest = row.oldest === null ? null : Number(row.oldest);
      } finally {
        lease.refilling = null;
      }
    })();
    return lease.refilling;
  }

  private state(lease: Lease, minute: number): QuotaState {
    const used = Math.max(0, (lease.dbUsed ?? 0) - lease.slots);
    return {
      name: lease.subject.name,
      limit: lease.subject.limit,
      used,
      remaining: Math.max(0, lease.subject.limit - used),
      reset: resetAt(lease.oldest, minute),
    };
  }

  private refusal(leases: Lease[], minute: number, nowMs: number, refusedBy: ReadonlySet<string> = new Set()): Admission {
    const states = leases.map((lease) => {
      const state = this.state(lease, minute);
      return lease.exhaustedUntil > nowMs || refusedBy.has(lease.subject.id) ? { ...state, used: state.limit, remaining: 0 } : state;
    });
    const blocking = states.filter((s) => s.remaining === 0);
    const reset = Math.max(...(blocking.length ? blocking : states).map((s) => s.reset));
    return { allowed: false, states, retryAfter: Math.max(1, reset - Math.floor(nowMs / 1000)) };
  }

  private async giveBack(lease: Lease) {
    const unused = lease.slots;
    if (unused <= 0) return;
    lease.slots = 0;
    // Given back to the minute they were taken from, so the window stays exact.
    const [row] = await take(this.db, [lease.subject], [-unused], lease.slotMinute, false);
    if (row && lease.dbUsed !== null) lease.dbUsed -= unused;
  }

  /** Gives back the reserve of subjects idle for a second (run every 500 ms; public for tests). */
  releaseIdle() {
    return this.returnIdle(false);
  }

  private async returnIdle(all: boolean) {
    const idleMs = this.options.idleReturnMs ?? 1000;
    const cutoff = Date.now() - idleMs;
    for (const [id, lease] of this.leases) {
      if (!all && lease.lastUse > cutoff) continue;
      await this.giveBack(lease);
      // Calls may have arrived during the round-trip: drop the lease only if it is still idle and empty.
      const idle = all || (lease.lastUse <= cutoff && lease.slots === 0 && !lease.refilling);
      if (idle && this.leases.get(id) === lease && lease.exhaustedUntil <= this.now().getTime()) this.leases.delete(id);
    }
  }

  /** Buckets older than the window are never read again (a periodic job, `quotaJobs`). */
  async purge() {
    await this.db.query('DELETE FROM quota_buckets WHERE minute <= $1', [minuteOf(this.now()) - WINDOW_MINUTES - 1]);
  }

  async close() {
    this.idleReturn?.stop();
    this.idleReturn = null;
    await Promise.all([...this.leases.values()].map((lease) => lease.refilling));
    await this.returnIdle(true);
  }
}

/** Buckets are purged every 10 minutes: a quota window is counted by the minute. */
export const quotaJobs = (gate: QuotaGate): PeriodicJob[] => [{ name: 'quotas.purge', everyMs: 10 * 60_000, run: () => gate.purge() }];
