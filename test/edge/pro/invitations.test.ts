import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import type { SmtpReceiver } from '../../helpers/smtp.js';
import {
  cookieOf,
  inviteByMail,
  mailedLink,
  mailReceived,
  postPublicForm,
  proBrowser,
  signUpAgency,
  useMailingApp,
} from '../../helpers/pro.js';

/**
 * Team invitations by mail (docs/accounts.md), through HTTP and a real SMTP server: the link goes
 * to the colleague's address only, opens an account at that address (verified), works once,
 * expires after 7 days, can be revoked, and a new invitation to the address replaces the older.
 * The file has a database of its own (its job runner sends every mail there) and a clock it moves.
 */
const mailing = useMailingApp();
const { clock } = mailing;
let t: TestApp;
let smtp: SmtpReceiver;
before(async () => ({ t, smtp } = await mailing.ready()));
const fresh = () => `collegue-${Math.random().toString(36).slice(2, 9)}@agence.example`;
const received = (to: string) => mailReceived(smtp, to);
const audited = async (action: string, agencyId: string) =>
  (
    await t.db.query<{ after: { email: string; role: string } }>(
      'SELECT after FROM operator_audit WHERE action = $1 AND agency_id = $2 ORDER BY seq',
      [action, agencyId],
    )
  ).rows.map((row) => row.after);
const invitationCount = async (agencyId: string) =>
  Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM invitations WHERE agency_id = $1', [agencyId])).rows[0]!.n);

