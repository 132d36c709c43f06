import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { useTestApp } from '../../helpers/app.js';
import { postPublicForm, signUpAgency } from '../../helpers/pro.js';
import { createOperator, submitLogin } from '../../helpers/back-office.js';
import { PRO_LOGIN_LIMITS } from '../../../src/domain/accounts/login.js';
import { clientBucket } from '../../../src/platform/throttling/address-limits.js';

/**
 * The sign-in limits both spaces share (checkSignIn, docs/decisions.md §13), through HTTP: only
 * failures count, 10 per account whatever the address and 30 per address whatever the account;
 * a success takes back its own hit and nothing else (no success, no reset), so signing in often
 * never locks anyone out and guessing between the owner's sign-ins still meets the limit. A lock
 * is reported in the audit log once, when it starts.
 */
const { t } = useTestApp();

/** An address no other test (nor run, on a shared database) uses: the limits count per address. */
const address = () => `2001:db8:94:${randomBytes(2).toString('hex')}::${randomBytes(2).toString('hex')}`;
const proLogin = (email: string, password: string, from: string) => postPublicForm(t, '/pro/login', { email, password }, from);

test('a user signs in 11 times in a row, from one address, in both spaces: every sign-in works', async () => {
  const agency = await signUpAgency(t);
  const from = address();
  for (let i = 1; i <= 11; i++) {
    const signedIn = await proLogin(agency.email, agency.password, from);
    assert.equal(signedIn.statusCode, 303, `pro sign-in ${i}: ${signedIn.body.slice(0, 300)}`);
  }
  const operator = await createOperator(t);
  const operatorAddress = address();
  for (let i = 1; i <= 11; i++) {
    const signedIn = await submitLogin(t, operator.email, operator.password, operatorAddress);
    assert.equal(signedIn.statusCode, 303, `back-office sign-in ${i}`);
  }
});

test('10 failures lock the account whatever the address; a success takes its own hit back but clears no failure', async () => {
  const { limit } = PRO_LOGIN_LIMITS.account;
  assert.equal(limit, 10);
  const agency = await signUpAgency(t);
  for (let i = 0; i < limit - 1; i++) assert.equal((await proLogin(agency.email, 'pas le bon', address())).statusCode, 401);
  assert.equal((await proLogin(agency.email, agency.password, address())).statusCode, 303, '9 failures do not lock');
  assert.equal((await proLogin(agency.email, agency.password, address())).statusCode, 303, 'nor do successes count');
  // No success, no reset: the 10th failure, after the owner's sign-ins, still locks.
  assert.equal((await proLogin(agency.email, 'pas le bon', address())).statusCode, 401);
  const locked = await proLogin(agency.email, agency.password, address());
  assert.equal(locked.statusCode, 429, 'the 10th failure locks the account, even for the right password from elsewhere');
  assert.ok(Number(locked.headers['retry-after']) > 0);
  for (let i = 0; i < 3; i++) assert.equal((await proLogin(agency.email, 'pas le bon', address())).statusCode, 429);

  const { rows } = await t.db.query<{ action: string; target_id: string; agency_id: string | null }>(
    `SELECT a.action, a.target_id, a.agency_id FROM operator_audit a JOIN users u ON u.id = a.target_id
     WHERE u.email = $1 AND a.action = 'account.sign_in_locked'`,
    [agency.email],
  );
  assert.equal(rows.length, 1, 'the lock is reported once, when it starts');
  assert.equal(rows[0]!.agency_id, agency.agencyId, 'on the agency’s activity page too');

  const operator = await createOperator(t);
  for (let i = 0; i < limit; i++) assert.equal((await submitLogin(t, operator.email, 'pas le bon', address())).statusCode, 401);
  assert.equal((await submitLogin(t, operator.email, operator.password, address())).statusCode, 429);
  assert.equal((await submitLogin(t, operator.email, operator.password, address())).statusCode, 429);
  const { rows: operatorLocks } = await t.db.query<{ agency_id: string | null }>(
    `SELECT agency_id FROM operator_audit WHERE target_type = 'operator' AND target_id = $1 AND action = 'account.sign_in_locked'`,
    [operator.operatorId],
  );
  assert.deepEqual(operatorLocks, [{ agency_id: null }]);
});

test('the same pages whether the account exists or not: a wrong password, and a lock', async () => {
  const agency = await signUpAgency(t);
  const unknown = `inconnu-${randomBytes(4).toString('hex')}@agence.example`;
  const alike = (body: string, email: string) =>
    body
      .replaceAll(email, 'ADRESSE')
      .replace(/name="_csrf" value="[^"]+"/g, '')
      .replace(/dans \d+ min/, 'dans N min');
  const wrong = await proLogin(agency.email, 'pas le bon', address());
  const nobody = await proLogin(unknown, 'pas le bon', address());
  assert.equal(wrong.statusCode, 401);
  assert.equal(nobody.statusCode, 401);
  assert.equal(alike(wrong.body, agency.email), alike(nobody.body, unknown));
  for (let i = 0; i < PRO_LOGIN_LIMITS.account.limit - 1; i++) {
    await proLogin(agency.email, 'pas le bon', address());
    await proLogin(unknown, 'pas le bon', address());
  }
  const lockedKnown = await proLogin(agency.email, 'pas le bon', address());
  const lockedUnknown = await proLogin(unknown, 'pas le bon', address());
  assert.equal(lockedKnown.statusCode, 429);
  assert.equal(lockedUnknown.statusCode, 429);
  assert.equal(alike(lockedKnown.body, agency.email), alike(lockedUnknown.body, unknown));
});

test("an address's failures are throttled per address (30, across accounts); its successes do not count; another address signs in", async () => {
  const { limit } = PRO_LOGIN_LIMITS.address;
  assert.equal(limit, 30);
  const agency = await signUpAgency(t);
  const crowded = address();
  const unknown = () => `inconnu-${randomBytes(4).toString('hex')}@agence.example`;
  for (let i = 0; i < limit - 5; i++) assert.equal((await proLogin(unknown(), 'pas le bon', crowded)).statusCode, 401);
  // Ten successes from the same address: they would take it past 30 attempts, but only failures count.
  for (let i = 0; i < 10; i++) assert.equal((await proLogin(agency.email, agency.password, crowded)).statusCode, 303, `success ${i + 1}`);
  for (let i = 0; i < 5; i++) assert.equal((await proLogin(unknown(), 'pas le bon', crowded)).statusCode, 401, `failure ${limit - 4 + i}`);
  const refused = await proLogin(agency.email, agency.password, crowded);
  assert.equal(refused.statusCode, 429, '30 failures: the address is refused, even with the right password');
  assert.match(refused.body, /Trop de tentatives/);
  assert.equal((await proLogin(agency.email, agency.password, address())).statusCode, 303, 'another address signs in');

  assert.equal((await proLogin(unknown(), 'pas le bon', crowded)).statusCode, 429);
  const { rows } = await t.db.query<{ actor: string; after: unknown }>(
    `SELECT actor, after FROM operator_audit WHERE action = 'sign_in.address_locked' AND target_type = 'address' AND target_id = $1`,
    [clientBucket(PRO_LOGIN_LIMITS.address.action, crowded)],
  );
  assert.deepEqual(rows, [{ actor: clientBucket(PRO_LOGIN_LIMITS.address.action, crowded), after: { space: 'pro' } }], 'reported once');
  assert.ok(!JSON.stringify(rows).includes(crowded), 'under its hash, never the address');
});
