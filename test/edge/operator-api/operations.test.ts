import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, useTestApp } from '../../helpers/app.js';
import { isolatedTestDatabase } from '../../helpers/database.js';
import { approve, page, publicListing } from '../../helpers/site.js';
import { v1Body } from '../../helpers/v1.js';

/** The operator API behind the back-office (issue 18): verification, suspension, operators, audit, health. */
let clock: Date | null = null;
const { t, agency } = useTestApp({ now: () => clock ?? new Date() });

const HOUR = 3_600_000;

interface Verification {
  agency: { agencyId: string; siren: string | null; verificationRefusalReason: string | null };
  secondsLeft: number;
  overdue: boolean;
  siren: string;
}
interface AuditEntry {
  seq: number;
  actor: string;
  action: string;
  targetType: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const verifications = async (): Promise<{ total: number; overdue: number; items: Verification[] }> =>
  (await t.admin('GET', '/verifications?limit=500')).json();
const auditOf = async (agencyId: string): Promise<AuditEntry[]> => (await t.admin('GET', `/audit?agencyId=${agencyId}`)).json().entries;
const unverified = async (siren?: string) =>
  (
    await t.admin('POST', '/agencies', {
      name: `Attente ${Math.random().toString(36).slice(2, 7)}`,
      plan: 'solo',
      verified: false,
      ...(siren ? { siren } : {}),
    })
  ).json().agencyId as string;

/**
 * Moves agencies' sign-up ten years back, keeping their order: the queue is read oldest first and
 * 500 at most, and on a shared PostgreSQL database other files' agencies wait in it too. Returns
 * when the first of them signed up.
 */
async function oldestInQueue(agencyIds: string[]): Promise<Date> {
  const { rows } = await t.db.query<{ created_at: Date }>(
    `UPDATE agencies SET created_at = created_at - interval '3650 days' WHERE id = ANY($1::text[]) RETURNING created_at`,
    [agencyIds],
  );
  return new Date(Math.min(...rows.map((row) => row.created_at.getTime())));
}

test('agencies awaiting verification come oldest first with the time left on the 48 hours, overdue once it has passed', async () => {
  const first = await unverified('732 829 320');
  const second = await unverified();
  const signedUp = await oldestInQueue([first, second]);
  try {
    clock = new Date(signedUp.getTime() + HOUR / 2);
    const mine = (await verifications()).items.filter((item) => [first, second].includes(item.agency.agencyId));
    assert.deepEqual(
      mine.map((item) => item.agency.agencyId),
      [first, second],
    );
    assert.equal(mine[0]!.siren, 'valid');
    assert.equal(mine[1]!.siren, 'missing');
    assert.ok(mine[0]!.secondsLeft > 47 * 3600 && mine[0]!.secondsLeft <= 48 * 3600, String(mine[0]!.secondsLeft));
    assert.equal(mine[0]!.overdue, false);

    clock = new Date(signedUp.getTime() + 49 * HOUR);
    const later = await verifications();
    const overdue = later.items.find((item) => item.agency.agencyId === first)!;
    assert.equal(overdue.overdue, true);
    assert.ok(overdue.secondsLeft < -3000, String(overdue.secondsLeft));
    assert.ok(later.overdue >= 2);
    const health = (await t.admin('GET', '/health')).json();
    assert.ok(health.verification.overdue >= 2);
    assert.equal(health.verification.promiseHours, 48);
  } finally {
    clock = null;
  }
});

test('verifying issues the first LIVE key, leaves the queue and is audited with the state before and after', async () => {
  const agencyId = await unverified('732829320');
  const refusedLive = await t.admin('POST', `/agencies/${agencyId}/keys`, { env: 'live' });
  assert.equal(refusedLive.statusCode, 403);

  const verified = await t.admin('POST', `/agencies/${agencyId}/verify`);
  assert.equal(verified.statusCode, 200, verified.body);
  const liveKey: string = verified.json().liveKey;
  assert.match(liveKey, /^svc_pk_LIVE_/);
  assert.equal((await t.call('GET', '/v1/me', liveKey)).statusCode, 200);
  assert.ok(!(await verifications()).items.some((item) => item.agency.agencyId === agencyId));

  const again = await t.admin('POST', `/agencies/${agencyId}/verify`);
  assert.equal(again.json().liveKey, null, 'a second verification issues no second key');
  const audit = await auditOf(agencyId);
  assert.equal(audit.filter((entry) => entry.action === 'agency.verify').length, 1, 'only the change is audited');
  const entry = audit.find((e) => e.action === 'agency.verify')!;
  assert.equal(entry.actor, 'admin-token');
  assert.equal(entry.before!.verified, false);
  assert.equal(entry.after!.verified, true);
});

test('a refused verification keeps the agency unverified, tells it why, and can be followed by a verification', async () => {
  const agencyId = await unverified();
  const reason = 'Le SIREN ne correspond pas à <b>une agence immobilière</b>';
  const refused = await t.admin('POST', `/agencies/${agencyId}/refuse-verification`, { reason });
  assert.equal(refused.statusCode, 200, refused.body);
  assert.equal(refused.json().verificationRefusalReason, reason);
  assert.equal(refused.json().verified, false);
  assert.ok(!(await verifications()).items.some((item) => item.agency.agencyId === agencyId));
  assert.equal((await t.admin('POST', `/agencies/${agencyId}/keys`, { env: 'live' })).statusCode, 403);

  const verified = await t.admin('POST', `/agencies/${agencyId}/verify`);
  assert.equal(verified.statusCode, 200);
  assert.equal((await t.admin('GET', `/agencies/${agencyId}`)).json().verificationRefusalReason, null);
  assert.deepEqual(
    (await auditOf(agencyId)).map((e) => e.action),
    ['agency.verify', 'agency.refuse_verification'],
  );
});

test('refusals that make no sense are 4xx and change nothing', async () => {
  const agencyId = await unverified();
  const tooLong = await t.admin('POST', `/agencies/${agencyId}/refuse-verification`, { reason: 'x'.repeat(1001) });
  assert.equal(tooLong.statusCode, 400);
  assert.equal(tooLong.json().errors[0].field, 'reason');
  const empty = await t.admin('POST', `/agencies/${agencyId}/refuse-verification`, {});
  assert.equal(empty.statusCode, 400);
  const unknown = await t.admin('POST', '/agencies/agc_000000000000000000/refuse-verification', { reason: 'inconnue' });
  assert.equal(unknown.statusCode, 404);
  const ofVerified = await t.admin('POST', `/agencies/${agency.agencyId}/refuse-verification`, { reason: 'trop tard' });
  assert.equal(ofVerified.statusCode, 409);
  assert.equal((await t.admin('GET', `/agencies/${agencyId}`)).json().verificationRefusalReason, null);
  assert.deepEqual(await auditOf(agencyId), []);
  assert.ok(!(await auditOf(agency.agencyId)).some((e) => e.action === 'agency.refuse_verification'));
});

test('a suspended agency has its keys refused and its listings off the public site, until it is reinstated', async () => {
  const suspended = await t.agency({ name: 'Agence suspendue' });
  const serviceId = await publicListing(t, suspended.live, 'SUSP-1');
  assert.equal((await page(t, `/listings/${serviceId}`)).statusCode, 200);

  const response = await t.admin('POST', `/agencies/${suspended.agencyId}/suspend`, { reason: 'Annonces frauduleuses signalées' });
  assert.equal(response.statusCode, 200, response.body);
  assert.ok(response.json().suspendedAt);
  const refused = await t.call('GET', '/v1/listings', suspended.live);
  assert.equal(refused.statusCode, 403);
  assert.match(refused.json().detail, /suspended/);
  assert.equal((await t.call('GET', '/sandbox/v1/listings', suspended.test)).statusCode, 403);
  assert.equal((await page(t, `/listings/${serviceId}`)).statusCode, 410);
  assert.equal((await t.call('GET', '/v1/listings', agency.live)).statusCode, 200, 'other agencies are untouched');

  const back = await t.admin('POST', `/agencies/${suspended.agencyId}/reinstate`);
  assert.equal(back.statusCode, 200);
  assert.equal(back.json().suspendedAt, null);
  assert.equal((await t.call('GET', '/v1/listings', suspended.live)).statusCode, 200);
  assert.equal((await page(t, `/listings/${serviceId}`)).statusCode, 200);
  assert.deepEqual(
    (await auditOf(suspended.agencyId)).map((e) => [e.action, e.after?.reason ?? null]),
    [
      ['agency.reinstate', null],
      ['agency.suspend', 'Annonces frauduleuses signalées'],
    ],
  );
});

test('plan changes, key revocations and moderation decisions are audited with what they changed', async () => {
  const audited = await t.agency({ plan: 'solo' });
  assert.equal((await t.admin('PUT', `/agencies/${audited.agencyId}/plan`, { plan: 'reseau' })).statusCode, 200);
  const plan = (await auditOf(audited.agencyId)).find((e) => e.action === 'agency.plan')!;
  assert.deepEqual([plan.before, plan.after], [{ plan: 'solo' }, { plan: 'reseau' }]);

  const key = (await t.admin('POST', `/agencies/${audited.agencyId}/keys`, { env: 'test', name: 'à révoquer' })).json();
  assert.equal((await t.admin('DELETE', `/keys/${key.keyId}`)).statusCode, 200);
  const entries: AuditEntry[] = (await t.admin('GET', '/audit?limit=500')).json().entries;
  const revoke = entries.find((e) => e.action === 'key.revoke' && e.targetId === key.keyId)!;
  assert.equal(revoke.before!.revokedAt, null);
  assert.ok(revoke.after!.revokedAt);

  const created = await t.call('POST', '/v1/listings', audited.live, v1Body('AUDIT-1', { dpe: null, ges: null }));
  const serviceId: string = created.json().serviceId;
  const reject = await t.admin('POST', `/listings/${serviceId}/moderation`, { decision: 'reject', reason: 'Photos absentes' });
  assert.equal(reject.statusCode, 200, reject.body);
  await approve(t, serviceId);
  // Newest first: this listing's two decisions lead the journal, whatever else a shared database holds.
  const after: AuditEntry[] = (await t.admin('GET', '/audit?limit=500')).json().entries;
  const onListing = after.filter((e) => e.targetId === serviceId);
  assert.deepEqual(
    onListing.map((e) => e.action),
    ['listing.approve', 'listing.reject'],
  );
  assert.equal(onListing[1]!.after!.reason, 'Photos absentes');
  assert.equal(onListing[1]!.after!.state, 'rejected');
  assert.equal(onListing[0]!.after!.publishedVersion, 1);
});

test('operators are created with a password, refused twice for one e-mail, and disabled; all audited', async () => {
  const email = `ops-${Math.random().toString(36).slice(2, 8)}@listing-sync.example`;
  const created = await t.admin('POST', '/operators', { email: email.toUpperCase(), password: 'correct horse battery' });
  assert.equal(created.statusCode, 201, created.body);
  const operator = created.json();
  assert.equal(operator.email, email, 'e-mails are kept lower-cased');
  assert.ok(!JSON.stringify(operator).includes('horse'), 'the password never comes back');
  const { rows } = await t.db.query<{ password_hash: string }>('SELECT password_hash FROM operators WHERE id = $1', [operator.operatorId]);
  assert.match(rows[0]!.password_hash, /^scrypt\$32768\$8\$1\$/);

  const twice = await t.admin('POST', '/operators', { email, password: 'another long password' });
  assert.equal(twice.statusCode, 409);
  const short = await t.admin('POST', '/operators', { email: `x${email}`, password: 'short' });
  assert.equal(short.statusCode, 400);
  assert.equal(short.json().errors[0].field, 'password');

  const disabled = await t.admin('POST', `/operators/${encodeURIComponent(email)}/disable`);
  assert.equal(disabled.statusCode, 200);
  assert.ok(disabled.json().disabledAt);
  assert.equal((await t.admin('POST', '/operators/opr_0000000000000000/disable')).statusCode, 404);
  const entries: AuditEntry[] = (await t.admin('GET', '/audit?limit=500')).json().entries;
  assert.deepEqual(
    entries.filter((e) => e.targetId === operator.operatorId).map((e) => e.action),
    ['operator.disable', 'operator.create'],
  );
});

test('the health figures count the queue and the decisions operators took against the 2-hour promise', async () => {
  // Figures of the whole service: on a database of its own, no other file's decision counts between the two reads.
  const isolated = await isolatedTestDatabase();
  const h = await createTestApp({ db: isolated.db });
  try {
    const own = await h.agency();
    const created = await h.call('POST', '/v1/listings', own.live, v1Body('HEALTH-1', { dpe: null, ges: null }));
    const serviceId: string = created.json().serviceId;
    const before = (await h.admin('GET', '/health')).json();
    assert.equal(before.moderation.queueLength, 1);
    assert.ok(before.moderation.oldestWaitingSeconds >= 0);
    assert.equal(before.moderation.promiseSeconds, 7200);
    await approve(h, serviceId);
    const after = (await h.admin('GET', '/health')).json();
    assert.equal(after.moderation.decisions, before.moderation.decisions + 1);
    assert.equal(after.moderation.queueLength, 0);
    assert.equal(typeof after.moderation.keptPromise, 'boolean');
  } finally {
    await h.close();
    await isolated.close();
  }
});
