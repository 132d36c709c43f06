import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './app.js';
import { isolatedTestDatabase } from './database.js';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from './smtp.js';
import { uniqueAddress } from './addresses.js';

/** A browser in the pro space: its cookies, and the forms' token read off its pages. */
export interface ProBrowser {
  cookie: string;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, fields?: Record<string, string | string[]>): Promise<LightMyRequestResponse>;
}

export const cookieOf = (response: LightMyRequestResponse, name: string) =>
  ([] as string[])
    .concat(response.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];
export const hiddenToken = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1];

const form = (fields: Record<string, string | string[]>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of ([] as string[]).concat(value)) params.append(name, v);
  return params.toString();
};

export function proBrowser(t: TestApp, cookie: string): ProBrowser {
  let csrf: string | undefined;
  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie, accept: 'text/html' } });
    csrf ??= hiddenToken(response.body);
    return response;
  };
  return {
    cookie,
    get,
    async post(url, fields = {}) {
      if (!csrf) await get('/pro');
      return t.app.inject({
        method: 'POST',
        url,
        headers: { cookie, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
        payload: form({ _csrf: csrf ?? '', ...fields }),
      });
    },
  };
}

/** Posts a public form of the pro space (sign-up, sign-in, invitation) the way a browser does: GET it, then POST with its token. */
export async function postPublicForm(
  t: TestApp,
  path: string,
  fields: Record<string, string>,
  address = uniqueAddress(),
): Promise<LightMyRequestResponse> {
  const shown = await t.app.inject({ method: 'GET', url: path });
  const token = cookieOf(shown, 'ls_pro_form');
  return t.app.inject({
    method: 'POST',
    url: path,
    remoteAddress: address,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: token ?? '' },
    payload: form({ _csrf: hiddenToken(shown.body) ?? '', ...fields }),
  });
}

export interface SignedUp {
  browser: ProBrowser;
  email: string;
  password: string;
  agencyId: string;
  testKey: string;
}

/**
 * The path of the newest link mailed to `to` whose path starts with `prefix` ('/pro/verify/',
 * '/pro/invitation/'…), read off the mail's text as queued in the `mails` table.
 */
export async function mailedLink(t: TestApp, to: string, prefix: string): Promise<string> {
  const { rows } = await t.db.query<{ text_body: string }>('SELECT text_body FROM mails WHERE to_address = $1 ORDER BY id DESC', [
    to.toLowerCase(),
  ]);
  const escaped = prefix.replace(/[/.]/g, '\\$&');
  for (const { text_body: text } of rows) {
    const path = new RegExp(`https?://[^/\\s]+(${escaped}[A-Za-z0-9_-]+)`).exec(text)?.[1];
    if (path) return path;
  }
  assert.fail(`no mail to ${to} holds a link ${prefix}…`);
}

/** Follows the verification link mailed to `email` the way a browser does: its page, then its button. */
export async function followVerificationMail(t: TestApp, email: string): Promise<LightMyRequestResponse> {
  const confirmed = await postPublicForm(t, await mailedLink(t, email, '/pro/verify/'), {});
  assert.equal(confirmed.statusCode, 200, confirmed.body.slice(0, 2000));
  return confirmed;
}

/**
 * Signs an agency up through /pro/signup. Its admin's address is verified by following the mail
 * sign-up sends, unless `verified: false` keeps it waiting (LIVE keys then stay out of reach).
 */
