import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestAppWithClock } from '../../../helpers/app.js';
import { signUpAgency, cookieOf, proBrowser } from '../../../helpers/pro.js';
import { createOperator } from '../../../helpers/back-office.js';
import { mailRows } from '../../../helpers/smtp.js';
import { passwordResetJobHandler } from '../../../../src/domain/account-security/password-reset.js';
import { changePassword } from '../../../../src/domain/account-security/password-change.js';
import { askReset, auditActions, postForm, signInWith, strongPassword } from './password-forms.js';

/**
 * The change on the account page (current password first, the new one twice and strong; the
 * other sessions end, this one is renewed, a mail and an audit entry), and a reset link past its
 * hour (the service's clock moved; no job runs, the reset job is run by hand).
 */
const { t, ahead } = useTestAppWithClock();
const HOUR = 3_600_000;

const userIdOf = async (email: string) => (await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])).rows[0]!.id;
const runResetJob = (scope: 'pro' | 'admin', email: string) =>
  passwordResetJobHandler({ db: t.db, now: t.services.now, site: t.config })(
    { scope, email },
    { id: 0, attempt: 1, signal: new AbortController().signal },
  );
const resetLinkOf = async (email: string) => {
  const mails = await t.db.query<{ text_body: string }>(
    `SELECT text_body FROM mails WHERE to_address = $1 AND subject = 'Réinitialiser votre mot de passe' ORDER BY id DESC LIMIT 1`,
    [email],
  );
  const path = /(\/(?:pro|admin)\/password\/reset\/[A-Za-z0-9_-]{43})/.exec(mails.rows[0]?.text_body ?? '')?.[1];
  assert.ok(path, 'a reset mail was written');
  return path;
};

test('a reset link dies after its hour', async () => {
  const user = await signUpAgency(t);
  assert.equal((await askReset(t, 'pro', user.email)).statusCode, 200);
  await runResetJob('pro', user.email);
  const link = await resetLinkOf(user.email);
  await ahead(HOUR - 60_000, async () =>
    assert.equal((await t.app.inject({ method: 'GET', url: link })).statusCode, 200, 'live for an hour'),
  );
  const password = strongPassword();
  await ahead(HOUR + 1_000, async () => {
    assert.equal((await t.app.inject({ method: 'GET', url: link })).statusCode, 404);
    assert.equal((await postForm(t, 'pro', link, { password, confirmation: password })).statusCode, 404);
  });
  assert.equal((await signInWith(t, 'pro', user.email, password)).statusCode, 401, 'the expired link changed nothing');
  assert.equal((await user.browser.get('/pro')).statusCode, 200, 'nor ended the session');
});

test('the job mails nothing to a disabled operator or an unknown address, and audits only a real ask', async () => {
  const operator = await createOperator(t);
  await t.admin('POST', `/operators/${operator.operatorId}/disable`);
  await runResetJob('admin', operator.email);
  await runResetJob('admin', 'personne@nulle-part.example');
  await runResetJob('pro', operator.email); // an operator's address in the pro space
  assert.equal((await mailRows(t.db, operator.email)).length, 0);
  assert.equal((await mailRows(t.db, 'personne@nulle-part.example')).length, 0);
  assert.ok(!(await auditActions(t, operator.operatorId)).includes('account.password_reset_asked'));
});

