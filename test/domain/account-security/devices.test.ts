import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { useTestApp } from '../../helpers/app.js';
import { DEVICE_LIFETIME_MS, purgeKnownDevices, recogniseDevice } from '../../../src/domain/account-security/devices.js';
import type { Principal } from '../../../src/domain/credentials/second-factors.js';

/**
 * The known browsers of an account (docs/accounts.md, "New devices"): which sign-in is « new »,
 * which cookie value is kept, and how long a browser is remembered.
 */
const { t } = useTestApp();

const someone = (scope: Principal['scope'] = 'pro'): Principal => ({ scope, id: `usr_${randomBytes(8).toString('hex')}` });

test('the first browser of an account is not new, a second one is; a known cookie is kept and stays known', async () => {
  const user = someone();
  const now = new Date();
  const first = await recogniseDevice(t.db, user, undefined, now);
  assert.equal(first.isNew, false, 'nothing to compare the first browser with');
  const again = await recogniseDevice(t.db, user, first.secret, now);
  assert.deepEqual(again, { secret: first.secret, isNew: false });
  const second = await recogniseDevice(t.db, user, undefined, now);
  assert.equal(second.isNew, true);
  assert.notEqual(second.secret, first.secret);
  assert.equal((await recogniseDevice(t.db, user, second.secret, now)).isNew, false, 'known once seen');
});

test('a shared browser keeps its value for a second account of the space; a value the service never gave is replaced', async () => {
  const [alice, bob] = [someone(), someone()];
  const now = new Date();
  await recogniseDevice(t.db, bob, undefined, now);
  const shared = (await recogniseDevice(t.db, alice, undefined, now)).secret;
  const bobThere = await recogniseDevice(t.db, bob, shared, now);
  assert.deepEqual(bobThere, { secret: shared, isNew: true }, 'new to Bob, the same browser');
  assert.equal((await recogniseDevice(t.db, alice, shared, now)).isNew, false, 'still known to Alice');

  const chosen = randomBytes(32).toString('base64url');
  const planted = await recogniseDevice(t.db, alice, chosen, now);
  assert.notEqual(planted.secret, chosen, 'no one chooses a browser’s value for it');
  assert.equal((await recogniseDevice(t.db, alice, 'not a secret', now)).isNew, true);
  // The other space's value names no device of this one.
  const operator = someone('admin');
  await recogniseDevice(t.db, operator, undefined, now);
  assert.notEqual((await recogniseDevice(t.db, operator, shared, now)).secret, shared);
});

test('a browser unused for a year is forgotten, one used since is kept', async () => {
  const user = someone();
  const longAgo = new Date(Date.now() - DEVICE_LIFETIME_MS - 86_400_000);
  const old = await recogniseDevice(t.db, user, undefined, longAgo);
  const recent = await recogniseDevice(t.db, user, undefined, longAgo);
  await recogniseDevice(t.db, user, recent.secret, new Date());
  await purgeKnownDevices(t.db, new Date());
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM known_devices WHERE principal_id = $1', [user.id]);
  assert.equal(rows[0]!.n, 1);
  assert.equal((await recogniseDevice(t.db, user, recent.secret, new Date())).isNew, false);
  assert.equal((await recogniseDevice(t.db, user, old.secret, new Date())).isNew, true, 'the forgotten one is new again');
});
