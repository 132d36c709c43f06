import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../../helpers/app.js';
import { databaseKind } from '../../../helpers/database.js';
import type { ReceivedMail, SmtpReceiver } from '../../../helpers/smtp.js';
import {
  cookieOf,
  followVerificationMail,
  mailedLink,
  mailReceived,
  postPublicForm,
  proBrowser,
  signUpAgency,
  useMailingApp,
} from '../../../helpers/pro.js';
import { browserWith, createOperator } from '../../../helpers/back-office.js';
import { uniqueAddress } from '../../../helpers/addresses.js';
import { createSession } from '../../../../src/domain/sessions/session-store.js';
import { newId } from '../../../../src/platform/db/ids.js';
import { redactedUrl } from '../../../../src/edge/http/log-redaction.js';

/**
 * Verified addresses (docs/accounts.md), through HTTP and a real SMTP server: sign-up mails a
 * link; LIVE keys wait for it; a link is used once, dies at 48 hours, and nothing else opens it;
 * an address change is confirmed at the new address and announced at the old, in both spaces.
 * The file has a database of its own (its job runner sends every mail there) and a clock it moves.
 */
const mailing = useMailingApp();
const { clock } = mailing;
let t: TestApp;
let smtp: SmtpReceiver;
before(async () => ({ t, smtp } = await mailing.ready()));
const mailTo = (to: string, subject: RegExp) => mailReceived(smtp, to, subject);
const pathIn = (mail: ReceivedMail, prefix: string) =>
  new RegExp(`https://annonces\\.example(${prefix}[A-Za-z0-9_-]{43})`).exec(mail.parsed.text ?? '')?.[1];
/** Opens a link's confirmation page as a browser; `confirm` posts its form (again and again, for a replay). */
async function openLink(path: string) {
  const shown = await t.app.inject({ method: 'GET', url: path, remoteAddress: uniqueAddress() });
  const cookie = [cookieOf(shown, 'ls_pro_form'), cookieOf(shown, 'ls_admin_login')].filter(Boolean).join('; ');
  const csrf = /name="_csrf" value="([^"]+)"/.exec(shown.body)?.[1] ?? '';
  const confirm = (url = path) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: `_csrf=${encodeURIComponent(csrf)}`,
    });
  return { shown, confirm };
}
const state = async (email: string) =>
  (
    await t.db.query<{ verified: boolean; keys: number; live: number }>(
      `SELECT u.email_verified_at IS NOT NULL AS verified, (SELECT count(*)::int FROM api_keys k WHERE k.agency_id = u.agency_id) AS keys,
         (SELECT count(*)::int FROM api_keys k WHERE k.agency_id = u.agency_id AND k.env = 'live') AS live
       FROM users u WHERE u.email = $1`,
      [email],
    )
  ).rows[0];
const audited = async (action: string, targetId: string) =>
  Number(
    (
      await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM operator_audit WHERE action = $1 AND target_id = $2', [
        action,
        targetId,
      ])
    ).rows[0]!.n,
  );
const userId = async (email: string) => (await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])).rows[0]!.id;

test(`[${databaseKind}] sign-up mails a verification link; until it is followed the user makes TEST keys but no LIVE key, then can`, async () => {
  const agency = await signUpAgency(t, undefined, { verified: false });
  const mail = await mailTo(agency.email, /^Confirmez votre adresse e-mail$/);
  const link = pathIn(mail, '/pro/verify/');
  assert.ok(link, 'the text part holds the link');
  assert.ok(mail.parsed.html && mail.parsed.html.includes(`https://annonces.example${link}`), 'the HTML part too');
  await t.admin('POST', `/agencies/${agency.agencyId}/verify`);

  const dashboard = await agency.browser.get('/pro');
  assert.match(dashboard.body, /Confirmez votre adresse e-mail : nous avons envoyé un lien/);
  assert.match(dashboard.body, /action="\/pro\/account\/verify"[\s\S]*Renvoyer le lien/);
  const keysPage = await agency.browser.get('/pro/api-keys');
  assert.match(keysPage.body, /une clé LIVE ne peut être créée qu’une fois l’adresse vérifiée/);
  assert.doesNotMatch(keysPage.body, /<option value="live">/, 'LIVE is not offered');
  // The operator's verification issued the agency's first LIVE key; the user makes none.
  const before = await state(agency.email);
  const refused = await agency.browser.post('/pro/api-keys', { name: 'Prod', env: 'live' });
  assert.equal(refused.statusCode, 403);
  assert.match(refused.body, /Confirmez d’abord votre adresse e-mail/);
  assert.equal((await agency.browser.post('/pro/api-keys', { name: 'Essai', env: 'test' })).statusCode, 201, 'TEST keys stay available');
  assert.deepEqual(await state(agency.email), { verified: false, keys: before!.keys + 1, live: before!.live });

  // Opening the link changes nothing by itself; its button does, from any browser.
  const opened = await openLink(link);
  assert.equal(opened.shown.statusCode, 200);
  assert.match(opened.shown.body, /Confirmer mon adresse/);
  assert.equal((await state(agency.email))!.verified, false);
  const confirmed = await opened.confirm();
  assert.equal(confirmed.statusCode, 200);
  assert.match(confirmed.body, /Adresse confirmée/);
  assert.equal(await audited('account.email_verified', await userId(agency.email)), 1);
  assert.doesNotMatch((await agency.browser.get('/pro')).body, /Renvoyer le lien/);
  assert.match((await agency.browser.get('/pro/api-keys')).body, /<option value="live">/);
  assert.equal((await agency.browser.post('/pro/api-keys', { name: 'Prod', env: 'live' })).statusCode, 201);

  const again = await opened.confirm();
  assert.equal(again.statusCode, 404, 'a link works once');
  assert.match(again.body, /expiré ou a déjà servi/);
  assert.equal(await audited('account.email_verified', await userId(agency.email)), 1, 'nothing recorded twice');
});

