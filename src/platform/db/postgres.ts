import pg from 'pg';
import type { Database, PreparedStatement, Queryable, QueryResult } from './database.js';
import { BinaryJsonbArray, binaryJsonbArray } from './jsonb.js';

// int8 counts and sequences stay far below 2^53; numbers are what the code expects.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row>(sql: string | PreparedStatement, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const values = params as unknown[];
      const result = await (typeof sql === 'string' ? client.query(sql, values) : client.query({ name: sql.name, text: sql.text, values }));
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
    },
    jsonArray: binaryJsonbArray,
    jsonArrayBuilder: (expectedBytes) => new BinaryJsonbArray(expectedBytes),
  };
}

const ignoreLostConnection = () => {};

export async function openPostgres(connectionString: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const direct = wrap(pool);
  const listeners = new Set<pg.Client>();

  return {
    kind: 'postgres',
    query: direct.query,
    jsonArray: direct.jsonArray,
    jsonArrayBuilder: direct.jsonArrayBuilder,
    async transaction(work) {
      const client = await pool.connect();
      // A connection lost mid-transaction fails its query; the pool listens for errors on idle
      // clients only, and an unheard 'error' event would end the process.
      client.on('error', ignoreLostConnection);
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.off('error', ignoreLostConnection);
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async listen(channel, onMessage, onLost) {
      // LISTEN needs its own long-lived connection outside the pool.
      const client = new pg.Client({ connectionString });
      let closing = false;
      const lost = () => {
        if (!closing) onLost?.();
      };
      client.on('error', lost);
      client.on('end', lost);
      client.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      await client.connect();
      await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      listeners.add(client);
      return async () => {
        closing = true;
        listeners.delete(client);
        await client.end().catch(() => {});
      };
    },
    poolUse: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    separatePool: (size) => openPostgres(connectionString, size),
    async close() {
      for (const client of listeners) await client.end().catch(() => {});
      await pool.end();
    },
  };
}
