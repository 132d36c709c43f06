import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as turn } from 'node:timers/promises';
import type { Queryable } from '../../../src/platform/db/database.js';
import { TextJsonArray } from '../../../src/platform/db/jsonb.js';
import { RowSender } from '../../../src/domain/listings/row-sender.js';

/** A transaction whose statements finish when the test says so, recording what each carried. */
function fakeTransaction() {
  const sent: Array<{ kind: 'new' | 'existing'; rows: Array<{ n: number }>; events: Array<{ n: number }>; finish(error?: Error): void }> =
    [];
  const tx: Queryable = {
    query(sql: string, params: readonly unknown[] = []) {
      return new Promise((resolve, reject) => {
        sent.push({
          kind: sql.includes('ON CONFLICT') ? 'existing' : 'new',
          rows: JSON.parse(params[4] as string),
          events: JSON.parse(params[3] as string),
          finish: (error) => (error ? reject(error) : resolve({ rows: [], rowCount: 0 })),
        });
      });
    },
    jsonArray: (texts) => `[${texts.join(',')}]`,
    jsonArrayBuilder: () => new TextJsonArray(),
  };
  return { tx, sent };
}

const row = (n: number) => [`{"n":`, { text: String(n), bytes: Buffer.from(String(n)) }, '}'];
const eventsOf = (n: number) => [`{"n":${n}}`, `{"n":${n + 0.5}}`];

test('rows leave while later ones are produced: the first 20 at once, then what came meanwhile, in one statement', async () => {
  const { tx, sent } = fakeTransaction();
  const sender = new RowSender(tx, ['agc_1', 'live', '2026-01-01T00:00:00Z']);
  for (let n = 0; n < 19; n++) await sender.add('new', row(n), eventsOf(n));
  assert.equal(sent.length, 0, 'nothing leaves before the first 20 rows');
  await sender.add('new', row(19), eventsOf(19));
  assert.equal(sent.length, 1);
  assert.deepEqual(
    sent[0]!.rows.map((r) => r.n),
    Array.from({ length: 20 }, (_, n) => n),
  );
  assert.deepEqual(
    sent[0]!.events.map((e) => e.n),
    Array.from({ length: 20 }, (_, n) => [n, n + 0.5]).flat(),
    'each row’s events go with it',
  );

  for (let n = 20; n < 90; n++) await sender.add('new', row(n), eventsOf(n));
  assert.equal(sent.length, 1, 'one statement in flight at a time');
  sent[0]!.finish();
  await turn();
  assert.equal(sent.length, 2, 'the database being free, what was produced meanwhile leaves at once');
  assert.deepEqual(
    sent[1]!.rows.map((r) => r.n),
    Array.from({ length: 70 }, (_, n) => n + 20),
  );

  for (let n = 90; n < 95; n++) await sender.add('existing', row(n), []);
  const finished = sender.finish();
  sent[1]!.finish();
  await turn();
  assert.equal(sent.length, 3, 'finish sends the rest, however few');
  assert.equal(sent[2]!.kind, 'existing');
  assert.deepEqual(
    sent[2]!.rows.map((r) => r.n),
    [90, 91, 92, 93, 94],
  );
  assert.deepEqual(sent[2]!.events, []);
  sent[2]!.finish();
  await finished;
});

test('a failed statement surfaces at the next add and at finish, and nothing more is sent', async () => {
  const { tx, sent } = fakeTransaction();
  const sender = new RowSender(tx, ['agc_1', 'live', '2026-01-01T00:00:00Z']);
  for (let n = 0; n < 40; n++) await sender.add('new', row(n), []);
  sent[0]!.finish(new Error('duplicate key'));
  await turn();
  assert.equal(sent.length, 1, 'rows produced meanwhile are not sent after a failure');
  await assert.rejects(sender.add('new', row(40), []), /duplicate key/);
  await assert.rejects(sender.finish(), /duplicate key/);
  assert.equal(sent.length, 1);
});

test('after the caller gives up, a statement finishing sends nothing more (the rollback stays last)', async () => {
  const { tx, sent } = fakeTransaction();
  const sender = new RowSender(tx, ['agc_1', 'live', '2026-01-01T00:00:00Z']);
  for (let n = 0; n < 60; n++) await sender.add('new', row(n), []);
  sender.abandon();
  sent[0]!.finish();
  await turn();
  assert.equal(sent.length, 1);
});

test('a large production goes in statements of at most 200 rows, every row once and in order', async () => {
  const { tx, sent } = fakeTransaction();
  const sender = new RowSender(tx, ['agc_1', 'live', '2026-01-01T00:00:00Z']);
  for (let n = 0; n < 500; n++) await sender.add('new', row(n), []);
  const finished = sender.finish();
  for (let i = 0; i < sent.length; i++) {
    sent[i]!.finish();
    await turn();
  }
  await finished;
  assert.ok(sent.every((statement) => statement.rows.length <= 200));
  assert.deepEqual(
    sent.flatMap((statement) => statement.rows.map((r) => r.n)),
    Array.from({ length: 500 }, (_, n) => n),
  );
});
