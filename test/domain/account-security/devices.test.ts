import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { useTestApp } from '../../helpers/app.js';
import { DEVICE_LIFETIME_MS, purgeKnownDevices, recogniseDevice } from '../../../src/domain/account-security/devices.js';
import type { Principal } from '../../../src/domain/credentials/second-factors.js';
import { accountSecurityJobs } from '../../../src/domain/account-security/jobs.js';
import { issueLink, linkIsLive } from '../../../src/domain/credentials/one-time-links.js';

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

test('the periodic purges: expired WebAuthn challenges and links expired a day ago go, live ones stay', async () => {
  const user = someone();
  const now = new Date();
  const [stale, fresh] = [randomBytes(16).toString('base64url'), randomBytes(16).toString('base64url')];
  for (const [challenge, expiresAt] of [
    [stale, new Date(now.getTime() - 1000)],
    [fresh, new Date(now.getTime() + 300_000)],
  ] as const)
    await t.db.query(
      `INSERT INTO webauthn_challenges (challenge, scope, principal_id, purpose, expires_at) VALUES ($1, 'pro', $2, 'register', $3)`,
      [challenge, user.id, expiresAt],
    );
  const old = await issueLink(t.db, user, 'end_session', new Date(now.getTime() - 9 * 86_400_000), 'ses_old');
  const live = await issueLink(t.db, user, 'end_session', now, 'ses_live');
  const jobs = accountSecurityJobs({ db: t.db, now: () => now });
  for (const job of jobs) await job.run();
  const { rows } = await t.db.query<{ challenge: string }>('SELECT challenge FROM webauthn_challenges WHERE principal_id = $1', [user.id]);
  assert.deepEqual(rows, [{ challenge: fresh }]);
  const { rows: links } = await t.db.query<{ detail: string }>('SELECT detail FROM account_links WHERE principal_id = $1', [user.id]);
  assert.deepEqual(links, [{ detail: 'ses_live' }]);
  assert.ok(await linkIsLive(t.db, 'pro', 'end_session', live, now));
  assert.ok(!(await linkIsLive(t.db, 'pro', 'end_session', old, now)));
});
