import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { HOTP, Secret, TOTP } from 'otpauth';
import type { TestApp } from './app.js';
import { uniqueAddress } from './addresses.js';
import { confirmApp } from '../../src/domain/account-security/enrolment.js';
import { startTotpEnrolment } from '../../src/domain/credentials/totp.js';

/** A browser signed in to the back-office: its cookie, and the forms' token read off its pages. */
export interface OperatorBrowser {
  cookie: string;
  get(url: string): Promise<LightMyRequestResponse>;
  /** Posts a form with the session's CSRF token (unless `_csrf` is given). */
  post(url: string, fields?: Record<string, string>): Promise<LightMyRequestResponse>;
}

const cookieValue = (response: LightMyRequestResponse, name: string) => {
  const header = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${name}=`));
  return header?.split(';')[0]!.slice(name.length + 1);
};

export const hiddenCsrf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1];

/** An app's code for a time step, computed as any authenticator app does (RFC 6238: SHA-1, 6 digits, 30 s). */
export const codeAtStep = (secret: string, step: number) =>
  HOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, counter: step });
export const stepAt = (date: Date) => TOTP.counter({ period: 30, timestamp: date.getTime() });

/**
 * A fresh code of the operator's app: the service accepts each step once, so a test signing the
 * same operator in again within thirty seconds takes the next step (an app a little ahead); when
 * both are spent, the steps are given back as if the next window had come.
 */
export async function operatorCode(t: TestApp, email: string): Promise<string> {
  const { rows } = await t.db.query<{ id: string; totp_secret: string; totp_last_step: string | number | null }>(
    `SELECT f.id, f.totp_secret, f.totp_last_step FROM second_factors f JOIN operators o ON o.id = f.principal_id
     WHERE f.scope = 'admin' AND o.email = $1 AND f.kind = 'totp' AND f.confirmed_at IS NOT NULL`,
    [email],
  );
  const factor = rows[0];
  assert.ok(factor, `${email} has an authenticator app`);
  const current = stepAt(t.services.now());
  const last = factor.totp_last_step === null ? -Infinity : Number(factor.totp_last_step);
  const step = [current, current + 1].find((s) => s > last);
  if (step !== undefined) return codeAtStep(factor.totp_secret, step);
  await t.db.query('UPDATE second_factors SET totp_last_step = NULL WHERE id = $1', [factor.id]);
  return codeAtStep(factor.totp_secret, current);
}

export interface TestOperator {
  email: string;
  password: string;
  operatorId: string;
  /** The app's shared secret (null for an operator made without one). */
  totpSecret: string | null;
  recoveryCodes: string[];
}

/**
 * An operator, made through the operator API, with a confirmed authenticator app (every operator
 * must have one before the back-office opens) unless `secondFactor` is false.
 */
export async function createOperator(
  t: TestApp,
  password = 'mot de passe opérateur',
  options: { secondFactor?: boolean } = {},
): Promise<TestOperator> {
  const email = `op-${Math.random().toString(36).slice(2, 9)}@back-office.example`;
  const created = await t.admin('POST', '/operators', { email, password });
  assert.equal(created.statusCode, 201, created.body);
  const operatorId: string = created.json().operatorId;
  if (options.secondFactor === false) return { email, password, operatorId, totpSecret: null, recoveryCodes: [] };
  const principal = { scope: 'admin' as const, id: operatorId };
  const now = t.services.now();
  const pending = await startTotpEnrolment(t.db, principal, now);
  const confirmed = await confirmApp(t.db, principal, { code: codeAtStep(pending.secret, stepAt(now)), label: 'Téléphone de test' }, now);
  assert.ok(confirmed.ok && confirmed.value.recoveryCodes);
  return { email, password, operatorId, totpSecret: pending.secret, recoveryCodes: confirmed.value.recoveryCodes };
}

/**
 * After a right password the back-office asks for the app's code: this types it, as the operator
 * would, and answers what the code page answered (the full session's cookie, the way to `next`).
 * Any other answer (a refusal, a sign-in without a second factor) is given back unchanged.
 */
export async function passSecondFactor(
  t: TestApp,
  answer: LightMyRequestResponse,
  email: string,
  address = uniqueAddress(),
): Promise<LightMyRequestResponse> {
  const location = answer.headers.location;
  if (answer.statusCode !== 303 || typeof location !== 'string' || !location.startsWith('/admin/login/code')) return answer;
  const cookie = `ls_admin=${cookieValue(answer, 'ls_admin')}`;
  const form = await t.app.inject({ method: 'GET', url: location, headers: { cookie } });
  assert.equal(form.statusCode, 200, form.body);
  const next = /name="next" value="([^"]*)"/.exec(form.body)![1]!.replaceAll('&amp;', '&');
  return t.app.inject({
    method: 'POST',
    url: '/admin/login/code',
    remoteAddress: address,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    payload: new URLSearchParams({ _csrf: hiddenCsrf(form.body)!, code: await operatorCode(t, email), next }).toString(),
  });
}

/** Posts the password form as a browser does, without the code step: the password's own answer. */
export async function submitPassword(
  t: TestApp,
  email: string,
  password: string,
  address = uniqueAddress(),
): Promise<LightMyRequestResponse> {
  const form = await t.app.inject({ method: 'GET', url: '/admin/login' });
  const loginCookie = cookieValue(form, 'ls_admin_login');
  return t.app.inject({
    method: 'POST',
    url: '/admin/login',
    remoteAddress: address,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `ls_admin_login=${loginCookie}` },
    payload: new URLSearchParams({ _csrf: hiddenCsrf(form.body)!, email, password }).toString(),
  });
}

/**
 * Signs in as a browser does: the password form, then the app's code when the password was right;
 * returns the last answer. Each sign-in comes from an address of its own unless a test names one
 * (the per-address limit counts failures).
 */
export async function submitLogin(t: TestApp, email: string, password: string, address = uniqueAddress()): Promise<LightMyRequestResponse> {
  return passSecondFactor(t, await submitPassword(t, email, password, address), email, address);
}

export function browserWith(t: TestApp, cookie: string): OperatorBrowser {
  let csrf: string | undefined;
  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie, accept: 'text/html' } });
    csrf ??= hiddenCsrf(response.body);
    return response;
  };
  return {
    cookie,
    get,
    async post(url, fields = {}) {
      if (!csrf && !('_csrf' in fields)) await get('/admin');
      return t.app.inject({
        method: 'POST',
        url,
        headers: { cookie, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ _csrf: csrf ?? '', ...fields }).toString(),
      });
    },
  };
}

export async function signIn(t: TestApp, operator?: { email: string; password: string }): Promise<OperatorBrowser> {
  const who = operator ?? (await createOperator(t));
  const response = await submitLogin(t, who.email, who.password);
  assert.equal(response.statusCode, 303, response.body);
  return browserWith(t, `ls_admin=${cookieValue(response, 'ls_admin')}`);
}

/** In a browser page sent to the code page after the password: types the operator's code and sends it. */
export async function typeOperatorCode(t: TestApp, page: import('playwright-core').Page, email: string): Promise<void> {
  await page.waitForURL(/\/admin\/login\/code/);
  await page.fill('#f-code', await operatorCode(t, email));
  await page.click('form[action$="/login/code"] button[type=submit]');
}
