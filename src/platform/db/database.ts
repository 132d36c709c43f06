import type { JsonArrayBuilder } from './jsonb.js';

/**
 * The one door to the database. The rest of the service talks to `Database` and never
 * learns whether an embedded PGlite or a PostgreSQL server answers: both speak the same
 * PostgreSQL dialect, so only connection handling differs.
 */
export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

/**
 * A statement PostgreSQL plans once per connection and then reuses (`prepared`). For a hot
 * statement of fixed text whose planning costs more than running it, such as a lookup by id
 * through the `public_listings` view (docs/benchmarks.md, "Figures behind the code").
 */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

/** The text each prepared statement's name stands for, in this process. */
const PREPARED_TEXTS = new Map<string, string>();

/**
 * Names a statement of fixed text to be prepared. Only for texts that never vary (no values
 * spliced in): the driver keeps each named statement for the connection's whole life. Only for
 * reads: after five runs PostgreSQL may keep a generic plan, and a statement that locks rows
 * can then lock them in another order (the mail sender's claims and marks, prepared, deadlocked
 * against each other in a burst).
 */
export function prepared(name: string, text: string): PreparedStatement {
  // A connection holds one statement per name: a second text under a taken name would fail
  // there, on PostgreSQL only and at its first run. It fails here, when its module loads.
  const taken = PREPARED_TEXTS.get(name);
  if (taken !== undefined && taken !== text) throw new Error(`prepared statement name ${name} is already used by another statement`);
  PREPARED_TEXTS.set(name, text);
  return { name, text };
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string | PreparedStatement, params?: readonly unknown[]): Promise<QueryResult<Row>>;
  /**
   * A `$n::jsonb` parameter holding the JSON array of these JSON texts, in the form this
   * driver sends fastest (bulk writes send megabytes of rows this way).
   */
  jsonArray(texts: readonly string[]): unknown;
  /** The same, built one text at a time (`finish` gives the parameter); `expectedBytes` is a first guess of its size. */
  jsonArrayBuilder(expectedBytes?: number): JsonArrayBuilder;
}

/** A connection pool's state at one instant (PostgreSQL only: PGlite is one connection in the process). */
export interface PoolUse {
  /** Connections open, busy or idle. */
  open: number;
  idle: number;
  /** Queries waiting for a connection: the pool is exhausted when this stays above 0. */
  waiting: number;
  max: number;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction; it commits when `work` resolves and rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Subscribes to NOTIFY on a channel. `onLost` is told when delivery can no longer be
   * trusted (connection dropped), so callers relying on it can fall back to the database.
   */
  listen(channel: string, onMessage: (payload: string) => void, onLost?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's use now, for the metrics. */
  poolUse?: () => PoolUse;
  /**
   * PostgreSQL only: another pool of `size` connections to the same database, for a kind of work
   * that must not take the connections of the rest (the public site's reads, read-database.ts).
   * Its connections open as they are needed; the caller closes it.
   */
  separatePool?: (size: number) => Promise<Database>;
  /** PGlite only: a dump of the data directory, so tests can start from a migrated template. */
  snapshot?: () => Promise<Blob>;
}