test('a pro user changes their password: the current one is asked, other sessions end, this one is renewed', async () => {
  const user = await signUpAgency(t);
  const other = await signInWith(t, 'pro', user.email, user.password);
  const otherBrowser = proBrowser(t, cookieOf(other, 'ls_pro')!);
  assert.equal((await otherBrowser.get('/pro')).statusCode, 200);
  const page = await user.browser.get('/pro/account/password');
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /Mot de passe actuel/);

  const password = strongPassword();
  const wrong = await user.browser.post('/pro/account/password', { current: 'pas le bon du tout', password, confirmation: password });
  assert.equal(wrong.statusCode, 400);
  assert.match(wrong.body, /Le mot de passe actuel est incorrect/);
  const weak = await user.browser.post('/pro/account/password', {
    current: user.password,
    password: 'azertyuiop123',
    confirmation: 'azertyuiop123',
  });
  assert.equal(weak.statusCode, 400);
  assert.match(weak.body, /trop facile à deviner/);
  const forged = await user.browser.post('/pro/account/password', {
    _csrf: 'faux',
    current: user.password,
    password,
    confirmation: password,
  });
  assert.equal(forged.statusCode, 403, 'a form without the session’s token');
  assert.equal((await otherBrowser.get('/pro')).statusCode, 200, 'nothing changed yet');

  const changed = await user.browser.post('/pro/account/password', { current: user.password, password, confirmation: password });
  assert.equal(changed.statusCode, 303, changed.body.slice(0, 500));
  assert.equal(changed.headers.location, '/pro/account/password?fait=mot-de-passe');
  const renewed = cookieOf(changed, 'ls_pro');
  assert.ok(renewed && renewed !== user.browser.cookie, 'a new session cookie');
  assert.equal((await user.browser.get('/pro')).statusCode, 303, 'the old cookie of this browser opens nothing');
  assert.equal((await otherBrowser.get('/pro')).statusCode, 303, 'the other session ended');
  const after = await proBrowser(t, renewed).get('/pro/account/password?fait=mot-de-passe');
  assert.equal(after.statusCode, 200, 'the renewed session works');
  assert.match(after.body, /Mot de passe changé/);

  assert.equal((await signInWith(t, 'pro', user.email, password)).statusCode, 303);
  assert.equal((await signInWith(t, 'pro', user.email, user.password)).statusCode, 401);
  // Sign-up's verification and the new browsers' sign-ins mail too: the password's mails are compared.
  assert.deepEqual(
    (await mailRows(t.db, user.email)).map((mail) => mail.subject).filter((subject) => /mot de passe/i.test(subject)),
    ['Votre mot de passe a été changé'],
  );
  assert.ok((await auditActions(t, await userIdOf(user.email))).includes('account.password_changed'));
});

test('an operator changes their password the same way; a signed-out visitor is sent to sign in', async () => {
  const signedOut = await t.app.inject({ method: 'GET', url: '/admin/account/password' });
  assert.equal(signedOut.statusCode, 303);
  assert.match(String(signedOut.headers.location), /^\/admin\/login/);
  // The capability itself: the page is held behind the operators' enrolment of a second factor.
  const operator = await createOperator(t);
  const principal = { scope: 'admin' as const, id: operator.operatorId };
  const password = strongPassword();
  const input = { principal, sessionId: 'ses_none', password };
  const wrong = await changePassword(t.db, { ...input, current: 'pas le bon du tout' }, new Date(), t.config);
  assert.deepEqual(wrong, { ok: false, reason: 'wrong_current', message: 'Le mot de passe actuel est incorrect.' });
  const weak = await changePassword(t.db, { ...input, current: operator.password, password: operator.email }, new Date(), t.config);
  assert.equal(weak.ok ? 'ok' : weak.reason, 'weak');
  const done = await changePassword(t.db, { ...input, current: operator.password }, new Date(), t.config);
  assert.ok(done.ok);
  assert.equal((await signInWith(t, 'admin', operator.email, password)).statusCode, 303);
  assert.equal((await signInWith(t, 'admin', operator.email, operator.password)).statusCode, 401);
  assert.ok((await auditActions(t, operator.operatorId)).includes('account.password_changed'));
});

test('weak passwords are refused at sign-up and at operator creation, with the French reason', async () => {
  const email = `faible-${Math.random().toString(36).slice(2, 9)}@agence.example`;
  const fields = { agencyName: 'Agence Faible', siren: '732 829 320', email, password: 'agence faible 2024', plan: 'agence' };
  const signUp = await postForm(t, 'pro', '/pro/signup', fields);
  assert.equal(signUp.statusCode, 400);
  assert.match(signUp.body, /trop facile à deviner/);
  const common = await postForm(t, 'pro', '/pro/signup', { ...fields, password: 'qwerty123456' });
  assert.equal(common.statusCode, 400);
  assert.match(common.body, /figure parmi les plus répandus/);
  assert.equal((await t.db.query('SELECT 1 FROM users WHERE email = $1', [email])).rows.length, 0, 'no account made');
  const operator = await t.admin('POST', '/operators', {
    email: `op-faible-${Math.random().toString(36).slice(2, 9)}@back-office.example`,
    password: 'azertyuiop123',
  });
  assert.equal(operator.statusCode, 400);
  assert.match(operator.body, /trop facile à deviner/);
});
