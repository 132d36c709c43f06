import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Database } from '../../../src/platform/db/database.js';
import { insertAgency } from '../../../src/domain/agencies/agency-store.js';
import { canHaveLiveKeys, liveKeysBlocker } from '../../../src/domain/agencies/live-keys.js';
import { createKey } from '../../../src/domain/keys/key-store.js';
import { databaseKind, openTestDatabase } from '../../helpers/database.js';

let db: Database;
before(async () => (db = await openTestDatabase()));
after(() => db.close());

test('LIVE keys: a verified agency that is not suspended, and no other', () => {
  const at = new Date();
  assert.equal(liveKeysBlocker({ verified: true, suspendedAt: null }), null);
  assert.equal(liveKeysBlocker({ verified: false, suspendedAt: null }), 'unverified');
  assert.equal(liveKeysBlocker({ verified: true, suspendedAt: at }), 'suspended');
  assert.equal(liveKeysBlocker({ verified: false, suspendedAt: at }), 'suspended');
  assert.deepEqual(
    [
      canHaveLiveKeys({ verified: true, suspendedAt: null }),
      canHaveLiveKeys({ verified: false, suspendedAt: null }),
      canHaveLiveKeys({ verified: true, suspendedAt: at }),
    ],
    [true, false, false],
  );
});

test(`[${databaseKind}] the key store itself refuses a LIVE key to an unverified or a suspended agency, whoever calls it`, async () => {
  const unverified = await insertAgency(db, { name: 'Store: unverified', plan: 'solo', verified: false });
  const suspended = await insertAgency(db, { name: 'Store: suspended', plan: 'solo', verified: true });
  await db.query('UPDATE agencies SET suspended_at = now(), suspension_reason = $2 WHERE id = $1', [suspended.id, 'test']);

  for (const [agency, detail] of [
    [unverified, /verified/],
    [suspended, /suspended/],
  ] as const) {
    const live = await createKey(db, { agencyId: agency.id, env: 'live' });
    assert.equal(live.ok, false);
    assert.ok(!live.ok && live.code === 'forbidden' && detail.test(live.detail), JSON.stringify(live));
    assert.equal((await createKey(db, { agencyId: agency.id, env: 'test' })).ok, true, 'TEST keys stay available');
  }
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM api_keys WHERE agency_id = ANY($1) AND env = 'live'`, [
    [unverified.id, suspended.id],
  ]);
  assert.equal(rows[0]!.n, 0);
  assert.equal((await createKey(db, { agencyId: 'agc_unknown', env: 'test' })).ok, false, 'an unknown agency gets no key');
});
