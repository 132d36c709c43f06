import type { Database } from './database.js';

/**
 * Keeps the query planner's statistics of a table fresh while bulk writes grow it.
 *
 * Without statistics PostgreSQL guesses that `agency_id = $1 AND env = $2` matches about one
 * row, so it reads a listing by externalId through the (agency, env, change_seq) index and
 * filters the whole agency: a 500-listing push on a new table then scans every listing the
 * agency has, and a nightly import of 100,000 listings slows down quadratically. The server's
 * autovacuum analyses a table only after it has grown, up to a minute later, and the embedded
 * PGlite has no autovacuum at all. So the service analyses the table itself once enough rows
 * were written since the last time (and vacuums it too on PGlite, where nothing else would).
 *
 * Writers report through `noteWrites(db, table, rows)`, so domain code needs no handle on
 * this; a database without a keeper (a benchmark's bare connection) ignores the reports.
 */
export class StatisticsKeeper {
  private written = 0;
  private tuplesAtLastAnalyze = 0;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly table: string,
    private readonly options: { onError?: (error: unknown) => void; minRows?: number; growth?: number } = {},
  ) {}

  /** Registers the keeper; analyses at once a table that holds rows but was never analysed (a reopened data folder). */
  async start(): Promise<void> {
    registered(this.db, this.table).add(this);
    const reltuples = await this.readTuples();
    // A database without the table (the OpenAPI script's) has nothing to keep.
    if (reltuples === null) return;
    this.tuplesAtLastAnalyze = Math.max(0, reltuples);
    if (reltuples < 0 && (await this.db.query(`SELECT 1 FROM ${this.table} LIMIT 1`)).rows.length > 0) await this.analyze();
  }

  /** The planner's row count of the table, -1 when never analysed, null when there is no such table. */
  private async readTuples(): Promise<number | null> {
    const { rows } = await this.db.query<{ reltuples: number }>('SELECT reltuples::float8 AS reltuples FROM pg_class WHERE oid = to_regclass($1)', [
      this.table,
    ]);
    return rows[0]?.reltuples ?? null;
  }

  /** Counts written rows; past the threshold an analysis starts in the background. */
  noteWrites(rows: number): void {
    this.written += rows;
    if (this.running || this.closed) return;
    // Like autovacuum's rule (a floor plus a share of the table), but checked on every write.
    const threshold = (this.options.minRows ?? 500) + (this.options.growth ?? 0.5) * this.tuplesAtLastAnalyze;
    if (this.written < threshold) return;
    this.running = this.analyze()
      .catch((error) => this.options.onError?.(error))
      .finally(() => {
        this.running = null;
      });
  }

  private async analyze(): Promise<void> {
    this.written = 0;
    // PGlite has no autovacuum: without this, every update's old row version would stay forever.
    await this.db.exec(`${this.db.kind === 'pglite' ? 'VACUUM (ANALYZE)' : 'ANALYZE'} ${this.table}`);
    this.tuplesAtLastAnalyze = Math.max(0, (await this.readTuples()) ?? 0);
  }

  /** Waits for a running analysis, so the database can be closed under it. */
  async close(): Promise<void> {
    this.closed = true;
    await this.running;
    registered(this.db, this.table).delete(this);
  }
}

// Several keepers can watch one table of one database object (tests run two services on one).
const keepers = new WeakMap<Database, Map<string, Set<StatisticsKeeper>>>();

function registered(db: Database, table: string): Set<StatisticsKeeper> {
  let tables = keepers.get(db);
  if (!tables) keepers.set(db, (tables = new Map()));
  let set = tables.get(table);
  if (!set) tables.set(table, (set = new Set()));
  return set;
}

/** Tells the table's keepers, if the database has any, that `rows` rows were written. */
export function noteWrites(db: Database, table: string, rows: number): void {
  if (rows > 0) for (const keeper of keepers.get(db)?.get(table) ?? []) keeper.noteWrites(rows);
}
