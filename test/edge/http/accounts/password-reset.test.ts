import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { isolatedTestDatabase } from '../../../helpers/database.js';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../../../helpers/smtp.js';
import { signUpAgency } from '../../../helpers/pro.js';
import { createOperator } from '../../../helpers/back-office.js';
import { askReset, auditActions, comparable, postForm, resetPathIn, signInWith, strongPassword } from './password-forms.js';

/**
 * « Mot de passe oublié » end to end, through HTTP and a real SMTP server (docs/accounts.md): the
 * ask, the mail, the link's page, the new password (weak ones refused, forms without their
 * token refused), every session ended, the mail saying so, the new password signing in and the
 * old one not, the link dead once used; an unknown address answered alike and mailed nothing.
 * The file has a database of its own, whose job runner sends the mails.
 */
let t: TestApp;
let smtp: SmtpReceiver;
let closeDatabase: () => Promise<void>;

before(async () => {
  smtp = await startSmtpReceiver();
  const isolated = await isolatedTestDatabase();
  closeDatabase = isolated.close;
  t = await createTestApp({ db: isolated.db, env: { SMTP_URL: smtp.url, SITE_URL: 'https://annonces.example', WORKER: '1' } });
});
after(async () => {
  await t?.close();
  await closeDatabase?.();
  await smtp?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const RESET = 'Réinitialiser votre mot de passe';
const CHANGED = 'Votre mot de passe a été changé';
const mailsTo = (address: string, subject?: string) =>
  smtp.received.filter((mail) => mail.envelope.to.includes(address) && (subject === undefined || mail.parsed.subject === subject));
/**
 * Waits for the mail number `count` of that subject to `address`, and that there is no other yet.
 * Sign-up's verification and the new browsers' sign-ins mail the same address: only the subject
 * a test is about is counted.
 */
async function nextMailTo(address: string, subject: string, count: number): Promise<ReceivedMail> {
  const deadline = Date.now() + 10_000;
  while (mailsTo(address, subject).length < count && Date.now() < deadline) await sleep(50);
  assert.equal(mailsTo(address, subject).length, count, `mail number ${count} « ${subject} » to ${address}`);
  return mailsTo(address, subject)[count - 1]!;
}

test('a pro user resets a forgotten password through the mailed link; every session ends, and the link works once', async () => {
  const user = await signUpAgency(t);
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [user.email]);
  const userId = rows[0]!.id;
  assert.equal((await user.browser.get('/pro')).statusCode, 200, 'signed in before the reset');

  const asked = await askReset(t, 'pro', user.email);
  assert.equal(asked.statusCode, 200);
  assert.match(asked.body, /Si un compte existe à l’adresse/);
  const mail = await nextMailTo(user.email, RESET, 1);
  assert.match(String(mail.parsed.html), /Choisir un nouveau mot de passe/);
  const link = resetPathIn(mail);
  assert.ok(link.startsWith('/pro/password/reset/'));

  const shown = await t.app.inject({ method: 'GET', url: link });
  assert.equal(shown.statusCode, 200);
  assert.match(shown.body, /Choisir un nouveau mot de passe/);

  const weak = await postForm(t, 'pro', link, { password: 'motdepasse123', confirmation: 'motdepasse123' });
  assert.equal(weak.statusCode, 400);
  assert.match(weak.body, /trop facile à deviner/);
  const password = strongPassword();
  const unmatched = await postForm(t, 'pro', link, { password, confirmation: `${password}x` });
  assert.equal(unmatched.statusCode, 400);
  assert.match(unmatched.body, /Les deux saisies du nouveau mot de passe diffèrent/);
  const forged = await postForm(t, 'pro', link, { password, confirmation: password }, { withToken: false });
  assert.equal(forged.statusCode, 403, 'a form without its token');
  assert.equal((await signInWith(t, 'pro', user.email, user.password)).statusCode, 303, 'nothing changed: the old password still works');
  assert.equal((await user.browser.get('/pro')).statusCode, 200, 'nothing changed: the session lives');

  const done = await postForm(t, 'pro', link, { password, confirmation: password });
  assert.equal(done.statusCode, 200, done.body.slice(0, 500));
  assert.match(done.body, /Votre mot de passe a été changé/);
  assert.match(done.body, /action="\/pro\/login"/, 'the sign-in form follows');

  const oldCookie = await user.browser.get('/pro');
  assert.equal(oldCookie.statusCode, 303, 'the session opened before the reset is over');
  assert.match(String(oldCookie.headers.location), /^\/pro\/login/);
  const news = await nextMailTo(user.email, CHANGED, 1);
  assert.match(news.parsed.text ?? '', /par le lien de réinitialisation/);

  assert.equal((await signInWith(t, 'pro', user.email, password)).statusCode, 303, 'the new password signs in');
  assert.equal((await signInWith(t, 'pro', user.email, user.password)).statusCode, 401, 'the old one no longer does');

  const again = await postForm(t, 'pro', link, { password: strongPassword(), confirmation: 'x' });
  assert.equal(again.statusCode, 400, 'a mismatch is told before the link is tried');
  const second = strongPassword();
  const reused = await postForm(t, 'pro', link, { password: second, confirmation: second });
  assert.equal(reused.statusCode, 404, 'a used link');
  assert.match(reused.body, /Lien expiré ou déjà utilisé/);
  assert.equal((await t.app.inject({ method: 'GET', url: link })).statusCode, 404);
  assert.equal((await signInWith(t, 'pro', user.email, second)).statusCode, 401, 'the reused link changed nothing');
  assert.deepEqual(
    (await auditActions(t, userId)).filter((action) => action.startsWith('account.password')),
    ['account.password_reset_asked', 'account.password_reset'],
  );
});

test('a second ask kills the first link; an unknown address gets the same page and no mail', async () => {
  const user = await signUpAgency(t);
  await askReset(t, 'pro', user.email);
  const first = resetPathIn(await nextMailTo(user.email, RESET, 1));
  await askReset(t, 'pro', user.email);
  const second = resetPathIn(await nextMailTo(user.email, RESET, 2));
  assert.equal((await t.app.inject({ method: 'GET', url: first })).statusCode, 404, 'the older link died');
  assert.equal((await t.app.inject({ method: 'GET', url: second })).statusCode, 200);

  const unknown = `personne-${Math.random().toString(36).slice(2, 9)}@agence.example`;
  const known = await askReset(t, 'pro', user.email);
  const stranger = await askReset(t, 'pro', unknown);
  assert.equal(stranger.statusCode, known.statusCode);
  assert.equal(comparable(stranger.body, unknown), comparable(known.body, user.email), 'the same page, word for word');
  await nextMailTo(user.email, RESET, 3);
  await sleep(300);
  assert.equal(mailsTo(unknown).length, 0, 'nothing is mailed to an address without an account');
});

test('an operator resets their password in the back-office; a pro link does not open it', async () => {
  const operator = await createOperator(t);
  await askReset(t, 'admin', operator.email);
  const link = resetPathIn(await nextMailTo(operator.email, RESET, 1));
  assert.ok(link.startsWith('/admin/password/reset/'));
  const token = link.split('/').at(-1)!;
  assert.equal((await t.app.inject({ method: 'GET', url: `/pro/password/reset/${token}` })).statusCode, 404, 'another space’s link');
  const password = strongPassword();
  const crossed = await postForm(t, 'pro', `/pro/password/reset/${token}`, { password, confirmation: password });
  assert.equal(crossed.statusCode, 404);
  const done = await postForm(t, 'admin', link, { password, confirmation: password });
  assert.equal(done.statusCode, 200);
  assert.equal((await signInWith(t, 'admin', operator.email, password)).statusCode, 303);
  assert.equal((await signInWith(t, 'admin', operator.email, operator.password)).statusCode, 401);
  await nextMailTo(operator.email, CHANGED, 1);
});

test('tampered and malformed tokens answer 4xx and open nothing', async () => {
  const user = await signUpAgency(t);
  await askReset(t, 'pro', user.email);
  const link = resetPathIn(await nextMailTo(user.email, RESET, 1));
  const token = link.split('/').at(-1)!;
  const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
  const password = strongPassword();
  for (const [path, status] of [
    [`/pro/password/reset/${tampered}`, 404],
    ['/pro/password/reset/court', 404],
    [`/pro/password/reset/${'x'.repeat(80)}`, 400],
  ] as const) {
    assert.equal((await t.app.inject({ method: 'GET', url: path })).statusCode, status, path);
    assert.equal((await postForm(t, 'pro', path, { password, confirmation: password })).statusCode, status, path);
  }
  assert.equal((await t.app.inject({ method: 'GET', url: link })).statusCode, 200, 'the real link still works');
});
