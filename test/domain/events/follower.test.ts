import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { agencyCursors, endpointCursors, type OutboxCursors } from '../../../src/domain/events/cursors.js';
import { followOutbox, type OutboxConsumer } from '../../../src/domain/events/follower.js';
import { outboxLag } from '../../../src/domain/events/lag.js';
import { appendChangeEvents } from '../../../src/domain/events/outbox.js';
import type { Database } from '../../../src/platform/db/database.js';
import { openDatabase } from '../../../src/platform/db/open.js';
import { databaseKind, isolatedTestDatabase, onPostgres } from '../../helpers/database.js';

/**
 * The outbox follower (src/domain/events/follower.ts) with a consumer of the test's own, which
 * writes down every event it reads: two followers at once (on PostgreSQL on two pools, as two
 * processes would be), writers committing beside them, and rounds that fail part way. Whatever
 * happens, what is written down is exactly the events up to each cursor, and at the end every
 * committed event, once. The file's database is its own, so every event in it is the test's.
 */

let database: Awaited<ReturnType<typeof isolatedTestDatabase>>;
let db: Database;
/** A second "process": on PostgreSQL a pool of its own, on PGlite (one connection) the same database. */
let other: Database;
before(async () => {
  database = await isolatedTestDatabase();
  db = database.db;
  other = onPostgres ? await openDatabase({ databaseUrl: database.url!, dataDir: null, poolSize: 3 }) : db;
  await db.exec(`
    CREATE TABLE follower_test_cursors (agency_id text PRIMARY KEY, event_cursor bigint NOT NULL);
    CREATE TABLE follower_test_state (id integer PRIMARY KEY);
    INSERT INTO follower_test_state VALUES (1);
    CREATE TABLE follower_test_seen (scope_id text NOT NULL, position bigint NOT NULL);`);
});
after(async () => {
  if (other !== db) await other.close();
  await database.close();
});

const perAgency = agencyCursors('test', 'follower_test_cursors', 'follower_test_state');
const perEndpoint = endpointCursors('test_endpoints');

/** Writes down what it reads; $1 lists positions whose reading fails (a crash part way through a window). */
const recorder = (cursors: OutboxCursors, slow = false): OutboxConsumer => ({
  cursors,
  window: { eventsPerScope: 3, scopes: 2 },
  columns: ['type'],
  handler: `seen AS (
     INSERT INTO follower_test_seen
     SELECT scope_id, CASE WHEN position = ANY ($1::bigint[]) THEN position / 0 ELSE position END FROM fresh
     RETURNING 1
   ), slow AS (SELECT pg_sleep(${slow ? 1 : 0}) FROM (SELECT count(*) FROM seen) s)`,
  summary: '(SELECT count(*) FROM slow)::int AS slow',
});

let agencies = 0;
async function newAgencies(count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => `agc_follower${databaseKind}${(agencies += 1)}`);
  for (const id of ids) await db.query(`INSERT INTO agencies (id, name, plan) VALUES ($1, 'Suiveuse', 'reseau')`, [id]);
  return ids;
}

/** `changes` changes of two events per agency, many transactions at once, some holding the clock a while before they commit. */
async function write(agencyIds: readonly string[], changes: number): Promise<void> {
  const change = (agencyId: string, n: number) =>
    db.transaction(async (tx) => {
      await appendChangeEvents(
        tx,
        { agencyId, env: 'live' },
        [
          { type: 'lead.received', listingId: null, data: { n } },
          { type: 'lead.message_received', listingId: null, data: { n } },
        ],
        new Date(),
      );
      if (n % 3 === 0) await sleep(5 + (n % 7));
    });
  await Promise.all(agencyIds.flatMap((agencyId) => Array.from({ length: changes }, (_, n) => change(agencyId, n))));
}

/** Rounds until one that started after `done()` finds nothing to read; returns the rounds it ran. */
async function follow(on: Database, consumer: OutboxConsumer, done: () => boolean, poison: number[] = []): Promise<number> {
  let rounds = 0;
  for (;;) {
    const finished = done();
    const round = await followOutbox(on, consumer, { params: [poison] });
    if (round) rounds += 1;
    if (round?.scopes === 0 && finished) return rounds;
    if (!round || round.scopes === 0) await sleep(1);
  }
}

/** What the consumer wrote down and what it should have: the events up to each cursor (`cursors` as rows scope_id, agency_id, event_cursor). */
async function seenAndExpected(cursors: string, scopeIds: readonly string[]) {
  const { rows } = await db.query<{ seen: string[]; expected: string[] }>(
    `SELECT ARRAY(SELECT scope_id || ':' || position FROM follower_test_seen WHERE scope_id = ANY ($1) ORDER BY 1) AS seen,
       ARRAY(SELECT c.scope_id || ':' || e.position FROM (${cursors}) c
             JOIN events e ON e.agency_id = c.agency_id AND e.env = 'live' AND e.position <= c.event_cursor
             WHERE c.scope_id = ANY ($1) ORDER BY 1) AS expected`,
    [scopeIds],
  );
  return rows[0]!;
}
const agencyCursorRows = 'SELECT agency_id AS scope_id, agency_id, event_cursor FROM follower_test_cursors';
const endpointCursorRows = 'SELECT id AS scope_id, agency_id, event_cursor FROM webhook_endpoints';

