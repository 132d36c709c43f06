import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { PGlite, types } from '@electric-sql/pglite';
import type { Database, PreparedStatement, Queryable, QueryResult } from './database.js';
import { TextJsonArray } from './jsonb.js';

type PgliteRunner = Pick<PGlite, 'query'>;

/**
 * The migrated, empty data directory `npm run build` leaves beside the compiled code, like the
 * migrations (scripts/build-snapshot.mjs); from the sources (tsx) there is none.
 */
export const snapshotDir = join(dirname(fileURLToPath(import.meta.url)), 'pglite-snapshot');

function wrap(runner: PgliteRunner): Queryable {
  return {
    // PGlite is one connection in this process: a prepared statement's text is simply run.
    async query<Row>(sql: string | PreparedStatement, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const result = await runner.query<Row>(typeof sql === 'string' ? sql : sql.text, params as unknown[]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    // PGlite sends parameters as text (a Buffer would arrive as the JSON of a Buffer).
    jsonArray: (texts) => `[${texts.join(',')}]`,
    jsonArrayBuilder: () => new TextJsonArray(),
  };
}

export interface PgliteSource {
  /** A folder on disk; null keeps the database in memory. */
  dataDir: string | null;
  /** A dump to start from (tests' template). */
  template?: Blob;
  /** A data directory to copy into a new or empty `dataDir`; null or missing: PGlite creates the database. */
  snapshot?: string | null;
}

/** Embedded PostgreSQL in this process; one connection, so queries and transactions queue. */
export async function openPglite(source: PgliteSource): Promise<Database> {
  const pg = await create(source);
  const direct = wrap(pg);
  return {
    kind: 'pglite',
    query: direct.query,
    jsonArray: direct.jsonArray,
    jsonArrayBuilder: direct.jsonArrayBuilder,
    async transaction(work) {
      return pg.transaction((tx) => work(wrap(tx)));
    },
    async exec(sql) {
      await pg.exec(sql);
    },
    async listen(channel, onMessage) {
      const unsubscribe = await pg.listen(channel, onMessage);
      return async () => {
        if (!pg.closed) await unsubscribe();
      };
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
    snapshot: () => pg.dumpDataDir('none'),
  };
}

const parsers = { [types.INT8]: (value: string) => Number(value) };

/**
 * An in-memory database (the tests') keeps its files, WAL included, in this process's memory.
 * PostgreSQL's defaults are sized for a server: large shared buffers, and a checkpoint only
 * after a gigabyte of WAL, each new segment zero-filled first. Here they made every test process
 * hold a gigabyte or so; a checkpoint every 32 MB recycles the segments instead.
 */
const inMemoryParams = [
  ...PGlite.defaultStartParams,
  ...['shared_buffers=16MB', 'max_wal_size=32MB', 'min_wal_size=32MB', 'wal_init_zero=off'].flatMap((setting) => ['-c', setting]),
];

/**
 * A database on disk keeps its files on disk, but PostgreSQL's shared buffers live in this
 * process's WebAssembly memory, which never gives memory back. The snapshot's postgresql.conf has
 * a server's 128 MB, all of it resident from the start; 16 MB, as the tests have, keeps an idle
 * server several times smaller (docs/benchmarks.md, "Figures behind the code"). Pages beyond them are read again from the
 * operating system's file cache, which does not count against the process.
 */
const onDiskParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * PostgreSQL's WebAssembly compiled by V8's baseline compiler only. Its optimising compiler,
 * called on PostgreSQL's largest functions as they grow hot, kept the memory it worked in,
 * for an idle server and an import's peak alike; an import takes somewhat more CPU without it
 * (both measured: docs/benchmarks.md, "Figures behind the code"). The flag is read
 * when a module is compiled, so it is set before the first database on disk opens (a
 * server's); tests' in-memory ones keep the default.
 */
function baselineCompilerOnly() {
  // Set at run time, a flag's implications are not: the two tiering flags go off by hand.
  for (const flag of ['--liftoff-only', '--no-wasm-tier-up', '--no-wasm-dynamic-tiering']) setFlagsFromString(flag);
}

/**
 * A first start on a new or empty folder copies the build's snapshot (a few hundred milliseconds)
 * instead of having PGlite create the cluster (3–4 s of CPU); the caller's migrations then bring
 * a snapshot older than the code up to date. A snapshot that cannot be copied or opened costs
 * that time, never the start: what was copied is removed and PGlite creates the database.
 */
async function create(source: PgliteSource): Promise<PGlite> {
  const { dataDir, template } = source;
  if (!dataDir) return PGlite.create({ ...(template ? { loadDataDir: template } : {}), parsers, startParams: inMemoryParams });
  baselineCompilerOnly();
  const snapshot = source.snapshot === undefined ? snapshotDir : source.snapshot;
  const existed = existsSync(dataDir);
  if (snapshot && existsSync(snapshot) && (!existed || readdirSync(dataDir).length === 0)) {
    try {
      copySnapshot(snapshot, dataDir, existed);
      const pg = await PGlite.create({ dataDir, parsers, startParams: onDiskParams });
      await pg.query('SELECT 1');
      return pg;
    } catch (error) {
      process.emitWarning(`the database snapshot ${snapshot} could not be used (${String(error)}): creating the database instead`);
      if (existed) for (const entry of readdirSync(dataDir)) rmSync(join(dataDir, entry), { recursive: true, force: true });
      else rmSync(dataDir, { recursive: true, force: true });
    }
  }
  mkdirSync(dataDir, { recursive: true });
  return PGlite.create({ dataDir, parsers, startParams: onDiskParams });
}

/**
 * Copies beside the folder, then moves into place with PG_VERSION last: PGlite takes a folder
 * with PG_VERSION for a database, so a start stopped half-way never leaves one that looks whole.
 */
function copySnapshot(snapshot: string, dataDir: string, existed: boolean): void {
  const partial = `${dataDir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  try {
    cpSync(snapshot, partial, { recursive: true });
    if (!existed) return renameSync(partial, dataDir);
    const entries = readdirSync(partial).sort((a, b) => Number(a === 'PG_VERSION') - Number(b === 'PG_VERSION'));
    for (const entry of entries) renameSync(join(partial, entry), join(dataDir, entry));
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}