export async function signUpAgency(
  t: TestApp,
  name = `Agence ${Math.random().toString(36).slice(2, 7)}`,
  options: { verified?: boolean } = {},
): Promise<SignedUp> {
  const email = `pro-${Math.random().toString(36).slice(2, 9)}@agence.example`;
  const password = 'mot de passe de l’agence';
  const response = await postPublicForm(t, '/pro/signup', { agencyName: name, siren: '732 829 320', email, password, plan: 'agence' });
  assert.equal(response.statusCode, 201, response.body.slice(0, 2000));
  const testKey = /value="(svc_pk_TEST_[A-Za-z0-9]+)"/.exec(response.body)?.[1];
  assert.ok(testKey, 'the TEST key is shown once at sign-up');
  const { rows } = await t.db.query<{ agency_id: string }>('SELECT agency_id FROM users WHERE email = $1', [email]);
  if (options.verified ?? true) await followVerificationMail(t, email);
  return { browser: proBrowser(t, cookieOf(response, 'ls_pro')!), email, password, agencyId: rows[0]!.agency_id, testKey };
}

/** The id of the agency's key named `name` (one key of that name). */
export async function keyIdNamed(t: TestApp, agencyId: string, name: string): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM api_keys WHERE agency_id = $1 AND name = $2', [agencyId, name]);
  assert.equal(rows.length, 1, `one key named ${name}`);
  return rows[0]!.id;
}

/** Generates a key with /pro/api-keys' form; returns the value its creation page shows once. */
export async function newKeyOnPage(browser: ProBrowser, fields: Record<string, string | string[]>): Promise<string> {
  const created = await browser.post('/pro/api-keys', fields);
  assert.equal(created.statusCode, 201, created.body.slice(0, 1000));
  const value = /id="new-key" type="text" readonly value="(svc_pk_(?:LIVE|TEST)_[A-Za-z0-9]+)"/.exec(created.body)?.[1];
  assert.ok(value, 'the new key is shown on its creation page');
  return value;
}

/**
 * An admin invites `email` (a fresh address unless given) as `role` through /pro/team; returns
 * the address and the invitation's path, read off the mail sent to it.
 */
export async function inviteByMail(
  t: TestApp,
  admin: ProBrowser,
  role: 'agent' | 'admin' = 'agent',
  email = `invite-${Math.random().toString(36).slice(2, 9)}@agence.example`,
): Promise<{ email: string; link: string }> {
  const invited = await admin.post('/pro/team/invitations', { email, role });
  assert.equal(invited.statusCode, 303, invited.body.slice(0, 2000));
  return { email, link: await mailedLink(t, email, '/pro/invitation/') };
}

/**
 * A test file's app on a database of its own with a real SMTP server (its job runner sends every
 * mail there) and a clock the file moves (`clock.offsetMs`), closed after the file's tests. The
 * file's own `before` awaits `ready()`: node:test does not wait for one root hook before the next.
 */
export function useMailingApp(): { ready(): Promise<{ t: TestApp; smtp: SmtpReceiver }>; clock: { offsetMs: number } } {
  const clock = { offsetMs: 0 };
  let made: Promise<{ t: TestApp; smtp: SmtpReceiver; close(): Promise<void> }> | undefined;
  const ready = () =>
    (made ??= (async () => {
      const smtp = await startSmtpReceiver();
      const isolated = await isolatedTestDatabase();
      const t = await createTestApp({
        db: isolated.db,
        now: () => new Date(Date.now() + clock.offsetMs),
        env: { SMTP_URL: smtp.url, SITE_URL: 'https://annonces.example', WORKER: '1' },
      });
      return { t, smtp, close: isolated.close };
    })());
  before(ready);
  after(async () => {
    const { t, smtp, close } = await ready();
    await t.close();
    await close();
    await smtp.close();
  });
  return { ready, clock };
}

/** Waits for the SMTP server to receive a mail to `to` whose subject matches (the newest such). */
export async function mailReceived(smtp: SmtpReceiver, to: string, subject = /./): Promise<ReceivedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = smtp.received.findLast((mail) => mail.envelope.to.includes(to) && subject.test(mail.parsed.subject ?? ''));
    if (found) return found;
    if (Date.now() > deadline) assert.fail(`no mail to ${to} matching ${subject}`);
    await smtp.waitFor(smtp.received.length + 1, Math.max(1, deadline - Date.now())).catch(() => undefined);
  }
}