async function assertEveryEventOnce(cursors: string, scopeIds: readonly string[], eventsPerScope: number) {
  const { seen, expected } = await seenAndExpected(cursors, scopeIds);
  assert.equal(new Set(seen).size, seen.length, 'no event read twice');
  assert.deepEqual(seen, expected);
  assert.equal(seen.length, scopeIds.length * eventsPerScope, 'every committed event read');
}

test(`[${databaseKind}] two followers at once beside concurrent writers: every committed event read once, in rounds that each hold the lock`, async () => {
  const agencyIds = await newAgencies(5);
  let writing = true;
  const writers = write(agencyIds, 12).finally(() => (writing = false));
  const [first, second] = await Promise.all([
    follow(db, recorder(perAgency), () => !writing),
    follow(other, recorder(perAgency), () => !writing),
    writers,
  ]);
  assert.ok(first + second > 2 * agencyIds.length, `rounds: ${first} and ${second}`);
  await assertEveryEventOnce(agencyCursorRows, agencyIds, 24);
});

test(`[${databaseKind}] a round that fails part way through its window applies nothing and moves no cursor; the next rounds read on`, async () => {
  const agencyIds = await newAgencies(3);
  await write(agencyIds, 6);
  const { rows } = await db.query<{ position: number }>(
    `SELECT position FROM events WHERE agency_id = $1 AND env = 'live' ORDER BY position OFFSET 4 LIMIT 1`,
    [agencyIds[1]],
  );
  const poison = [rows[0]!.position];
  // The window of 3 events holding the fifth of the second agency fails, after some rounds went through.
  await assert.rejects(() => follow(db, recorder(perAgency), () => true, poison), /division by zero/);
  const { seen, expected } = await seenAndExpected(agencyCursorRows, agencyIds);
  assert.ok(seen.length >= 3, 'the rounds before went through');
  assert.deepEqual(seen, expected, 'what was read is exactly what the cursors passed');
  assert.ok(!seen.includes(`${agencyIds[1]}:${poison[0]}`));

  await follow(db, recorder(perAgency), () => true);
  await assertEveryEventOnce(agencyCursorRows, agencyIds, 12);
});

test(`[${databaseKind}] per endpoint: two followers share the endpoints, each endpoint reads its agency's events once`, async () => {
  const agencyIds = await newAgencies(3);
  const endpointIds = agencyIds.flatMap((agencyId) => [`${agencyId}_hook1`, `${agencyId}_hook2`]);
  for (const id of endpointIds)
    await db.query(
      `INSERT INTO webhook_endpoints (id, agency_id, env, url, secret, event_cursor, created_at, updated_at)
       VALUES ($1, $2, 'live', 'https://hooks.example.com/follower', 'secret', 0, now(), now())`,
      [id, id.slice(0, id.lastIndexOf('_hook'))],
    );
  let writing = true;
  const writers = write(agencyIds, 9).finally(() => (writing = false));
  await Promise.all([follow(db, recorder(perEndpoint), () => !writing), follow(other, recorder(perEndpoint), () => !writing), writers]);
  await assertEveryEventOnce(endpointCursorRows, endpointIds, 18);
});

test(`[${databaseKind}] the lag counts the events behind the cursors and the age of the oldest, and is 0 after the rounds`, async () => {
  const agencyIds = await newAgencies(2);
  await follow(db, recorder(perAgency), () => true);
  const [idle] = await outboxLag(db, new Date(), [perAgency]);
  assert.deepEqual(idle, { consumer: 'test', events: 0, seconds: 0 });

  await write(agencyIds, 4);
  const later = new Date(Date.now() + 90_000);
  const [behind] = await outboxLag(db, later, [perAgency]);
  assert.equal(behind!.events, 16);
  assert.ok(behind!.seconds >= 90 && behind!.seconds < 100, String(behind!.seconds));

  await follow(db, recorder(perAgency), () => true);
  assert.deepEqual(await outboxLag(db, later, [perAgency]), [{ consumer: 'test', events: 0, seconds: 0 }]);
});

test(
  `[${databaseKind}] a follower whose connection dies in the middle of its round leaves nothing half done, and the lock with it`,
  { skip: !onPostgres && 'one connection in the process: it cannot die alone' },
  async () => {
    const agencyIds = await newAgencies(2);
    await write(agencyIds, 4);
    const dying = await openDatabase({ databaseUrl: database.url!, dataDir: null, poolSize: 1 });
    try {
      // Its outcome is caught at once: the connection may die before the test waits for it.
      const round = followOutbox(dying, recorder(perAgency, true), { params: [[]] }).then(
        () => null,
        (error: unknown) => error,
      );
      let killed = 0;
      while (killed === 0) {
        await sleep(20);
        const { rows } = await db.query<{ killed: number }>(
          `SELECT count(pg_terminate_backend(pid))::int AS killed FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'active' AND query LIKE '%pg_sleep(1)%'`,
        );
        killed = rows[0]!.killed;
      }
      assert.match(String(await round), /terminat/i);
    } finally {
      await dying.close();
    }
    const { seen, expected } = await seenAndExpected(agencyCursorRows, agencyIds);
    assert.deepEqual(seen, expected);
    assert.deepEqual(seen, [], 'its round read the first window of both agencies, and none of it stayed');
    await follow(db, recorder(perAgency), () => true);
    await assertEveryEventOnce(agencyCursorRows, agencyIds, 8);
  },
);
