import type { Database, PoolUse, PreparedStatement, Queryable, QueryResult } from './database.js';

/** What /readyz and the metrics say of the replica. */
export interface ReplicaState {
  /** Whether the replica answered the last check. */
  reachable: boolean;
  /** Bytes of WAL the primary had written at the last check that the replica had not replayed. */
  lagBytes: number | null;
  /** How long the oldest change the replica has not replayed has been committed on the primary (0: caught up), to about a second. */
  lagSeconds: number | null;
  /** Where reads that may lag go now. */
  reading: 'replica' | 'primary';
}

export interface ReadDatabaseOptions {
  /** Further behind than this, the replica is left for the primary until it catches up. */
  maxLagMs: number;
  /** How often the replica's lag is measured. */
  checkMs?: number;
  /**
   * Owned: a pool of the primary's for these reads, apart from the one writes use, so that a
   * rush of visitors queues for its own connections and never takes those of the pushes, the
   * API and the pro space (docs/operations.md, "Connections"). Without it they use `primary`.
   */
  primaryReads?: Database;
  now?: () => number;
}

/** A WAL position ('16/B374D848') as a number of bytes; exact up to 2^53, petabytes of WAL. */
function lsnBytes(lsn: string): number {
  const [high, low] = lsn.split('/');
  return parseInt(high!, 16) * 2 ** 32 + parseInt(low!, 16);
}

/**
 * A failure that says nothing of the replica's health (a statement the replica cancelled to
 * replay WAL, a bad query): PostgreSQL's SQLSTATE, outside the connection classes (08, 57P).
 * Anything else (ECONNREFUSED, a closed connection) means the replica is not there.
 */
function isStatementError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !code.startsWith('08') && !code.startsWith('57P');
}

/**
 * The door for reads that may lag a moment behind the writes: the public site, its search and
 * sitemaps, the relay feed (docs/decisions.md §19). With a streaming replica (DATABASE_READ_URL)
 * they go there while it keeps up; when it is unreachable or more than `maxLagMs` behind, they go
 * to the primary until a check finds it back, and a read the replica fails is asked of the primary
 * again, so the site never fails for the replica's sake. Without a replica every read is the
 * primary's, through `primaryReads` when given. Writes, and reads a user expects to show what
 * they just did, use the primary itself.
 *
 * The lag is measured every `checkMs` against the primary's WAL position: each check notes where
 * the primary is, and the lag is the age of the oldest noted position the replica has not
 * replayed. Unlike `now() - pg_last_xact_replay_timestamp()`, it reads no clock of the servers
 * and is not fooled by a quiet primary (the last replayed commit is old, yet nothing is missing).
 */
export class ReadDatabase implements Queryable {
  private state: ReplicaState;
  private readonly marks: Array<{ lsn: number; at: number }> = [];
  private checking: Promise<void> | null = null;
  private barrier: { running: Promise<void> | null; next: Promise<void> | null } = { running: null, next: null };
  private closed = false;
  private readonly now: () => number;

  readonly jsonArray: Queryable['jsonArray'];
  readonly jsonArrayBuilder: Queryable['jsonArrayBuilder'];

  constructor(
    private readonly primary: Database,
    /** Owned: closed with this. */
    private readonly replica: Database | null,
    private readonly options: ReadDatabaseOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.jsonArray = primary.jsonArray;
    this.jsonArrayBuilder = primary.jsonArrayBuilder;
    // Before the first check: nothing was read yet, so the replica may be read once it answers.
    this.state = { reachable: true, lagBytes: null, lagSeconds: null, reading: 'primary' };
  }

  get hasReplica(): boolean {
    return this.replica !== null;
  }

  /** Whether reads go to the replica now (they may then miss what was committed a moment ago). */
  get readingReplica(): boolean {
    return this.replica !== null && this.state.reading === 'replica';
  }

  /** The primary's side of these reads: for a read the replica may not have yet. */
  get primaryReads(): Queryable {
    return this.options.primaryReads ?? this.primary;
  }

  /** How often the replica is measured (`check`, repeated by the background schedule, src/main/schedule.ts). */
  get checkMs(): number {
    return this.options.checkMs ?? 1000;
  }

  /** Measures the replica once, before the first read; the schedule then calls `check` every `checkMs`. */
  async start(): Promise<void> {
    if (!this.replica) return;
    await this.check();
  }