test(`[${databaseKind}] a tampered, resent-over, forged-form or expired link is refused with nothing changed; « Renvoyer le lien » is throttled`, async () => {
  const agency = await signUpAgency(t, undefined, { verified: false });
  const first = await mailedLink(t, agency.email, '/pro/verify/');
  const tampered = `${first.slice(0, -1)}${first.endsWith('A') ? 'B' : 'A'}`;
  assert.equal((await t.app.inject({ method: 'GET', url: tampered })).statusCode, 404);
  assert.equal((await t.app.inject({ method: 'GET', url: '/pro/verify/court' })).statusCode, 404);
  // The genuine page's form, posted to the tampered link.
  const genuine = await openLink(first);
  const posted = await genuine.confirm(tampered);
  assert.equal(posted.statusCode, 404);
  assert.match(posted.body, /expiré ou a déjà servi/);
  const forged = await t.app.inject({
    method: 'POST',
    url: first,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '_csrf=forged',
  });
  assert.equal(forged.statusCode, 403, 'a form without its token');
  // A link of another purpose: the sign-up's verify link is no address-change link.
  assert.equal((await t.app.inject({ method: 'GET', url: first.replace('/pro/verify/', '/pro/account/email/') })).statusCode, 404);
  assert.equal((await state(agency.email))!.verified, false);

  const resent = await agency.browser.post('/pro/account/verify');
  assert.equal(resent.statusCode, 200);
  assert.match(resent.body, /Un nouveau lien a été envoyé/);
  const second = await mailedLink(t, agency.email, '/pro/verify/');
  assert.notEqual(second, first);
  assert.equal((await genuine.confirm()).statusCode, 404, 'a new link kills the older one');
  for (let i = 0; i < 4; i++) assert.equal((await agency.browser.post('/pro/account/verify')).statusCode, 200);
  const throttled = await agency.browser.post('/pro/account/verify');
  assert.equal(throttled.statusCode, 429, 'five an hour');
  assert.ok(Number(throttled.headers['retry-after']) > 0);

  const last = await openLink(await mailedLink(t, agency.email, '/pro/verify/'));
  assert.equal(last.shown.statusCode, 200);
  clock.offsetMs += 48 * 3_600_000 + 60_000;
  try {
    assert.equal((await last.confirm()).statusCode, 404, 'dead after 48 hours');
    assert.equal((await state(agency.email))!.verified, false);
  } finally {
    clock.offsetMs -= 48 * 3_600_000 + 60_000;
  }
});

