import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../../helpers/app.js';
import { uniqueAddress } from '../../../helpers/addresses.js';
import { cookieOf, hiddenToken } from '../../../helpers/pro.js';
import type { ReceivedMail } from '../../../helpers/smtp.js';

/** The passwords pages' tests: the forms of both spaces, posted as a browser does. */

/** Each space's base path and the cookie of its forms shown before signing in. */
export const SPACES = {
  pro: { base: '/pro', formCookie: 'ls_pro_form', sessionCookie: 'ls_pro' },
  admin: { base: '/admin', formCookie: 'ls_admin_login', sessionCookie: 'ls_admin' },
} as const;
export type SpaceName = keyof typeof SPACES;

/** A password zxcvbn rates 4 of 4, different at each call. */
export const strongPassword = () => `girafe lampadaire ${Math.random().toString(36).slice(2, 8)} turquoise`;

/**
 * POSTs a public form of the space with a form token, as a browser that opened one of the space's
 * forms has (or without, `withToken: false`); the token comes from « Mot de passe oublié », since
 * a dead link's page shows no form.
 */
export async function postForm(
  t: TestApp,
  space: SpaceName,
  path: string,
  fields: Record<string, string>,
  options: { address?: string; withToken?: boolean } = {},
): Promise<LightMyRequestResponse> {
  const shown = await t.app.inject({ method: 'GET', url: `${SPACES[space].base}/password/forgot` });
  const withToken = options.withToken ?? true;
  return t.app.inject({
    method: 'POST',
    url: path,
    remoteAddress: options.address ?? uniqueAddress(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieOf(shown, SPACES[space].formCookie) ?? '' },
    payload: new URLSearchParams({ ...(withToken ? { _csrf: hiddenToken(shown.body) ?? '' } : {}), ...fields }).toString(),
  });
}

/** Asks « Mot de passe oublié » for `email`. */
export const askReset = (t: TestApp, space: SpaceName, email: string, address?: string) =>
  postForm(t, space, `${SPACES[space].base}/password/forgot`, { email }, { address });

/** Signs in with the sign-in form; the answer (303 when it worked). */
export const signInWith = (t: TestApp, space: SpaceName, email: string, password: string) =>
  postForm(t, space, `${SPACES[space].base}/login`, { email, password });

/** The path of the reset link in a mail's text part. */
export function resetPathIn(mail: ReceivedMail): string {
  const path = /https?:\/\/[^/\s]+(\/(?:pro|admin)\/password\/reset\/[A-Za-z0-9_-]{43})/.exec(mail.parsed.text ?? '')?.[1];
  assert.ok(path, 'the mail holds a reset link');
  return path;
}

/** The page with what changes at each answer taken out: the form's token, the address typed. */
export const comparable = (html: string, email: string) =>
  html.replace(/name="_csrf" value="[^"]+"/g, 'name="_csrf" value=""').replaceAll(email, '[adresse]');

/** Audit entries of an account, by action. */
export async function auditActions(t: TestApp, targetId: string): Promise<string[]> {
  const { rows } = await t.db.query<{ action: string }>('SELECT action FROM operator_audit WHERE target_id = $1 ORDER BY seq', [targetId]);
  return rows.map((row) => row.action);
}
