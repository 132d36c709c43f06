import { randomUUID } from 'node:crypto';
import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../../../src/platform/db/database.js';
import {
  LEASE_MS,
  LeaseLoop,
  lockInIdOrder,
  type Lease,
  type LeasedRows,
  type LeaseLoopOptions,
} from '../../../src/platform/jobs/lease-loop.js';
import { databaseKind, onPostgres, openTestDatabase } from '../../helpers/database.js';

/**
 * The one lease loop (src/platform/jobs/lease-loop.ts) over a queue table of its own: claims in
 * id order, a lease renewed while its owner lives, lapsing within the lease when it dies, and
 * one stop-grace after which the rows go back unspent. "Two processes" are two Database
 * handles on PostgreSQL, one shared handle on PGlite (queue.test.ts says why).
 */
let db: Database;
let otherProcessDb: Database;
const table = `lease_test_${randomUUID().slice(0, 8)}`;
const loops: Array<LeaseLoop<Row>> = [];

interface Row {
  id: number;
  tries: number;
}

before(async () => {
  db = await openTestDatabase();
  otherProcessDb = onPostgres ? await openTestDatabase() : db;
  await db.query(
    `CREATE TABLE ${table} (id bigint PRIMARY KEY, due_at timestamptz NOT NULL, owner text, tries int NOT NULL DEFAULT 0, done boolean NOT NULL DEFAULT false)`,
  );
});
// A loop left running claims the next test's rows: the stop test once found its handed-back
// row taken and finished by the lapse test's survivor, still polling.
afterEach(async () => {
  await Promise.all(loops.splice(0).map((loop) => loop.stop()));
});
after(async () => {
  await db.query(`DROP TABLE ${table}`);
  if (otherProcessDb !== db) await otherProcessDb.close();
  await db.close();
});

/** The queue as a capability would write it (the jobs runner's SQL, on a table of its own). */
function rowsOf(database: Database): LeasedRows<Row> {
  return {
    async claim(limit: number, lease: Lease) {
      const { rows } = await database.query<{ id: string; tries: number }>(
        `WITH due AS (${lockInIdOrder(table, 'NOT done AND due_at <= $1', { skipLocked: true })} LIMIT $2)
         UPDATE ${table} t SET due_at = $3, owner = $4, tries = t.tries + 1 FROM due WHERE t.id = due.id RETURNING t.id, t.tries`,
        [lease.now, limit, lease.until, lease.owner],
      );
      return rows.map((row) => ({ id: Number(row.id), tries: row.tries })).sort((a, b) => a.id - b.id);
    },
    async renew(ids, lease) {
      const { rows } = await database.query<{ id: string }>(
        `WITH held AS (${lockInIdOrder(table, 'id = ANY($1::bigint[]) AND owner = $2 AND NOT done')})
         UPDATE ${table} t SET due_at = $3 FROM held WHERE t.id = held.id RETURNING t.id`,
        [ids, lease.owner, lease.until],
      );
      return rows.map((row) => Number(row.id));
    },
    async release(ids, lease) {
      await database.query(`UPDATE ${table} SET owner = NULL, due_at = $3, tries = tries - 1 WHERE id = ANY($1::bigint[]) AND owner = $2`, [
        ids,
        lease.owner,
        lease.now,
      ]);
    },
  };
}

function loop(database: Database, work: (row: Row, signal: AbortSignal) => Promise<void>, options: LeaseLoopOptions = {}) {
  const created = new LeaseLoop<Row>(
    database,
    rowsOf(database),
    {
      async work(row, signal) {
        await work(row, signal);
        if (!signal.aborted) await database.query(`UPDATE ${table} SET done = true WHERE id = $1 AND owner = $2`, [row.id, created.owner]);
      },
    },
    { pollMs: 50, onError: () => {}, ...options },
  );
  loops.push(created);
  return created;
}

