import assert from 'node:assert/strict';
import { test } from 'node:test';
import { advanceClock, eventPosition, lastPositionOf, lastPositionSql } from '../../../src/domain/events/change-clock.js';
import { readEvents } from '../../../src/domain/events/outbox.js';
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
