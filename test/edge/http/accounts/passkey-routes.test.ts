import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { useTestApp } from '../../../helpers/app.js';
import { uniqueAddress } from '../../../helpers/addresses.js';
import { databaseKind } from '../../../helpers/database.js';
import { cookieOf, hiddenToken, postPublicForm, signUpAgency } from '../../../helpers/pro.js';
import { createOperator, submitPassword } from '../../../helpers/back-office.js';
import { SoftPasskey } from '../../../helpers/passkey-authenticator.js';
import { findSession } from '../../../../src/domain/sessions/session-store.js';
import { relyingPartyOf } from '../../../../src/domain/credentials/passkeys.js';

/**
 * The passkey routes of both spaces through HTTP, with answers a Node authenticator builds:
 * enrolment renews the session at the first factor, a sign-in without a password, the second
 * factor of a sign-in waiting at the code page. Every bent answer gets a French 4xx, the same
 * whether or not the key or the account exists, and opens nothing.
 */
const { t } = useTestApp();
const origin = () => relyingPartyOf(t.config.siteUrl).origin;

const postJson = (url: string, body: unknown, cookie = '', address = uniqueAddress()) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: address,
    headers: { cookie, 'content-type': 'application/json', accept: 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
const csrfOf = async (scope: 'pro' | 'admin', cookie: string) => (await findSession(t.db, scope, tokenOf(cookie), new Date()))!.csrfToken;
const ok = (response: LightMyRequestResponse) => {
  assert.equal(response.statusCode, 200, response.body.slice(0, 500));
  return response.json();
};

/** Enrols a passkey for whoever `cookie` signs in; returns it and the cookie the session now has. */
async function enrol(base: '/pro' | '/admin', cookie: string, label = 'Ordinateur du bureau') {
  const scope = base === '/pro' ? 'pro' : 'admin';
  const passkey = new SoftPasskey(origin());
  const _csrf = await csrfOf(scope, cookie);
  const options = ok(await postJson(`${base}/account/passkeys/options`, { _csrf }, cookie));
  const done = await postJson(`${base}/account/passkeys`, { _csrf, label, response: passkey.register(options) }, cookie);
  assert.deepEqual(ok(done), { next: `${base}/account/security` });
  const renewed = cookieOf(done, base === '/pro' ? 'ls_pro' : 'ls_admin');
  return { passkey, cookie: renewed ?? cookie, renewed: Boolean(renewed) };
}

/** The sign-in page's form token and its cookie, as the page's script finds them. */
async function signInForm(base: '/pro' | '/admin') {
  const page = await t.app.inject({ method: 'GET', url: `${base}/login` });
  const cookieName = base === '/pro' ? 'ls_pro_form' : 'ls_admin_login';
  return { _csrf: hiddenToken(page.body)!, cookie: cookieOf(page, cookieName)! };
}

async function passwordless(
  base: '/pro' | '/admin',
  passkey: SoftPasskey,
  bent: Parameters<SoftPasskey['assert']>[1] = {},
  next = `${base}/keys`,
) {
  const form = await signInForm(base);
  const options = ok(await postJson(`${base}/login/passkey/options`, { _csrf: form._csrf }, form.cookie));
  return postJson(`${base}/login/passkey`, { _csrf: form._csrf, next, response: passkey.assert(options, bent) }, form.cookie);
}

test(`[${databaseKind}] a pro user enrols a passkey (the first renews the session), then signs in with it alone`, async () => {
  const agency = await signUpAgency(t);
  const first = await enrol('/pro', agency.browser.cookie, 'Ordinateur du bureau');
  assert.ok(first.renewed, 'a first factor renews the session');
  const old = await t.app.inject({ method: 'GET', url: '/pro', headers: { cookie: agency.browser.cookie } });
  assert.equal(old.statusCode, 303, 'the cookie of before opens nothing');
  const second = await enrol('/pro', first.cookie, 'Téléphone');
  assert.equal(second.renewed, false, 'a second factor leaves the session as it is');

  const signedIn = await passwordless('/pro', first.passkey, {}, '/pro/keys');
  assert.deepEqual(ok(signedIn), { next: '/pro/keys' });
  const cookie = cookieOf(signedIn, 'ls_pro')!;
  assert.equal((await t.app.inject({ method: 'GET', url: '/pro', headers: { cookie } })).statusCode, 200);
  assert.deepEqual(ok(await passwordless('/pro', second.passkey, {}, 'https://evil.example/pro')), { next: '/pro' }, 'next stays inside');
});

test(`[${databaseKind}] bent answers get the same French refusal, open nothing and change nothing`, async () => {
  const agency = await signUpAgency(t);
  const { passkey } = await enrol('/pro', agency.browser.cookie);
  ok(await passwordless('/pro', passkey));
  const counter = async () =>
    (await t.db.query<{ n: string }>('SELECT sign_count AS n FROM second_factors WHERE credential_id = $1', [passkey.id])).rows[0]!.n;
  const before = await counter();
  const refusals = [
    await passwordless('/pro', new SoftPasskey(origin())),
    await passwordless('/pro', passkey, { origin: 'https://evil.example' }),
    await passwordless('/pro', passkey, { counter: 0 }),
    await passwordless('/admin', passkey),
  ];
  for (const refused of refusals) {
    assert.equal(refused.statusCode, 401, refused.body);
    assert.deepEqual(refused.json(), { message: 'Cette clé d’accès n’a pas été reconnue. Rien n’a été modifié.' });
    assert.equal(cookieOf(refused, 'ls_pro'), undefined);
    assert.equal(cookieOf(refused, 'ls_admin'), undefined);
  }
  assert.equal(await counter(), before);

  // A replayed answer, then one without the form's token.
  const form = await signInForm('/pro');
  const options = ok(await postJson('/pro/login/passkey/options', { _csrf: form._csrf }, form.cookie));
  const answer = { _csrf: form._csrf, response: passkey.assert(options) };
  ok(await postJson('/pro/login/passkey', answer, form.cookie));
  const replayed = await postJson('/pro/login/passkey', answer, form.cookie);
  assert.equal(replayed.statusCode, 400);
  assert.match(replayed.json().message, /a expiré ou a déjà servi/);
  const tokenless = await postJson('/pro/login/passkey/options', { _csrf: 'x'.repeat(43) }, form.cookie);
  assert.equal(tokenless.statusCode, 403);
  assert.match(tokenless.json().message, /formulaire a expiré/);

  // Malformed JSON, a body that is not an answer, a form instead of JSON.
  const malformed = await postJson('/pro/login/passkey', '{"_csrf": ', form.cookie);
  assert.equal(malformed.statusCode, 400);
  assert.match(malformed.json().message, /illisible/);
  const notAnAnswer = await postJson('/pro/login/passkey', { _csrf: form._csrf, response: { id: 'x' } }, form.cookie);
  assert.equal(notAnAnswer.statusCode, 400);
  const asForm = await postPublicForm(t, '/pro/login/passkey/options', {});
  assert.equal(asForm.statusCode, 415);
  assert.match(asForm.body, /^<!doctype html>\n<html lang="fr">/);

  // Enrolment without the session's token: refused before anything is asked or stored.
  const other = await signUpAgency(t);
  const noToken = await postJson('/pro/account/passkeys/options', { _csrf: 'nope' }, other.browser.cookie);
  assert.equal(noToken.statusCode, 403);
  const challenges = await t.db.query('SELECT 1 FROM webauthn_challenges WHERE principal_id = (SELECT id FROM users WHERE email = $1)', [
    other.email,
  ]);
  assert.equal(challenges.rows.length, 0);
});

test(`[${databaseKind}] an operator enrols a passkey, then gives it as the second factor after the password`, async () => {
  // An operator without a factor yet: the password opens the security page alone, where the passkey is enrolled.
  const operator = await createOperator(t, undefined, { secondFactor: false });
  const signedIn = await submitPassword(t, operator.email, operator.password);
  assert.equal(signedIn.statusCode, 303);
  const enrolling = `ls_admin=${cookieOf(signedIn, 'ls_admin')!.split('=')[1]}`;
  const held = await t.app.inject({ method: 'GET', url: '/admin', headers: { cookie: enrolling } });
  assert.equal(held.statusCode, 303);
  assert.match(String(held.headers.location), /^\/admin\/account\/security/, 'an operator without a factor must enrol one');
  const { passkey, cookie } = await enrol('/admin', enrolling);
  assert.equal(
    (await t.app.inject({ method: 'GET', url: '/admin', headers: { cookie } })).statusCode,
    200,
    'enrolled, the back-office opens',
  );

  const again = await submitPassword(t, operator.email, operator.password);
  assert.match(String(again.headers.location), /^\/admin\/login\/code/);
  const half = cookieOf(again, 'ls_admin')!;
  const _csrf = await csrfOf('admin', half);
  const options = ok(await postJson('/admin/login/code/passkey/options', { _csrf }, half));
  assert.deepEqual(
    options.allowCredentials.map((c: { id: string }) => c.id),
    [passkey.id],
  );
  // Another operator's passkey does not stand for this one.
  const stranger = new SoftPasskey(origin());
  const refused = await postJson('/admin/login/code/passkey', { _csrf, response: stranger.assert(options) }, half);
  assert.equal(refused.statusCode, 401);
  const options2 = ok(await postJson('/admin/login/code/passkey/options', { _csrf }, half));
  const done = await postJson('/admin/login/code/passkey', { _csrf, next: '/admin/agencies', response: passkey.assert(options2) }, half);
  assert.deepEqual(ok(done), { next: '/admin/agencies' });
  const full = cookieOf(done, 'ls_admin')!;
  assert.notEqual(full, half);
  assert.equal((await t.app.inject({ method: 'GET', url: '/admin', headers: { cookie: full } })).statusCode, 200);
  assert.equal(
    (await t.app.inject({ method: 'GET', url: '/admin', headers: { cookie: half } })).statusCode,
    303,
    'the half session is gone',
  );
  // A full session has no second factor to give.
  const late = await postJson('/admin/login/code/passkey/options', { _csrf: await csrfOf('admin', full) }, full);
  assert.equal(late.statusCode, 409);
});

test(`[${databaseKind}] the script: served by the space, the library's bundle and the wiring, kept a year under its version`, async () => {
  const login = await t.app.inject({ method: 'GET', url: '/pro/login' });
  const src = /<script src="(\/pro\/assets\/passkeys\.js\?v=[0-9a-f]{12})"/.exec(login.body)?.[1];
  assert.ok(src, 'the sign-in page loads the script');
  assert.match(login.body, /data-passkey="sign-in"[^>]*hidden|hidden[^>]*data-passkey="sign-in"/);
  const script = await t.app.inject({ method: 'GET', url: src });
  assert.equal(script.statusCode, 200);
  assert.equal(script.headers['content-type'], 'text/javascript; charset=utf-8');
  assert.equal(script.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.match(script.body, /SimpleWebAuthnBrowser/);
  assert.match(script.body, /data-passkey/);
  const admin = await t.app.inject({ method: 'GET', url: '/admin/assets/passkeys.js' });
  assert.equal(admin.headers['cache-control'], 'public, max-age=300');
});
