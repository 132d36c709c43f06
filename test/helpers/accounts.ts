import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app.js';
import { codeAtStep, stepAt } from './back-office.js';
import { cookieOf, hiddenToken, postPublicForm, proBrowser, type ProBrowser } from './pro.js';

/**
 * A service clock the test moves by whole TOTP steps: it starts five seconds into a step, so
 * which codes are one or two steps off does not depend on when the test runs.
 */
export function steppedClock() {
  let at = Math.floor(Date.now() / 30_000) * 30_000 + 5_000;
  return {
    now: () => new Date(at),
    step: () => stepAt(new Date(at)),
    advance(steps: number) {
      at += steps * 30_000;
    },
  };
}

export const recoveryCodesOn = (html: string) => [...html.matchAll(/<code>([0-9a-z]{5}-[0-9a-z]{5})<\/code>/g)].map((m) => m[1]!);
export const secretOn = (html: string) => /<code class="secret">([A-Z2-7 ]+)<\/code>/.exec(html)?.[1]?.replace(/ /g, '');

/**
 * Adds an authenticator app on the security page as its owner would (`base` is '/pro' or
 * '/admin'): the QR page, then its code of the current step. Returns the secret, the page that
 * answered the confirmation and, when it was the first factor, the new session's cookie.
 */
export async function addApp(
  browser: ProBrowser,
  base: string,
  step: number,
  label = 'Mon téléphone',
): Promise<{ secret: string; confirmed: LightMyRequestResponse; cookie: string | undefined; recoveryCodes: string[] }> {
  const started = await browser.post(`${base}/account/security/app`);
  assert.equal(started.statusCode, 303, started.body.slice(0, 500));
  assert.equal(started.headers.location, `${base}/account/security/app`);
  const shown = await browser.get(`${base}/account/security/app`);
  assert.equal(shown.statusCode, 200);
  assert.match(shown.body, /<svg[^>]*>.*<path/s, 'the QR code is drawn on the page');
  const secret = secretOn(shown.body);
  assert.ok(secret && secret.length === 32, 'the secret is shown for typing by hand');
  const confirmed = await browser.post(`${base}/account/security/app/confirm`, { code: codeAtStep(secret, step), label });
  const name = base === '/pro' ? 'ls_pro' : 'ls_admin';
  return { secret, confirmed, cookie: cookieOf(confirmed, name), recoveryCodes: recoveryCodesOn(confirmed.body) };
}

/** The pro space's password form (`/pro/login`): its answer, and the cookie it set. */
export async function proPassword(t: TestApp, email: string, password: string) {
  const answer = await postPublicForm(t, '/pro/login', { email, password, next: '/pro' });
  return { answer, cookie: cookieOf(answer, 'ls_pro') };
}

/** Posts `code` on the code page of the session `cookie` (`recovery` for the recovery-code variant). */
export async function postCode(t: TestApp, base: string, cookie: string, code: string, recovery = false): Promise<LightMyRequestResponse> {
  const name = base === '/pro' ? 'ls_pro' : 'ls_admin';
  const shown = await t.app.inject({ method: 'GET', url: `${base}/login/code?next=${encodeURIComponent(base)}`, headers: { cookie } });
  assert.equal(shown.statusCode, 200, `${name}: the code page opens to a session waiting for its second factor`);
  return t.app.inject({
    method: 'POST',
    url: `${base}/login/code`,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ _csrf: hiddenToken(shown.body)!, code, next: base, ...(recovery ? { secours: '1' } : {}) }).toString(),
  });
}

export const browserOf = (t: TestApp, cookie: string) => proBrowser(t, cookie);

/** The audit actions recorded about one account, oldest first. */
export async function accountActions(t: TestApp, accountId: string): Promise<string[]> {
  const { rows } = await t.db.query<{ action: string }>('SELECT action FROM operator_audit WHERE target_id = $1 ORDER BY seq', [accountId]);
  return rows.map((row) => row.action);
}
