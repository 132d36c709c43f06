import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { signUpAgency } from '../../helpers/pro.js';
import { createOperator } from '../../helpers/back-office.js';
import { SoftPasskey } from '../../helpers/passkey-authenticator.js';
import {
  passkeyAuthenticationOptions,
  passkeyLabel,
  passkeyRegistrationOptions,
  relyingPartyOf,
  verifyPasskeyRegistration,
} from '../../../src/domain/credentials/passkeys.js';
import { enrolPasskey, passkeyAsSecondFactor, signInWithPasskey } from '../../../src/domain/account-security/passkey-sign-in.js';
import type { Principal } from '../../../src/domain/credentials/second-factors.js';

/**
 * Passkeys' rules (docs/accounts.md) against answers a Node authenticator builds: enrolment
 * (audited, the first one flagged), a second factor of its owner only, a sign-in without a
 * password of the right space and a live account, and every bent answer refused with nothing changed.
 */
const { t } = useTestApp();
const rp = relyingPartyOf('https://annonces.example');
const now = () => new Date();

async function proUser(): Promise<Principal & { email: string }> {
  const agency = await signUpAgency(t);
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [agency.email]);
  return { scope: 'pro', id: rows[0]!.id, email: agency.email };
}

async function enrolled(principal: Principal & { email: string }, label = 'Ordinateur du bureau') {
  const passkey = new SoftPasskey(rp.origin);
  const options = await passkeyRegistrationOptions(t.db, rp, principal, now());
  const outcome = await enrolPasskey(t.db, rp, principal, { response: passkey.register(options), label }, now());
  assert.ok(outcome.ok, JSON.stringify(outcome));
  return { passkey, outcome: outcome.value };
}

/** The principal's passkeys as stored (an operator also has an authenticator app, which is not one). */
const stored = async (principal: Principal) =>
  (
    await t.db.query<{ label: string; sign_count: string; last_used_at: Date | null; transports: string | null }>(
      `SELECT label, sign_count, last_used_at, transports FROM second_factors
       WHERE scope = $1 AND principal_id = $2 AND kind = 'passkey' ORDER BY created_at`,
      [principal.scope, principal.id],
    )
  ).rows;

test(`[${databaseKind}] options: the site's name and host, the account, its passkeys excluded, a discoverable key`, async () => {
  const user = await proUser();
  const { passkey } = await enrolled(user);
  const options = await passkeyRegistrationOptions(t.db, rp, user, now());
  assert.equal(options.rp.name, 'Annonces immobilières');
  assert.equal(options.rp.id, 'annonces.example');
  assert.equal(options.user.name, user.email);
  assert.deepEqual(
    options.excludeCredentials?.map((c) => c.id),
    [passkey.id],
  );
  assert.equal(options.authenticatorSelection?.residentKey, 'required');
  assert.equal(options.authenticatorSelection?.userVerification, 'preferred');
  const asFactor = await passkeyAuthenticationOptions(t.db, rp, 'pro', user, now());
  assert.deepEqual(
    asFactor.allowCredentials?.map((c) => c.id),
    [passkey.id],
  );
  const alone = await passkeyAuthenticationOptions(t.db, rp, 'pro', null, now());
  assert.equal(alone.allowCredentials, undefined, 'without a password, any passkey of the site');
  assert.equal(alone.userVerification, 'required');
});

test(`[${databaseKind}] enrolment: stored under its label, audited, the first one flagged; the label is required`, async () => {
  const user = await proUser();
  const first = await enrolled(user, '  Téléphone   de Claire ');
  assert.equal(first.outcome.first, true);
  const second = await enrolled(user, 'Clé USB');
  assert.equal(second.outcome.first, false);
  assert.deepEqual(
    (await stored(user)).map((row) => [row.label, row.transports]),
    [
      ['Téléphone de Claire', 'internal'],
      ['Clé USB', 'internal'],
    ],
  );
  const { rows } = await t.db.query<{ after: { kind: string; label: string } }>(
    `SELECT after FROM operator_audit WHERE action = 'account.factor_added' AND target_id = $1 ORDER BY seq`,
    [user.id],
  );
  assert.deepEqual(
    rows.map((row) => row.after.label),
    ['Téléphone de Claire', 'Clé USB'],
  );
  assert.equal(passkeyLabel('   '), null);
  assert.equal(passkeyLabel('x'.repeat(61)), null);
  const options = await passkeyRegistrationOptions(t.db, rp, user, now());
  const unnamed = await enrolPasskey(t.db, rp, user, { response: new SoftPasskey(rp.origin).register(options), label: ' ' }, now());
  assert.equal(unnamed.ok, false);
  assert.equal((await stored(user)).length, 2);
});