test(`[${databaseKind}] a pro user changes address: the password is asked, the new address confirms, the old one is told`, async () => {
  const agency = await signUpAgency(t);
  const newEmail = `nouvelle-${Math.random().toString(36).slice(2, 8)}@agence.example`;
  const other = await signUpAgency(t);
  assert.equal((await agency.browser.get('/pro/account/email')).statusCode, 200);
  const wrong = await agency.browser.post('/pro/account/email', { email: newEmail, password: 'pas le bon mot de passe' });
  assert.equal(wrong.statusCode, 403);
  assert.match(wrong.body, /Le mot de passe actuel est incorrect/);
  const taken = await agency.browser.post('/pro/account/email', { email: other.email, password: agency.password });
  assert.equal(taken.statusCode, 409);
  assert.equal((await agency.browser.post('/pro/account/email', { email: 'pas une adresse', password: agency.password })).statusCode, 400);
  assert.equal(await audited('account.email_change_asked', await userId(agency.email)), 0, 'nothing asked yet');

  const asked = await agency.browser.post('/pro/account/email', { email: newEmail.toUpperCase(), password: agency.password });
  assert.equal(asked.statusCode, 200, asked.body.slice(0, 500));
  const id = await userId(agency.email);
  assert.equal(await audited('account.email_change_asked', id), 1);
  const atNew = await mailTo(newEmail, /^Confirmez votre nouvelle adresse e-mail$/);
  const link = pathIn(atNew, '/pro/account/email/');
  assert.ok(link);
  const atOld = await mailTo(agency.email, /^Changement d’adresse e-mail demandé/);
  assert.ok(atOld.parsed.text!.includes(newEmail), 'the old address is told which address was asked');
  assert.match(atOld.parsed.text!, /Si ce n’est pas vous/);
  assert.doesNotMatch(atOld.parsed.text!, /\/account\/email\//, 'no link at the old address');
  assert.equal((await t.db.query('SELECT 1 FROM users WHERE email = $1', [newEmail])).rows.length, 0, 'nothing moves before the link');

  const opened = await openLink(link);
  assert.equal(opened.shown.statusCode, 200);
  const changed = await opened.confirm();
  assert.equal(changed.statusCode, 200);
  assert.match(changed.body, /Adresse changée/);
  assert.deepEqual(await state(newEmail), { verified: true, keys: 1, live: 0 });
  assert.equal(await audited('account.email_changed', id), 1);
  assert.equal((await opened.confirm()).statusCode, 404, 'used once');
  const signedIn = await postPublicForm(t, '/pro/login', { email: newEmail, password: agency.password });
  assert.equal(signedIn.statusCode, 303, 'the new address signs in');
  assert.equal((await postPublicForm(t, '/pro/login', { email: agency.email, password: agency.password })).statusCode, 401);
});

test(`[${databaseKind}] an address taken between the request and the link refuses the change, nothing moved, the link still usable`, async () => {
  const agency = await signUpAgency(t);
  const wanted = `prise-${Math.random().toString(36).slice(2, 8)}@agence.example`;
  assert.equal((await agency.browser.post('/pro/account/email', { email: wanted, password: agency.password })).statusCode, 200);
  const link = await mailedLink(t, wanted, '/pro/account/email/');
  const thief = await postPublicForm(t, '/pro/signup', {
    agencyName: 'Agence rapide',
    siren: '732 829 320',
    email: wanted,
    password: 'mot de passe de l’agence',
    plan: 'agence',
  });
  assert.equal(thief.statusCode, 201);
  const refused = await (await openLink(link)).confirm();
  assert.equal(refused.statusCode, 409);
  assert.match(refused.body, /déjà celle d’un autre compte/);
  assert.equal((await state(agency.email))!.verified, true, 'the account keeps its address');
  assert.equal((await t.app.inject({ method: 'GET', url: link })).statusCode, 200, 'the link was not spent');
  assert.equal(await audited('account.email_changed', await userId(agency.email)), 0);
});

test(`[${databaseKind}] an operator changes address through the same pages of the back-office`, async () => {
  const operator = await createOperator(t);
  // A confirmed factor, so that the back-office opens (operators must enrol), and a session made as a sign-in would.
  await t.db.query(
    `INSERT INTO second_factors (id, scope, principal_id, kind, label, totp_secret, confirmed_at, created_at) VALUES ($1, 'admin', $2, 'totp', 'Téléphone', 'JBSWY3DPEHPK3PXP', now(), now())`,
    [newId('fac'), operator.operatorId],
  );
  const { token } = await createSession(t.db, 'admin', operator.operatorId, new Date(Date.now() + clock.offsetMs), 3_600_000);
  const browser = browserWith(t, `ls_admin=${token}`);
  const form = await browser.get('/admin/account/email');
  assert.equal(form.statusCode, 200, form.body.slice(0, 500));
  const newEmail = `op-nouvelle-${Math.random().toString(36).slice(2, 8)}@back-office.example`;
  const asked = await browser.post('/admin/account/email', { email: newEmail, password: operator.password });
  assert.equal(asked.statusCode, 200, asked.body.slice(0, 500));
  const atNew = await mailTo(newEmail, /^Confirmez votre nouvelle adresse e-mail$/);
  const link = pathIn(atNew, '/admin/account/email/');
  assert.ok(link);
  await mailTo(operator.email, /^Changement d’adresse e-mail demandé/);
  const changed = await (await openLink(link)).confirm();
  assert.equal(changed.statusCode, 200, changed.body.slice(0, 500));
  assert.equal((await t.db.query('SELECT 1 FROM operators WHERE id = $1 AND email = $2', [operator.operatorId, newEmail])).rows.length, 1);
  assert.equal(await audited('account.email_changed', operator.operatorId), 1);
});

test(`[${databaseKind}] an account whose link was followed has nothing to resend and its link is spent`, async () => {
  const agency = await signUpAgency(t);
  assert.equal((await state(agency.email))!.verified, true);
  const browser = proBrowser(t, agency.browser.cookie);
  const resend = await browser.post('/pro/account/verify');
  assert.equal(resend.statusCode, 409, 'nothing to resend');
  await assert.rejects(followVerificationMail(t, agency.email), 'the link was used by the helper');
});

test('the links of addresses are secrets: request logs never show their tokens', () => {
  const token = 'A'.repeat(43);
  for (const path of ['/pro/verify/', '/pro/account/email/', '/admin/account/email/'])
    assert.equal(redactedUrl(`${path}${token}`), `${path}[secret]`);
  assert.equal(redactedUrl('/pro/account/email'), '/pro/account/email', 'the form itself holds no secret');
});
