import type { Database } from './database.js';

// Like autovacuum's rule: a floor plus a share of the table.
const MIN_ROWS = 500;
const GROWTH = 0.5;
// On a server, the planner needs the table's size and the rough shape of the filtered columns
// from us, not fine histograms: a sample a tenth of the default's analyses a large table many
// times faster (docs/benchmarks.md, "Figures behind the code"), and autovacuum still analyses
// all in full later.
// PGlite samples as many (see analyze).
const SAMPLE_TARGET = 10;

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
 *
 * On a server only inserted rows count: what the planner lacks is the table's growth, and
 * updates leave the row count and the filtered columns' shape much as they were; autovacuum
 * analyses after updates. Analysing after every few pushes of updates took a core's time beside
 * the pushes for nothing the planner needed. PGlite counts every changed row, since its pass also vacuums them.
 */
export class StatisticsKeeper {
  private written = 0;
  private tuplesAtLastAnalyze = 0;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly table: string,
    private readonly options: {
      /** The columns queries filter or sort on; bulky text and JSON are left to autovacuum. */
      columns?: readonly string[];
      onError?: (error: unknown) => void;
    } = {},
  ) {}

  /**
   * Registers the keeper (the first one open for a table of a database counts its writes) and
   * analyses at once a table that holds rows but was never analysed (a reopened data folder).
   * Statistics only make queries faster, so a failure here is reported, never fatal.
   */
  async start(): Promise<void> {
    const tables = registered(this.db);
    if (!tables.has(this.table)) tables.set(this.table, this);
    try {
      const reltuples = await this.readTuples();
      // A database without the table (the OpenAPI script's) has nothing to keep.
      if (reltuples === null) return;
      this.tuplesAtLastAnalyze = Math.max(0, reltuples);
      if (reltuples < 0 && (await this.db.query(`SELECT 1 FROM ${this.table} LIMIT 1`)).rows.length > 0) await this.analyze();
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  /** The planner's row count of the table, -1 when never analysed, null when there is no such table. */
  private async readTuples(): Promise<number | null> {
    const { rows } = await this.db.query<{ reltuples: number }>(
      'SELECT reltuples::float8 AS reltuples FROM pg_class WHERE oid = to_regclass($1)',
      [this.table],
    );
    return rows[0]?.reltuples ?? null;
  }

  /** Counts written rows; past the threshold an analysis starts in the background. */
  noteWrites(rows: WrittenRows): void {
    this.written += this.db.kind === 'pglite' ? rows.changed : rows.inserted;
    if (this.running || this.closed) return;
    // Checked on every write, where autovacuum looks once a minute.
    const threshold = MIN_ROWS + GROWTH * this.tuplesAtLastAnalyze;
    if (this.written < threshold) return;
    this.running = this.analyze()
      .catch((error) => this.options.onError?.(error))
      .finally(() => {
        this.running = null;
      });
  }

  private async analyze(): Promise<void> {
    this.written = 0;
    if (this.db.kind === 'pglite') {
      // PGlite has no autovacuum: without this, every update's old row version would stay
      // forever. Nothing else would analyse the other columns either, so all are analysed,
      // from the same sample size as on a server: ANALYZE holds its sample rows (whole listings,
      // a few KB each) in PGlite's WebAssembly memory, which never shrinks, and the default
      // sample grew it for good during a large import (docs/benchmarks.md, "Figures behind the code"). VACUUM cannot
      // run in a transaction, so the setting is the session's for the time of this statement.
      await this.db.exec(`SET default_statistics_target = ${SAMPLE_TARGET}`);
      try {
        await this.db.exec(`VACUUM (ANALYZE) ${this.table}`);
      } finally {
        await this.db.exec('RESET default_statistics_target');
      }
    } else {
      const target = this.options.columns ? `${this.table} (${this.options.columns.join(', ')})` : this.table;
      // ANALYZE of chosen columns leaves autovacuum's count of changes alone, so it still runs its full one.
      await this.db.transaction(async (tx) => {
        await tx.query(`SET LOCAL default_statistics_target = ${SAMPLE_TARGET}`);
        await tx.query(`ANALYZE ${target}`);
      });
    }
    this.tuplesAtLastAnalyze = Math.max(0, (await this.readTuples()) ?? 0);
  }

  /** Waits for a running analysis, so the database can be closed under it. */
  async close(): Promise<void> {
    this.closed = true;
    await this.running;
    const tables = registered(this.db);
    if (tables.get(this.table) === this) tables.delete(this.table);
  }
}

const keepers = new WeakMap<Database, Map<string, StatisticsKeeper>>();

function registered(db: Database): Map<string, StatisticsKeeper> {
  let tables = keepers.get(db);
  if (!tables) keepers.set(db, (tables = new Map()));
  return tables;
}

/** Rows a write changed, and how many of them it inserted (the others were updated). */
export interface WrittenRows {
  changed: number;
  inserted: number;
}

/** Tells the table's keeper, if the database has one, that rows were written. */
export function noteWrites(db: Database, table: string, rows: WrittenRows): void {
  if (rows.changed > 0) keepers.get(db)?.get(table)?.noteWrites(rows);
}
