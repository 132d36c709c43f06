import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../../helpers/app.js';
import { uniqueAddress } from '../../../helpers/addresses.js';
import { cookieOf, hiddenToken, proBrowser, type ProBrowser } from '../../../helpers/pro.js';
import { browserWith, hiddenCsrf, operatorCode, type OperatorBrowser } from '../../../helpers/back-office.js';
import { hashPassword } from '../../../../src/domain/credentials/password.js';
import { newId } from '../../../../src/platform/db/ids.js';

/** What the sessions and new-device tests share: browsers that sign in with a user agent, device cookies, members. */

export const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export interface SignedInBrowser<B> {
  response: LightMyRequestResponse;
  browser: B;
  /** The session cookie (`ls_pro=…`). */
  session: string;
  /** The device cookie the sign-in set (`ls_pro_device=…`), if any. */
  device: string | undefined;
}

/**
 * Signs in to `space` as a browser does: GET the form, POST it with its token, from `address`,
 * with a user agent and whatever device cookie the browser holds. An operator with an
 * authenticator app is then sent to the code page: the same browser (address, user agent, device
 * cookie) types the app's code there, and `response` is the code page's answer, the one that
 * finishes the sign-in.
 */
export async function signInAs<S extends 'pro' | 'admin'>(
  t: TestApp,
  space: S,
  who: { email: string; password: string },
  options: { userAgent?: string; device?: string; address?: string } = {},
): Promise<SignedInBrowser<S extends 'pro' ? ProBrowser : OperatorBrowser>> {
  const formCookieName = space === 'pro' ? 'ls_pro_form' : 'ls_admin_login';
  const address = options.address ?? uniqueAddress();
  const headers = { 'user-agent': options.userAgent ?? FIREFOX };
  const form = await t.app.inject({ method: 'GET', url: `/${space}/login`, headers });
  const formCookie = cookieOf(form, formCookieName)!;
  let response = await t.app.inject({
    method: 'POST',
    url: `/${space}/login`,
    remoteAddress: address,
    headers: {
      ...headers,
      'content-type': 'application/x-www-form-urlencoded',
      cookie: [formCookie, options.device].filter(Boolean).join('; '),
    },
    payload: new URLSearchParams({
      _csrf: (hiddenToken(form.body) ?? hiddenCsrf(form.body))!,
      email: who.email,
      password: who.password,
    }).toString(),
  });
  assert.equal(response.statusCode, 303, response.body.slice(0, 500));
  const codePage = String(response.headers.location);
  if (space === 'admin' && codePage.startsWith('/admin/login/code')) {
    const cookie = [cookieOf(response, 'ls_admin'), options.device].filter(Boolean).join('; ');
    const shown = await t.app.inject({ method: 'GET', url: codePage, remoteAddress: address, headers: { ...headers, cookie } });
    assert.equal(shown.statusCode, 200, shown.body.slice(0, 500));
    response = await t.app.inject({
      method: 'POST',
      url: '/admin/login/code',
      remoteAddress: address,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: new URLSearchParams({
        _csrf: hiddenCsrf(shown.body)!,
        code: await operatorCode(t, who.email),
        next: /name="next" value="([^"]*)"/.exec(shown.body)![1]!.replaceAll('&amp;', '&'),
      }).toString(),
    });
    assert.equal(response.statusCode, 303, response.body.slice(0, 500));
  }
  const session = cookieOf(response, `ls_${space}`)!;
  const browser = space === 'pro' ? proBrowser(t, session) : browserWith(t, session);
  return { response, browser: browser as never, session, device: cookieOf(response, `ls_${space}_device`) };
}

/** A member of the agency with a password, as an invitation makes one. */
export async function addMember(
  t: TestApp,
  agencyId: string,
  role: 'admin' | 'agent',
): Promise<{ id: string; email: string; password: string }> {
  const member = {
    id: newId('usr'),
    email: `membre-${randomBytes(4).toString('hex')}@agence.example`,
    password: 'un mot de passe de membre',
  };
  await t.db.query(`INSERT INTO users (id, agency_id, email, password_hash, role, created_at) VALUES ($1, $2, $3, $4, $5, now())`, [
    member.id,
    agencyId,
    member.email,
    await hashPassword(member.password),
    role,
  ]);
  return member;
}

/** The audit entries of an account, oldest first. */
export async function auditOf(t: TestApp, targetId: string) {
  const { rows } = await t.db.query<{ action: string; actor: string; agency_id: string | null; after: Record<string, unknown> | null }>(
    'SELECT action, actor, agency_id, after FROM operator_audit WHERE target_id = $1 ORDER BY seq',
    [targetId],
  );
  return rows;
}