test(`[${databaseKind}] bent registrations are refused and store nothing`, async () => {
  const user = await proUser();
  const other = await proUser();
  type Options = Awaited<ReturnType<typeof passkeyRegistrationOptions>>;
  const attempt = async (bend: (options: Options) => unknown, at = now()) => {
    const options = await passkeyRegistrationOptions(t.db, rp, user, at);
    const response = bend(options) as ReturnType<SoftPasskey['register']>;
    return verifyPasskeyRegistration(t.db, rp, user, response, now());
  };
  const passkey = new SoftPasskey(rp.origin);
  for (const [why, bend] of [
    ['another origin', (o) => passkey.register(o, { origin: 'https://annonces.example.evil' })],
    ['another site', (o) => passkey.register(o, { rpId: 'evil.example' })],
    ['an unknown challenge', (o) => passkey.register(o, { challenge: 'QUFBQUFBQUFBQUFBQUFBQQ' })],
  ] as Array<[string, (o: Options) => unknown]>) {
    const outcome = await attempt(bend);
    assert.equal(outcome.ok, false, why);
  }
  // Another user's challenge.
  const theirs = await passkeyRegistrationOptions(t.db, rp, other, now());
  assert.equal((await verifyPasskeyRegistration(t.db, rp, user, passkey.register(theirs), now())).ok, false);
  // An expired challenge (asked six minutes ago), then one answered twice.
  assert.equal((await attempt((o) => passkey.register(o), new Date(Date.now() - 6 * 60_000))).ok, false);
  const options = await passkeyRegistrationOptions(t.db, rp, user, now());
  const response = passkey.register(options);
  assert.equal((await verifyPasskeyRegistration(t.db, rp, user, response, now())).ok, true);
  assert.equal((await verifyPasskeyRegistration(t.db, rp, user, response, now())).ok, false, 'a challenge serves once');
  assert.deepEqual(await stored(user), []);
});

test(`[${databaseKind}] a second factor: the owner's passkey only; counters that go back, bent answers, replays refused`, async () => {
  const user = await proUser();
  const other = await proUser();
  const { passkey } = await enrolled(user);
  const { passkey: theirs } = await enrolled(other);
  const sign = async (who: SoftPasskey, bent: Parameters<SoftPasskey['assert']>[1] = {}, at = now()) => {
    const options = await passkeyAuthenticationOptions(t.db, rp, 'pro', user, at);
    return passkeyAsSecondFactor(t.db, rp, user, who.assert(options, bent), now());
  };
  const used = await sign(passkey);
  assert.ok(used.ok);
  assert.equal(used.value.principalId, user.id);
  let [row] = await stored(user);
  assert.equal(Number(row!.sign_count), 1);
  assert.ok(row!.last_used_at);

  assert.equal((await sign(theirs)).ok, false, "another user's passkey");
  assert.equal((await sign(new SoftPasskey(rp.origin))).ok, false, 'an unknown passkey');
  assert.equal((await sign(passkey, { origin: 'http://annonces.example' })).ok, false, 'another origin');
  assert.equal((await sign(passkey, { rpId: 'evil.example' })).ok, false, 'another site');
  assert.equal((await sign(passkey, { counter: 1 })).ok, false, 'a counter that did not move');
  assert.equal((await sign(passkey, { counter: 0 })).ok, false, 'a counter gone back to nothing');
  assert.equal((await sign(passkey, {}, new Date(Date.now() - 6 * 60_000))).ok, false, 'an expired challenge');
  const options = await passkeyAuthenticationOptions(t.db, rp, 'pro', user, now());
  const answer = passkey.assert(options);
  assert.equal((await passkeyAsSecondFactor(t.db, rp, user, answer, now())).ok, true);
  assert.equal((await passkeyAsSecondFactor(t.db, rp, user, answer, now())).ok, false, 'a replayed answer');
  [row] = await stored(user);
  assert.equal(Number(row!.sign_count), passkey.counter, 'only the good answers moved the counter');
  // Without the device's own check, a passkey still serves as a second factor.
  assert.equal((await sign(passkey, { userVerified: false })).ok, true);
});

test(`[${databaseKind}] without a password: the passkey names the account, of this space, still allowed in`, async () => {
  const user = await proUser();
  const { passkey } = await enrolled(user);
  const alone = async (scope: 'pro' | 'admin', who: SoftPasskey, bent: Parameters<SoftPasskey['assert']>[1] = {}) => {
    const options = await passkeyAuthenticationOptions(t.db, rp, scope, null, now());
    return signInWithPasskey(t.db, rp, scope, who.assert(options, bent), now());
  };
  const signedIn = await alone('pro', passkey);
  assert.ok(signedIn.ok);
  assert.equal(signedIn.value.principalId, user.id);
  assert.equal((await alone('admin', passkey)).ok, false, "a pro user's passkey does not open the back-office");
  assert.equal((await alone('pro', passkey, { userVerified: false })).ok, false, "alone, it needs the device's own check");

  const operator = await createOperator(t);
  const principal = { scope: 'admin' as const, id: operator.operatorId, email: operator.email };
  const { passkey: operatorKey } = await enrolled(principal);
  const operatorIn = await alone('admin', operatorKey);
  assert.ok(operatorIn.ok);
  const { rows } = await t.db.query(`SELECT 1 FROM operator_audit WHERE action = 'operator.login' AND target_id = $1`, [
    operator.operatorId,
  ]);
  assert.equal(rows.length, 1, "an operator's passkey sign-in is audited");
  await t.db.query('UPDATE operators SET disabled_at = now() WHERE id = $1', [operator.operatorId]);
  const counter = operatorKey.counter;
  assert.equal((await alone('admin', operatorKey)).ok, false, 'a disabled operator');
  const [row] = await stored(principal);
  assert.equal(Number(row!.sign_count), counter, 'the refused sign-in changed nothing');
});