let nextId = 1;
async function insertRows(count: number): Promise<number[]> {
  const ids = Array.from({ length: count }, () => nextId++ * 10 + Math.floor(Math.random() * 10));
  // Inserted in reverse: the table's physical order is not the id order.
  for (const id of ids.slice().reverse())
    await db.query(`INSERT INTO ${table} (id, due_at) VALUES ($1, now() - interval '1 second')`, [id]);
  return ids;
}

async function row(id: number) {
  const { rows } = await db.query<{ owner: string | null; tries: number; done: boolean; due_at: Date }>(
    `SELECT owner, tries, done, due_at FROM ${table} WHERE id = $1`,
    [id],
  );
  return rows[0]!;
}

test(`[${databaseKind}] the lease is short: a dead owner's claims lapse within seconds`, () => {
  assert.ok(LEASE_MS <= 15_000, `LEASE_MS is ${LEASE_MS} ms`);
});

test(`[${databaseKind}] rows are claimed and started in id order`, async () => {
  const ids = await insertRows(12);
  const started: number[] = [];
  const worker = loop(db, async (claimed) => void started.push(claimed.id), { concurrency: 4 });
  await worker.start();
  for (const deadline = Date.now() + 10_000; started.length < ids.length && Date.now() < deadline;) await worker.wake();
  await worker.stop();
  assert.deepEqual(
    started,
    ids.slice().sort((a, b) => a - b),
  );
});

test(`[${databaseKind}] a long task keeps its claim by renewal; its owner gone, the claim lapses within the lease`, async () => {
  const [id] = await insertRows(1);
  let severed = false;
  const dying: Database = {
    ...db,
    query: (sql, params) => (severed ? Promise.reject(new Error('connection lost (simulated process death)')) : db.query(sql, params)),
  };
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const leaseMs = 600;
  const doomed = loop(dying, () => (started(), new Promise<void>(() => {})), { leaseMs, stopGraceMs: 50 });
  const survivorRuns: number[] = [];
  const survivor = loop(otherProcessDb, async (claimed) => void survivorRuns.push(claimed.tries), { leaseMs });
  await doomed.start();
  await running;
  await survivor.start();
  // Five leases long: renewed every third of one, the claim stays the first owner's.
  await sleep(leaseMs * 5);
  await survivor.wake();
  assert.deepEqual(survivorRuns, [], 'nobody else takes a renewed claim');
  assert.equal((await row(id!)).owner, doomed.owner);
  severed = true;
  const diedAt = Date.now();
  while (survivorRuns.length === 0 && Date.now() - diedAt < 10_000) await survivor.wake();
  assert.deepEqual(survivorRuns, [2], 'taken over, as its second try');
  assert.ok(Date.now() - diedAt < leaseMs + 2_000, `taken over ${Date.now() - diedAt} ms after its owner died (lease ${leaseMs} ms)`);
});

test(`[${databaseKind}] stop lets work finish within the grace, then aborts it and hands its rows back unspent`, async () => {
  const [quick, stuck] = await insertRows(2);
  const aborted: number[] = [];
  const worker = loop(
    db,
    async (claimed, signal) => {
      if (claimed.id === quick) return sleep(100);
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      aborted.push(claimed.id);
    },
    { stopGraceMs: 400 },
  );
  await worker.start();
  for (const deadline = Date.now() + 5_000; worker.inHand.size < 2 && Date.now() < deadline;) await sleep(10);
  const stopping = Date.now();
  await worker.stop();
  const took = Date.now() - stopping;
  assert.ok(took >= 350 && took < 3_000, `stopped after the grace (${took} ms)`);
  assert.deepEqual(aborted, [stuck]);
  assert.equal((await row(quick!)).done, true, 'the work that finished within the grace is done');
  const handedBack = await row(stuck!);
  assert.deepEqual([handedBack.owner, handedBack.tries, handedBack.done], [null, 0, false], 'handed back, its try unspent');
});