test(`[${databaseKind}] an invitation is mailed to the colleague, listed as pending, and accepted through the mailed link at that address`, async () => {
  const agency = await signUpAgency(t);
  const email = fresh();
  const sent = await agency.browser.post('/pro/team/invitations', { email, role: 'admin' });
  assert.equal(sent.statusCode, 303);
  const team = await agency.browser.get(String(sent.headers.location));
  assert.match(team.body, /Invitation envoyée par e-mail/);
  assert.doesNotMatch(team.body, /\/pro\/invitation\//, 'the link is never shown to the admin');
  assert.match(
    team.body,
    new RegExp(`<td data-label="E-mail">${email.replace(/[.]/g, '\\.')}</td>\\s*<td data-label="Rôle">administrateur</td>`),
    'listed as pending',
  );
  assert.match(team.body, /aria-label="Révoquer l’invitation de /);
  assert.deepEqual(await audited('account.invitation_sent', agency.agencyId), [{ email, role: 'admin' }]);

  const mail = await received(email);
  assert.match(mail.parsed.subject ?? '', /^Invitation à rejoindre Agence /);
  const link = /https:\/\/annonces\.example(\/pro\/invitation\/[A-Za-z0-9_-]{43})/.exec(mail.parsed.text ?? '')?.[1];
  assert.ok(link, 'the link is in the mail');
  assert.ok(String(mail.parsed.html).includes(link), 'and in its HTML part');

  const page = await t.app.inject({ method: 'GET', url: link });
  assert.equal(page.statusCode, 200);
  assert.ok(page.body.includes(`à l’adresse ${email}`), 'the address is fixed');
  assert.doesNotMatch(page.body, /id="f-email"/, 'nothing to type but a password');
  const joined = await postPublicForm(t, link, { email: 'autre@agence.example', password: 'mot de passe du collègue' });
  assert.equal(joined.statusCode, 303);
  const { rows } = await t.db.query<{ role: string; verified: boolean }>(
    'SELECT role, email_verified_at IS NOT NULL AS verified FROM users WHERE email = $1',
    [email],
  );
  assert.deepEqual(rows, [{ role: 'admin', verified: true }], 'the invited address, verified: a typed one is ignored');
  assert.equal((await t.db.query('SELECT 1 FROM users WHERE email = $1', ['autre@agence.example'])).rows.length, 0);
  assert.equal((await postPublicForm(t, link, { password: 'mot de passe du collègue' })).statusCode, 404, 'once');

  // The colleague's address was proven by the link: LIVE keys open as soon as the agency is verified.
  await t.admin('POST', `/agencies/${agency.agencyId}/verify`);
  const colleague = proBrowser(t, cookieOf(joined, 'ls_pro')!);
  assert.equal((await colleague.post('/pro/api-keys', { name: 'Prod', env: 'live' })).statusCode, 201);
  assert.doesNotMatch((await agency.browser.get('/pro/team')).body, /Invitations en attente/, 'no longer pending');
});

test(`[${databaseKind}] a revoked invitation's link is dead; a new invitation replaces the older; a member's address is refused`, async () => {
  const agency = await signUpAgency(t);
  const email = fresh();
  const first = await inviteByMail(t, agency.browser, 'agent', email);
  const second = await inviteByMail(t, agency.browser, 'admin', email);
  assert.notEqual(first.link, second.link);
  const dead = await t.app.inject({ method: 'GET', url: first.link });
  assert.equal(dead.statusCode, 404, 'the older invitation died with the new one');
  assert.match(dead.body, /expiré ou a déjà servi/);
  const team = await agency.browser.get('/pro/team');
  assert.equal(team.body.split(`Révoquer l’invitation de ${email}`).length - 1, 1, 'one pending invitation per address');

  const invitationId = /action="\/pro\/team\/invitations\/(inv_[0-9A-Za-z]+)\/revoke"/.exec(team.body)![1]!;
  assert.equal((await agency.browser.post(`/pro/team/invitations/${invitationId}/revoke`)).statusCode, 303);
  assert.deepEqual(await audited('account.invitation_revoked', agency.agencyId), [{ email, role: 'admin' }]);
  assert.equal((await t.app.inject({ method: 'GET', url: second.link })).statusCode, 404);
  assert.equal((await postPublicForm(t, second.link, { password: 'mot de passe du collègue' })).statusCode, 404);
  assert.equal((await agency.browser.post(`/pro/team/invitations/${invitationId}/revoke`)).statusCode, 404, 'revoked once');
  assert.equal((await t.db.query('SELECT 1 FROM users WHERE email = $1', [email])).rows.length, 0);

  // Another agency cannot revoke this one's invitation.
  const third = await inviteByMail(t, agency.browser, 'agent', email);
  const other = await signUpAgency(t);
  const thirdId = /action="\/pro\/team\/invitations\/(inv_[0-9A-Za-z]+)\/revoke"/.exec((await agency.browser.get('/pro/team')).body)![1]!;
  assert.equal((await other.browser.post(`/pro/team/invitations/${thirdId}/revoke`)).statusCode, 404);
  assert.equal((await t.app.inject({ method: 'GET', url: third.link })).statusCode, 200, 'still valid');

  const before = await invitationCount(agency.agencyId);
  const member = await agency.browser.post('/pro/team/invitations', { email: other.email.toUpperCase(), role: 'agent' });
  assert.equal(member.statusCode, 409);
  assert.match(member.body, /Cette adresse a déjà un compte dans l’espace pro/);
  const bad = await agency.browser.post('/pro/team/invitations', { email: 'pas-une-adresse', role: 'agent' });
  assert.equal(bad.statusCode, 400);
  assert.match(bad.body, /Indiquez l’adresse e-mail de votre collègue/);
  assert.equal((await agency.browser.post('/pro/team/invitations', { role: 'agent' })).statusCode, 400, 'no address');
  assert.equal(await invitationCount(agency.agencyId), before, 'nothing created');
});

test(`[${databaseKind}] an invitation expires after 7 days`, async () => {
  const agency = await signUpAgency(t);
  const { email, link } = await inviteByMail(t, agency.browser, 'agent');
  clock.offsetMs += 7 * 86_400_000 + 60_000;
  try {
    assert.equal((await t.app.inject({ method: 'GET', url: link })).statusCode, 404);
    assert.equal((await postPublicForm(t, link, { password: 'mot de passe du collègue' })).statusCode, 404);
    assert.doesNotMatch((await agency.browser.get('/pro/team')).body, /Invitations en attente/, 'no longer listed');
  } finally {
    clock.offsetMs -= 7 * 86_400_000 + 60_000;
  }
  assert.equal((await t.db.query('SELECT 1 FROM users WHERE email = $1', [email])).rows.length, 0);
  assert.equal(await mailedLink(t, email, '/pro/invitation/'), link);
});
