import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { useTestApp } from '../../helpers/app.js';
import { postPublicForm, signUpAgency } from '../../helpers/pro.js';
import { createOperator, submitLogin } from '../../helpers/back-office.js';
import { PRO_LOGIN_LIMITS } from '../../../src/domain/accounts/login.js';

/**
 * The sign-in limits both spaces share (checkSignIn, docs/decisions.md §13), through HTTP: only
 * failures count, 10 per account whatever the address and 30 per address whatever the account;
 * a success clears the account's failures, so signing in often never locks anyone out.
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

test('10 failures lock the account whatever the address, and a success in between clears the failures before it', async () => {
  const { limit } = PRO_LOGIN_LIMITS.account;
  assert.equal(limit, 10);
  const agency = await signUpAgency(t);
  for (let i = 0; i < limit - 1; i++) assert.equal((await proLogin(agency.email, 'pas le bon', address())).statusCode, 401);
  assert.equal((await proLogin(agency.email, agency.password, address())).statusCode, 303, '9 failures do not lock');
  // The success cleared them: 9 more failures still leave the account open.
  for (let i = 0; i < limit - 1; i++) assert.equal((await proLogin(agency.email, 'pas le bon', address())).statusCode, 401);
  assert.equal((await proLogin(agency.email, agency.password, address())).statusCode, 303, 'the failures were counted afresh');

  for (let i = 0; i < limit; i++) assert.equal((await proLogin(agency.email, 'pas le bon', address())).statusCode, 401);
  const locked = await proLogin(agency.email, agency.password, address());
  assert.equal(locked.statusCode, 429, 'the 10th failure locks the account, even for the right password from elsewhere');
  assert.ok(Number(locked.headers['retry-after']) > 0);

  const operator = await createOperator(t);
  for (let i = 0; i < limit; i++) assert.equal((await submitLogin(t, operator.email, 'pas le bon', address())).statusCode, 401);
  assert.equal((await submitLogin(t, operator.email, operator.password, address())).statusCode, 429);
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
});
