import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { prepared } from '../../../src/platform/db/database.js';
import { databaseKind, openTestDatabase } from '../../helpers/database.js';

const db = await openTestDatabase();
after(() => db.close());

const DOUBLE = prepared('test-double', 'SELECT $1::int * 2 AS n');

test(`[${databaseKind}] a prepared statement answers like its text, with each call's own values`, async () => {
  for (const n of [1, 21, -4]) assert.deepEqual((await db.query<{ n: number }>(DOUBLE, [n])).rows, [{ n: n * 2 }]);
  assert.deepEqual((await db.query<{ n: number }>(DOUBLE.text, [5])).rows, [{ n: 10 }]);
});

test('a name names one statement: another text under a taken name is refused where it is declared', () => {
  assert.throws(() => prepared(DOUBLE.name, 'SELECT $1::int * 3 AS n'), /test-double is already used by another statement/);
  assert.deepEqual(prepared(DOUBLE.name, DOUBLE.text), DOUBLE, 'the same statement declared again is the same');
});

test(
  `[${databaseKind}] on a server it is prepared once on the connection and reused there`,
  { skip: databaseKind !== 'postgres' },
  async () => {
    const listed = await db.transaction(async (tx) => {
      for (const n of [1, 2, 3]) await tx.query(DOUBLE, [n]);
      // The same connection: its prepared statements are its own.
      const { rows } = await tx.query<{ statement: string }>(`SELECT statement FROM pg_prepared_statements WHERE name = $1`, [DOUBLE.name]);
      return rows.map((row) => row.statement);
    });
    assert.deepEqual(listed, [DOUBLE.text]);
  },
);
