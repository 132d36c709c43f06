import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, ADMIN_TOKEN, type TestApp } from '../../../helpers/app.js';
import { databaseKind } from '../../../helpers/database.js';
import { createOperator, signIn, submitLogin, submitPassword } from '../../../helpers/back-office.js';
import { cookieOf, signUpAgency } from '../../../helpers/pro.js';
import { accountActions, addApp, browserOf, proPassword } from '../../../helpers/accounts.js';
import { stepAt } from '../../../helpers/back-office.js';
import { runCli } from '../../../../src/main/cli/main.js';

/**
 * Operators and second factors (docs/accounts.md): an operator without one enrols before any
 * page of the back-office opens; the last one cannot be removed; an account that lost every
 * factor is reset by an operator (CLI or operator API), with the reason in the audit log.
 */
let t: TestApp;
let url: string;
before(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
after(() => t.close());

async function cli(...args: string[]) {
  const out: string[] = [];
  const code = await runCli(
    args,
    { LISTING_SYNC_URL: url, ADMIN_TOKEN },
    (l) => out.push(l),
    (l) => out.push(l),
  );
  return { code, out: out.join('\n') };
}

test(`[${databaseKind}] an operator without a second factor enrols before any back-office page opens`, async () => {
  const operator = await createOperator(t, 'mot de passe opérateur', { secondFactor: false });
  const signedIn = await submitPassword(t, operator.email, operator.password);
  assert.equal(signedIn.headers.location, '/admin', 'the password alone signs in an operator without a factor…');
  const browser = browserOf(t, cookieOf(signedIn, 'ls_admin')!);
  for (const path of ['/admin', '/admin/agencies', '/admin/audit', '/admin/moderation']) {
    const sent = await browser.get(path);
    assert.equal(sent.statusCode, 303, path);
    assert.equal(sent.headers.location, '/admin/account/security', `…and opens nothing but enrolment: ${path}`);
  }
  const page = await browser.get('/admin/account/security');
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /Double authentification requise/);
  assert.match(page.body, /chaque opérateur active la double authentification/);
  const agency = await t.agency();
  assert.equal((await browser.post(`/admin/agencies/${agency.agencyId}/suspend`, { reason: 'essai' })).statusCode, 403);

  const enrolled = await addApp(browser, '/admin', stepAt(new Date()));
  assert.equal(enrolled.confirmed.statusCode, 201);
  assert.equal(enrolled.recoveryCodes.length, 10);
  const done = browserOf(t, enrolled.cookie!);
  assert.equal((await done.get('/admin')).statusCode, 200, 'enrolled: the back-office opens');
  const factorId = /factors\/(fac_[A-Za-z0-9]+)\/remove/.exec((await done.get('/admin/account/security')).body)![1]!;
  const kept = await done.post(`/admin/account/security/factors/${factorId}/remove`);
  assert.equal(kept.statusCode, 409, 'an operator keeps a factor');
  assert.match(kept.body, /obligatoire pour ce compte/);
  assert.equal((await done.post('/admin/account/security/team', { required: 'oui' })).statusCode, 404, 'no team setting here');
  // The next sign-in asks for the code.
  assert.match(String((await submitPassword(t, operator.email, operator.password)).headers.location), /^\/admin\/login\/code/);
});

test(`[${databaseKind}] an operator who lost every factor is reset with the CLI, audited with the reason, and enrols again`, async () => {
  const operator = await createOperator(t);
  const session = await signIn(t, operator);
  assert.equal((await session.get('/admin')).statusCode, 200);
  const missing = await cli('operator', 'reset-factors', operator.email);
  assert.equal(missing.code, 2, 'the reason is required');
  const reset = await cli('operator', 'reset-factors', operator.email, '--reason', 'Téléphone perdu, identité vérifiée par visio');
  assert.equal(reset.code, 0, reset.out);
  assert.match(reset.out, /1 second factor\(s\)/);
  assert.equal((await session.get('/admin')).statusCode, 303, 'their sessions ended');
  const { rows } = await t.db.query<{ actor: string; after: { reason: string; removed: number } }>(
    `SELECT actor, after FROM operator_audit WHERE target_id = $1 AND action = 'account.factors_reset'`,
    [operator.operatorId],
  );
  assert.deepEqual(rows[0], { actor: 'admin-token', after: { reason: 'Téléphone perdu, identité vérifiée par visio', removed: 1 } });
  assert.equal((await t.db.query('SELECT 1 FROM recovery_codes WHERE principal_id = $1', [operator.operatorId])).rows.length, 0);
  const again = await submitLogin(t, operator.email, operator.password);
  assert.equal(again.headers.location, '/admin', 'the password alone, then…');
  const forced = await browserOf(t, cookieOf(again, 'ls_admin')!).get('/admin');
  assert.equal(forced.headers.location, '/admin/account/security', '…enrolment first');
  assert.equal((await cli('operator', 'reset-factors', 'personne@back-office.example', '--reason', 'x')).code, 1, 'unknown account');
});

test(`[${databaseKind}] a pro user who lost every factor is reset through the operator API; the reason is required`, async () => {
  const agency = await signUpAgency(t);
  const enrolled = await addApp(agency.browser, '/pro', stepAt(new Date()));
  assert.equal(enrolled.confirmed.statusCode, 201);
  const userId = (await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [agency.email])).rows[0]!.id;
  assert.equal((await t.admin('POST', `/users/${userId}/reset-factors`, {})).statusCode, 400);
  assert.equal((await t.admin('POST', `/users/${userId}/reset-factors`, { reason: '' })).statusCode, 400);
  assert.equal((await t.admin('POST', '/users/usr_0000000000000000/reset-factors', { reason: 'x' })).statusCode, 404);
  assert.equal((await t.admin('POST', '/users/not an id/reset-factors', { reason: 'x' })).statusCode, 400);
  const reset = await t.admin('POST', `/users/${encodeURIComponent(agency.email)}/reset-factors`, {
    reason: 'Appel au siège, pièce d’identité',
  });
  assert.equal(reset.statusCode, 200, reset.body);
  assert.deepEqual(reset.json(), { scope: 'pro', accountId: userId, email: agency.email, factorsRemoved: 1 });
  assert.ok((await accountActions(t, userId)).includes('account.factors_reset'));
  const signedIn = await proPassword(t, agency.email, agency.password);
  assert.equal(signedIn.answer.headers.location, '/pro', 'no factor asked any more');
  assert.equal(
    (await t.app.inject({ method: 'GET', url: '/pro', headers: { cookie: enrolled.cookie! } })).statusCode,
    303,
    'sessions ended',
  );
});
