import assert from 'node:assert/strict';
import { test } from 'node:test';
import { advanceClock, eventPosition, lastPositionOf, lastPositionSql } from '../../../src/domain/events/change-clock.js';
import { appendChangeEvents, readEvents } from '../../../src/domain/events/outbox.js';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { items } from '../../helpers/listings.js';

const { t } = useTestApp();

test('a change’s events sit after every position of the changes before it and within its own', () => {
  for (const seq of [1, 2, 1_000_000]) {
    for (const rank of [0, 1, 2, 3]) {
      assert.ok(eventPosition(seq, rank) > lastPositionOf(seq - 1));
      assert.ok(eventPosition(seq, rank) <= lastPositionOf(seq));
    }
  }
});

test(`[${databaseKind}] the SQL form of the last position is the same number`, async () => {
  const { rows } = await t.db.query<{ top: string | number }>(
    `SELECT ${lastPositionSql('s.last_seq')} AS top FROM (SELECT 41::bigint AS last_seq) s`,
  );
  assert.equal(Number(rows[0]!.top), lastPositionOf(41));
});

test(`[${databaseKind}] the clock hands out the numbers after the last, and a listing push’s events are numbered from it`, async () => {
  const a = await t.agency();
  const scope = { agencyId: a.agencyId, env: 'live' as const };
  const before = await t.db.transaction((tx) => advanceClock(tx, scope, 0));
  assert.equal((await t.call('POST', '/ingest/ingestListings', a.live, { listings: items(3, 'C') })).statusCode, 200);
  // The push reserved one number per listing: the next reservation starts after them.
  const reserved = await t.db.transaction((tx) => advanceClock(tx, scope, 2));
  assert.equal(reserved, before + 3);
  assert.equal(await t.db.transaction((tx) => advanceClock(tx, scope, 0)), before + 5);

  // Each listing's change has its own number, so its events (created, then published) start at rank 0 of it.
  const positions = (await readEvents(t.db, scope, lastPositionOf(before), 100)).map((event) => event.position);
  assert.ok(positions.length >= 3);
  assert.ok(positions.every((position) => position <= lastPositionOf(before + 3)));
  for (const n of [1, 2, 3]) assert.ok(positions.includes(eventPosition(before + n, 0)), `change ${n} of the push has its first event`);
});

test(`[${databaseKind}] events appended with the clock in their statement each take a change of their own, ranked as given, beside concurrent pushes`, async () => {
  const a = await t.agency();
  const scope = { agencyId: a.agencyId, env: 'live' as const };
  const before = await t.db.transaction((tx) => advanceClock(tx, scope, 0));
  const change = (n: number) =>
    t.db.transaction((tx) =>
      appendChangeEvents(
        tx,
        scope,
        [
          { type: 'lead.received', listingId: null, data: { n } },
          { type: 'lead.message_received', listingId: null, data: { n } },
        ],
        new Date(),
      ),
    );
  const push = async () =>
    assert.equal((await t.call('POST', '/ingest/ingestListings', a.live, { listings: items(2, 'AC') })).statusCode, 200);
  await Promise.all([change(1), change(2), push(), change(3), change(4), change(5), change(6)]);

  const events = await readEvents(t.db, scope, lastPositionOf(before), 100);
  const appended = events.filter((event) => event.type.startsWith('lead.'));
  assert.equal(appended.length, 12);
  // Each change number holds either a listing of the push or one appended pair, ranked 0 and 1.
  const pairs: unknown[] = [];
  for (let seq = before + 1; seq <= before + 8; seq++) {
    const pair = appended.filter((event) => event.position >= eventPosition(seq, 0) && event.position <= lastPositionOf(seq));
    if (pair.length === 0) continue;
    assert.deepEqual(
      pair.map((event) => [event.position, event.type]),
      [
        [eventPosition(seq, 0), 'lead.received'],
        [eventPosition(seq, 1), 'lead.message_received'],
      ],
    );
    assert.equal(pair[0]!.data.n, pair[1]!.data.n);
    pairs.push(pair[0]!.data.n);
  }
  assert.deepEqual(pairs.sort(), [1, 2, 3, 4, 5, 6], 'one change number each');
  // Numbers are the clock's: the push's two listings and the six changes use before+1 … before+8.
  assert.equal(await t.db.transaction((tx) => advanceClock(tx, scope, 0)), before + 8);
  assert.ok(events.every((event) => event.position <= lastPositionOf(before + 8)));
});
