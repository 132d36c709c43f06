import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { databaseKind } from '../../../helpers/database.js';
import { openBrowser, waitInPage } from '../../../helpers/browser.js';
import { fitsAndShoot } from '../../../helpers/page-check.js';
import { signUpAgency } from '../../../helpers/pro.js';
import { createOperator } from '../../../helpers/back-office.js';
import { findSession } from '../../../../src/domain/sessions/session-store.js';
import { PasskeyEnrol, PasskeySecondFactor } from '../../../../src/edge/html/accounts/passkey-parts.js';
import { STYLESHEET_PATH } from '../../../../src/edge/html/stylesheet.js';

/**
 * Passkeys in Chromium, through the DevTools protocol's virtual authenticator: a pro user enrols
 * one on the security page, signs out, and signs in with it alone; an operator gives one as the
 * second factor after the password. WebAuthn needs a secure context and a host for the site's
 * id: the service is reached as http://localhost, its configured site URL.
 *
 * Where the security page or the code page of the space is not there, a bare page rendering the
 * same part stands in for it (the part, its script and its routes are what is tested here).
 */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const bare = (title: string, body: string) =>
  `<!doctype html>\n<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><link rel="stylesheet" href="${STYLESHEET_PATH}"></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

/** Stand-ins for the security and code pages, for a space that does not serve them yet. */
const standIns = (t: () => TestApp) => (app: FastifyInstance) => {
  // Under the space's path, so the browser sends the space's cookie with them.
  const csrfOf = async (scope: 'pro' | 'admin', header: string | undefined) => {
    const name = scope === 'pro' ? 'ls_pro' : 'ls_admin';
    const token = header
      ?.split(/;\s*/)
      .find((c) => c.startsWith(`${name}=`))
      ?.slice(name.length + 1);
    return (await findSession(t().db, scope, token, new Date()))?.csrfToken ?? '';
  };
  for (const scope of ['pro', 'admin'] as const)
    app.get(`/${scope}/stand-in-security`, async (request, reply) => {
      const csrf = await csrfOf(scope, request.headers.cookie);
      return reply.type('text/html; charset=utf-8').send(bare('Sécurité', String(PasskeyEnrol({ base: `/${scope}`, csrf }))));
    });
  app.get('/admin/stand-in-code', async (request, reply) => {
    const csrf = await csrfOf('admin', request.headers.cookie);
    const part = String(PasskeySecondFactor({ base: '/admin', next: '/admin/agencies' }));
    return reply.type('text/html; charset=utf-8').send(bare('Second facteur', `<input type="hidden" name="_csrf" value="${csrf}">${part}`));
  });
};

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials };
}

/** The space's own page when it serves one with the part, else the stand-in. */
async function openPart(page: Page, url: string, own: string, standIn: string, part: string) {
  const served = await page.goto(`${url}${own}`);
  if (served?.status() === 200 && (await page.locator(`[data-passkey="${part}"]`).count()) > 0) return own;
  await page.goto(`${url}${standIn}`);
  return standIn;
}

test(`[${databaseKind}] in Chromium: enrol a passkey, sign in with it alone; an operator's passkey as the second factor`, async () => {
  const port = await freePort();
  const t = await createTestApp({
    env: { SITE_URL: `http://localhost:${port}`, BASE_URL: `http://localhost:${port}` },
    routes: standIns(() => t),
  });
  const url = `http://localhost:${port}`;
  await t.app.listen({ port, host: 'localhost' });
  const browser = await openBrowser();
  try {
    const { page, console } = await browser.newPage();
    const authenticator = await virtualAuthenticator(page);

    // A pro user, signed in, enrols a passkey.
    const agency = await signUpAgency(t);
    const [name, value] = agency.browser.cookie.split('=') as [string, string];
    await page.context().addCookies([{ name, value, url }]);
    const security = await openPart(page, url, '/pro/account/security', '/pro/stand-in-security', 'enrol');
    await page.waitForSelector('[data-passkey="enrol"]:not([hidden])');
    await page.click('[data-passkey="enrol"] button');
    await waitInPage(page, `document.querySelector('[data-passkey="enrol"] [aria-live]').textContent.length > 0`);
    assert.match(await page.locator('[data-passkey="enrol"] [aria-live]').innerText(), /Donnez d’abord un nom/);
    // The part with its message, on the security page or alone on its stand-in.
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await fitsAndShoot(page, security === '/pro/account/security' ? 'passkey-pro-security-error' : 'passkey-enrol-part-error', width);
    }
    await page.fill('#f-passkey-label', 'Ordinateur du bureau');
    await page.click('[data-passkey="enrol"] button');
    await page.waitForURL(/\/pro\/account\/security$/);
    assert.equal((await authenticator.credentials()).length, 1, 'the authenticator holds the new passkey');
    const { rows } = await t.db.query<{ label: string }>(
      `SELECT label FROM second_factors WHERE kind = 'passkey' AND principal_id = (SELECT id FROM users WHERE email = $1)`,
      [agency.email],
    );
    assert.deepEqual(rows, [{ label: 'Ordinateur du bureau' }]);
    if (security === '/pro/account/security')
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await fitsAndShoot(page, 'passkey-pro-security', width);
      }

    // Signed out, the user signs in with the passkey alone.
    await page.context().clearCookies();
    await page.goto(`${url}/pro/login?next=%2Fpro%2Fapi-keys`);
    await page.waitForSelector('[data-passkey="sign-in"]:not([hidden])');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await fitsAndShoot(page, 'passkey-pro-login', width);
    }
    await page.click('text=Se connecter avec une clé d’accès');
    await page.waitForURL(/\/pro\/api-keys$/);
    assert.match(await page.content(), new RegExp(agency.email.replace(/[.]/g, '\\.')), 'signed in as its owner');

    // An operator enrols a passkey (operators must), signs out, and gives it after the password.
    const operator = await createOperator(t);
    await page.context().clearCookies();
    await page.goto(`${url}/admin/login`);
    await page.fill('#f-email', operator.email);
    await page.fill('#f-password', operator.password);
    await page.click('form[action="/admin/login"] button[type=submit]');
    await page.waitForLoadState();
    await openPart(page, url, '/admin/account/security', '/admin/stand-in-security', 'enrol');
    await page.waitForSelector('[data-passkey="enrol"]:not([hidden])');
    await page.fill('#f-passkey-label', 'Clé du poste');
    await page.click('[data-passkey="enrol"] button');
    await page.waitForURL(/\/admin\/account\/security$/);
    await page.context().clearCookies();
    await page.goto(`${url}/admin/login?next=%2Fadmin%2Fagencies`);
    await page.fill('#f-email', operator.email);
    await page.fill('#f-password', operator.password);
    await page.click('form[action="/admin/login"] button[type=submit]');
    await page.waitForURL(/\/admin\/login\/code/);
    const code = await openPart(page, url, page.url().slice(url.length), '/admin/stand-in-code', 'second-factor');
    await page.waitForSelector('[data-passkey="second-factor"]:not([hidden])');
    if (code !== '/admin/stand-in-code')
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await fitsAndShoot(page, 'passkey-admin-code', width);
      }
    await page.click('[data-passkey="second-factor"] button');
    await page.waitForURL(/\/admin\/agencies$/);
    assert.equal((await page.goto(`${url}/admin`))?.status(), 200, 'the back-office opens');
    assert.deepEqual(
      console.filter((line) => !line.startsWith('log') && !/404|ERR_NAME_NOT_RESOLVED/.test(line)),
      [],
      'no console errors, no CSP refusals',
    );
  } finally {
    await browser.close();
    await t.close();
  }
});
