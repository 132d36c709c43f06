import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Database } from '../../../src/platform/db/database.js';
import { StatisticsKeeper } from '../../../src/platform/db/statistics.js';

/** A database that answers the keeper's row count and records what it is asked to run. */
function recordingDatabase(kind: Database['kind']) {
  const ran: string[] = [];
  const db = {
    kind,
    async query(sql: string) {
      ran.push(sql);
      return { rows: [{ reltuples: 10_000 }], rowCount: 1 };
    },
    async exec(sql: string) {
      ran.push(sql);
    },
    async transaction<T>(work: (tx: unknown) => Promise<T>) {
      return work({ query: async (sql: string) => (ran.push(sql), { rows: [], rowCount: 0 }) });
    },
  } as unknown as Database;
  return { db, ran, analyses: () => ran.filter((sql) => /ANALYZE/.test(sql)) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

test('on a PostgreSQL server, updates never start an analysis: only the table’s growth does', async () => {
  const { db, analyses } = recordingDatabase('postgres');
  const keeper = new StatisticsKeeper(db, 'listings', { columns: ['id', 'status'] });
  await keeper.start();
  // 10,000 rows: the threshold is 500 + 5,000 written rows.
  keeper.noteWrites({ changed: 50_000, inserted: 0 });
  await settle();
  assert.deepEqual(analyses(), [], 'fifty thousand updates: autovacuum’s business');
  keeper.noteWrites({ changed: 5_000, inserted: 5_000 });
  await settle();
  assert.deepEqual(analyses(), []);
  keeper.noteWrites({ changed: 600, inserted: 600 });
  await settle();
  assert.deepEqual(analyses(), ['ANALYZE listings (id, status)']);
  await keeper.close();
});

test('on PGlite, where nothing else vacuums, updates count as much as inserts', async () => {
  const { db, analyses, ran } = recordingDatabase('pglite');
  const keeper = new StatisticsKeeper(db, 'listings');
  await keeper.start();
  keeper.noteWrites({ changed: 5_600, inserted: 0 });
  await settle();
  assert.deepEqual(analyses(), ['VACUUM (ANALYZE) listings']);
  // A 3,000-row sample, as on a server, for this statement only: the sample sits in PGlite's memory for good.
  const vacuum = ran.indexOf('VACUUM (ANALYZE) listings');
  assert.deepEqual(ran.slice(vacuum - 1, vacuum + 2), [
    'SET default_statistics_target = 10',
    'VACUUM (ANALYZE) listings',
    'RESET default_statistics_target',
  ]);
  await keeper.close();
});