  async query<Row = Record<string, unknown>>(sql: string | PreparedStatement, params?: readonly unknown[]): Promise<QueryResult<Row>> {
    if (this.replica && this.state.reading === 'replica') {
      try {
        return await this.replica.query<Row>(sql, params);
      } catch (error) {
        // Until the next check finds it back; the read itself is the primary's.
        if (!isStatementError(error)) this.state = { ...this.state, reachable: false, reading: 'primary' };
      }
    }
    return this.primaryReads.query<Row>(sql, params);
  }

  /** The replica as of the last check; null without a replica. */
  replicaState(): ReplicaState | null {
    return this.replica ? { ...this.state } : null;
  }

  /** The pools of these reads (PostgreSQL only), for the metrics. */
  poolUses(): Array<{ database: 'primary_reads' | 'replica'; use: PoolUse }> {
    const primaryReads = this.options.primaryReads?.poolUse?.();
    const replica = this.replica?.poolUse?.();
    return [
      ...(primaryReads ? [{ database: 'primary_reads' as const, use: primaryReads }] : []),
      ...(replica ? [{ database: 'replica' as const, use: replica }] : []),
    ];
  }

  /**
   * Resolves once the replica has replayed everything the primary had committed when this was
   * called, or after `maxLagMs` at the latest, or when the replica cannot be asked (at once
   * without a replica). Calls made while one wait runs share the next one. It waits even while
   * reads go to the primary: the replica may be read again before it has replayed that much.
   */
  caughtUp(): Promise<void> {
    if (!this.replica || this.closed) return Promise.resolve();
    this.barrier.next ??= (this.barrier.running ?? Promise.resolve()).then(() => {
      const running = this.waitForReplay().catch(() => {});
      this.barrier = { running, next: null };
      return running;
    });
    return this.barrier.next;
  }

  private async waitForReplay(): Promise<void> {
    const target = await this.primaryPosition();
    const deadline = this.now() + this.options.maxLagMs;
    while (!this.closed && this.now() < deadline) {
      const replayed = await this.replayedPosition();
      if (replayed === null || replayed >= target) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * Where the primary's WAL ends, commits not yet written out included: with
   * synchronous_commit off, pg_current_wal_lsn() (the write position) can still be before a
   * commit that has been reported, and a replica "caught up" with it would lack that commit.
   */
  private async primaryPosition(): Promise<number> {
    const { rows } = await this.primary.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
    return lsnBytes(rows[0]!.lsn);
  }

  /** null: the server is not a standby (a promoted replica, or the primary itself), so nothing is missing. */
  private async replayedPosition(): Promise<number | null> {
    const { rows } = await this.replica!.query<{ lsn: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS lsn');
    return rows[0]!.lsn === null ? null : lsnBytes(rows[0]!.lsn);
  }

  /** Measures the replica's lag now (one measure at a time). */
  check(): Promise<void> {
    if (!this.replica || this.closed) return Promise.resolve();
    this.checking ??= this.measure().finally(() => (this.checking = null));
    return this.checking;
  }

  private async measure(): Promise<void> {
    let primary: number;
    try {
      primary = await this.primaryPosition();
    } catch {
      return; // the primary's own trouble: the replica's state stays what it was
    }
    const at = this.now();
    this.marks.push({ lsn: primary, at });
    if (this.marks.length > 4096) this.marks.shift();
    try {
      const replayed = (await this.replayedPosition()) ?? Infinity;
      while (this.marks.length > 0 && this.marks[0]!.lsn <= replayed) this.marks.shift();
      const lagMs = this.marks.length > 0 ? this.now() - this.marks[0]!.at : 0;
      // Once left, the replica is read again only when it answered the last check too and has
      // replayed all the primary had then: `caughtUp` could not wait for it while it was away,
      // and what it missed meanwhile must not reach the page cache.
      const keepsUp =
        this.state.reading === 'replica'
          ? lagMs <= this.options.maxLagMs
          : this.state.reachable && this.marks.every((mark) => mark.at === at);
      this.state = {
        reachable: true,
        lagBytes: replayed === Infinity ? 0 : Math.max(0, primary - replayed),
        lagSeconds: Math.round(lagMs / 100) / 10,
        reading: keepsUp ? 'replica' : 'primary',
      };
    } catch {
      this.state = { reachable: false, lagBytes: null, lagSeconds: null, reading: 'primary' };
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.checking;
    await this.replica?.close();
    await this.options.primaryReads?.close();
  }
}
