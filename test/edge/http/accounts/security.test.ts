import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../../helpers/app.js';
import { databaseKind } from '../../../helpers/database.js';
import { codeAtStep } from '../../../helpers/back-office.js';
import { cookieOf, signUpAgency } from '../../../helpers/pro.js';
import { accountActions, addApp, browserOf, proPassword, recoveryCodesOn, steppedClock } from '../../../helpers/accounts.js';
import { insertUser } from '../../../../src/domain/accounts/user-store.js';

/**
 * The security page of the pro space through HTTP (docs/accounts.md): an app added by its QR code
 * and first code, recovery codes shown once with the first factor and a new session, factors
 * removed, and an admin's requirement of the whole team sending members to enrol first.
 */
const clock = steppedClock();
const { t } = useTestApp({ now: clock.now });

const userIdOf = async (email: string) => (await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])).rows[0]!.id;
const factorCount = async (userId: string, confirmed = true) =>
  (
    await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM second_factors WHERE principal_id = $1 AND (confirmed_at IS NOT NULL) = $2`,
      [userId, confirmed],
    )
  ).rows[0]!.n;

test(`[${databaseKind}] an app is added by its QR code and first code; the first factor brings ten recovery codes, once, and a new session`, async () => {
  const agency = await signUpAgency(t);
  const userId = await userIdOf(agency.email);
  const page = await agency.browser.get('/pro/account/security');
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /Aucun second facteur/);
  assert.match(page.body, /Ajouter une application d’authentification/);

  await agency.browser.post('/pro/account/security/app');
  const refused = await agency.browser.post('/pro/account/security/app/confirm', { code: '12345', label: 'Mon téléphone' });
  assert.equal(refused.statusCode, 400);
  assert.match(refused.body, /Ce code ne correspond pas/);
  assert.match(refused.body, /<svg/, 'the QR code is shown again');
  assert.equal(await factorCount(userId), 0, 'nothing confirmed');
  assert.equal(await factorCount(userId, false), 1, 'one app waits for its code');

  const first = await addApp(agency.browser, '/pro', clock.step());
  assert.equal(await factorCount(userId, false), 0, 'the new attempt replaced the pending one, then was confirmed');
  assert.equal(first.confirmed.statusCode, 201);
  assert.equal(first.recoveryCodes.length, 10);
  for (const code of first.recoveryCodes) assert.match(code, /^[0-9a-hj-km-np-z]{5}-[0-9a-hj-km-np-z]{5}$/);
  assert.ok(first.cookie && first.cookie !== agency.browser.cookie, 'a new session');
  const old = await t.app.inject({ method: 'GET', url: '/pro', headers: { cookie: agency.browser.cookie } });
  assert.match(String(old.headers.location), /^\/pro\/login/, 'the session before the factor opens nothing any more');
  const { rows } = await t.db.query<{ code_hash: string }>('SELECT code_hash FROM recovery_codes WHERE principal_id = $1', [userId]);
  assert.equal(rows.length, 10);
  assert.ok(
    rows.every((row) => !first.recoveryCodes.some((code) => row.code_hash.includes(code.replace('-', '')))),
    'stored hashed',
  );

  const browser = browserOf(t, first.cookie);
  const listed = await browser.get('/pro/account/security');
  assert.match(listed.body, /Mon téléphone/);
  assert.match(listed.body, /10 codes de secours inutilisés/);
  assert.deepEqual(recoveryCodesOn(listed.body), [], 'shown once');

  clock.advance(1);
  const second = await addApp(browser, '/pro', clock.step(), 'Tablette');
  assert.equal(second.confirmed.statusCode, 303, 'a second app brings no new codes');
  assert.equal(second.confirmed.headers.location, '/pro/account/security?fait=ajoute');
  const factors = [...(await browser.get('/pro/account/security')).body.matchAll(/factors\/(fac_[A-Za-z0-9]+)\/remove/g)].map((m) => m[1]!);
  assert.equal(factors.length, 2);
  for (const id of factors) assert.equal((await browser.post(`/pro/account/security/factors/${id}/remove`)).statusCode, 303);
  assert.equal(await factorCount(userId), 0, 'not required: the last one may go');
  assert.equal(
    (await t.db.query('SELECT 1 FROM recovery_codes WHERE principal_id = $1', [userId])).rows.length,
    0,
    'and the codes with it',
  );
  assert.equal((await proPassword(t, agency.email, agency.password)).answer.headers.location, '/pro', 'the password alone again');
  // Sign-up's address verification and sign-ins leave entries of their own: the factors' are compared.
  const factorActions = (await accountActions(t, userId)).filter((a) => a.startsWith('account.factor') || a.startsWith('account.recovery'));
  assert.deepEqual(factorActions, [
    'account.factor_added',
    'account.recovery_codes_made',
    'account.factor_added',
    'account.factor_removed',
    'account.factor_removed',
  ]);
});

test(`[${databaseKind}] an admin requires two factors of the team: first their own, then every member enrols before anything else opens`, async () => {
  const agency = await signUpAgency(t);
  const adminId = await userIdOf(agency.email);
  await agency.browser.get('/pro/account/security');
  const early = await agency.browser.post('/pro/account/security/team', { required: 'oui' });
  assert.equal(early.statusCode, 422);
  assert.match(early.body, /Activez d’abord votre propre double authentification/);
  const requirement = async () =>
    (await t.db.query<{ r: boolean }>('SELECT require_two_factor AS r FROM agencies WHERE id = $1', [agency.agencyId])).rows[0]!.r;
  assert.equal(await requirement(), false);

  const admin = browserOf(t, (await addApp(agency.browser, '/pro', clock.step())).cookie!);
  const on = await admin.post('/pro/account/security/team', { required: 'oui' });
  assert.equal(on.statusCode, 303);
  assert.equal(await requirement(), true);
  assert.match((await admin.get(on.headers.location as string)).body, /maintenant exigée de toute l’équipe/);

  const agentEmail = `agent-${Math.random().toString(36).slice(2, 9)}@agence.example`;
  const agent = (await insertUser(t.db, { agencyId: agency.agencyId, email: agentEmail, password: 'mot de passe agent', role: 'agent' }))!;
  const signedIn = await proPassword(t, agentEmail, 'mot de passe agent');
  assert.equal(signedIn.answer.headers.location, '/pro', 'no factor yet: the password signs in');
  const member = browserOf(t, signedIn.cookie!);
  for (const path of ['/pro', '/pro/contacts', '/pro/account']) {
    const sent = await member.get(path);
    assert.equal(sent.statusCode, 303, path);
    assert.equal(sent.headers.location, '/pro/account/security', path);
  }
  const security = await member.get('/pro/account/security');
  assert.match(security.body, /Votre agence exige la double authentification/);
  assert.doesNotMatch(security.body, /account\/security\/team/, 'the team setting is the admins’');
  assert.equal((await member.post('/pro/team/invitations', { role: 'agent' })).statusCode, 403, 'no form of the space either');
  const enrolled = await addApp(member, '/pro', clock.step());
  assert.equal(enrolled.confirmed.statusCode, 201);
  const done = browserOf(t, enrolled.cookie!);
  assert.equal((await done.get('/pro/contacts')).statusCode, 200, 'enrolled: the space opens');
  const factorId = /factors\/(fac_[A-Za-z0-9]+)\/remove/.exec((await done.get('/pro/account/security')).body)![1]!;
  const kept = await done.post(`/pro/account/security/factors/${factorId}/remove`);
  assert.equal(kept.statusCode, 409, 'the last factor stays while the team requires one');
  assert.equal(await factorCount(agent.id), 1);
  assert.equal((await done.post('/pro/account/security/team', { required: 'non' })).statusCode, 403, 'agents cannot change it');

  assert.equal((await admin.post('/pro/account/security/team', { required: 'non' })).statusCode, 303);
  assert.equal(await requirement(), false);
  assert.deepEqual(
    (await accountActions(t, adminId)).filter((a) => a.startsWith('account.two_factor')),
    ['account.two_factor_required', 'account.two_factor_not_required'],
  );
});

test(`[${databaseKind}] every form of the security page without its token is refused, and nothing changes`, async () => {
  const agency = await signUpAgency(t);
  const userId = await userIdOf(agency.email);
  const enrolled = await addApp(agency.browser, '/pro', clock.step());
  const cookie = enrolled.cookie!;
  const factorId = (await t.db.query<{ id: string }>('SELECT id FROM second_factors WHERE principal_id = $1', [userId])).rows[0]!.id;
  const before = await accountActions(t, userId);
  for (const [url, fields] of [
    ['/pro/account/security/app', {}],
    ['/pro/account/security/app/confirm', { code: codeAtStep(enrolled.secret, clock.step() + 1) }],
    ['/pro/account/security/recovery-codes', {}],
    [`/pro/account/security/factors/${factorId}/remove`, {}],
    ['/pro/account/security/team', { required: 'oui' }],
  ] as const) {
    const forged = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    assert.equal(forged.statusCode, 403, url);
    assert.match(forged.body, /Formulaire expiré/, url);
    assert.equal(cookieOf(forged, 'ls_pro'), undefined, url);
  }
  assert.deepEqual(await accountActions(t, userId), before, 'nothing audited, so nothing done');
  assert.equal(await factorCount(userId), 1);
  assert.equal(await factorCount(userId, false), 0, 'no app started');
  const { rows } = await t.db.query('SELECT 1 FROM recovery_codes WHERE principal_id = $1 AND used_at IS NULL', [userId]);
  assert.equal(rows.length, 10, 'the same codes');
});
