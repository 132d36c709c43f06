import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app.js';
import { uniqueAddress } from './addresses.js';

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

export async function createOperator(
  t: TestApp,
  password = 'mot de passe opérateur',
): Promise<{ email: string; password: string; operatorId: string }> {
  const email = `op-${Math.random().toString(36).slice(2, 9)}@back-office.example`;
  const created = await t.admin('POST', '/operators', { email, password });
  assert.equal(created.statusCode, 201, created.body);
  return { email, password, operatorId: created.json().operatorId };
}

/**
 * Fills in and posts the login form as a browser does; returns the answer. Each sign-in comes from
 * an address of its own unless a test names one (the per-address limit counts failures).
 */
export async function submitLogin(t: TestApp, email: string, password: string, address = uniqueAddress()): Promise<LightMyRequestResponse> {
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
