import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult } from './database.js';
import { TextJsonArray } from './jsonb.js';

type PgliteRunner = Pick<PGlite, 'query'>;

function wrap(runner: PgliteRunner): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const result = await runner.query<Row>(sql, params as unknown[]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    // PGlite sends parameters as text (a Buffer would arrive as the JSON of a Buffer).
    jsonArray: (texts) => `[${texts.join(',')}]`,
    jsonArrayBuilder: () => new TextJsonArray(),
  };
}

/** Embedded PostgreSQL in this process; one connection, so queries and transactions queue. */
export async function openPglite(source: { dataDir: string | null; template?: Blob }): Promise<Database> {
  const parsers = { [types.INT8]: (value: string) => Number(value) };
  if (source.dataDir) mkdirSync(source.dataDir, { recursive: true });
  const pg = await PGlite.create({
    ...(source.dataDir ? { dataDir: source.dataDir } : {}),
    ...(source.template ? { loadDataDir: source.template } : {}),
    parsers,
  });
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
