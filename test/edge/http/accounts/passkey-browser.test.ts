import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { Page } from 'playwright-core';
import { createTestApp } from '../../../helpers/app.js';
import { databaseKind } from '../../../helpers/database.js';
import { openBrowser, waitInPage } from '../../../helpers/browser.js';
import { fitsAndShoot } from '../../../helpers/page-check.js';
import { signUpAgency } from '../../../helpers/pro.js';
import { createOperator } from '../../../helpers/back-office.js';

/**
 * Passkeys in Chromium, through the DevTools protocol's virtual authenticator, on the spaces' own
 * pages: a pro user enrols one on the security page, signs out, and signs in with it alone; an
 * operator without a second factor is held on the security page, enrols a passkey there, and
 * later gives it on the code page after the password. WebAuthn needs a secure context and a host
 * for the site's id: the service is reached as http://localhost, its configured site URL. Each
 * page is checked at 390 and 1280 px (no sideways scrolling, axe-core) and shot into .tmp/shots.
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

/** The page as it is now, at both widths. */
async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await fitsAndShoot(page, name, width);
  }
}

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

test(`[${databaseKind}] in Chromium: enrol a passkey, sign in with it alone; an operator's passkey as the second factor`, async () => {
  const port = await freePort();
  const t = await createTestApp({ env: { SITE_URL: `http://localhost:${port}`, BASE_URL: `http://localhost:${port}` } });
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
    const security = await page.goto(`${url}/pro/account/security`);
    assert.equal(security?.status(), 200);
    assert.equal(await page.locator('h1').innerText(), 'Sécurité du compte');
    await page.waitForSelector('[data-passkey="enrol"]:not([hidden])');
    await page.click('[data-passkey="enrol"] button');
    await waitInPage(page, `document.querySelector('[data-passkey="enrol"] [aria-live]').textContent.length > 0`);
    assert.match(await page.locator('[data-passkey="enrol"] [aria-live]').innerText(), /Donnez d’abord un nom/);
    await shoot(page, 'passkey-pro-security-error');
    await page.fill('#f-passkey-label', 'Ordinateur du bureau');
    await page.click('[data-passkey="enrol"] button');
    await page.waitForURL(/\/pro\/account\/security$/);
    await page.waitForSelector('text=Ordinateur du bureau');
    assert.equal((await authenticator.credentials()).length, 1, 'the authenticator holds the new passkey');
    const { rows } = await t.db.query<{ label: string }>(
      `SELECT label FROM second_factors WHERE kind = 'passkey' AND principal_id = (SELECT id FROM users WHERE email = $1)`,
      [agency.email],
    );
    assert.deepEqual(rows, [{ label: 'Ordinateur du bureau' }]);
    await shoot(page, 'passkey-pro-security');

    // Signed out, the user signs in with the passkey alone.
    await page.context().clearCookies();
    await page.goto(`${url}/pro/login?next=%2Fpro%2Fapi-keys`);
    await page.waitForSelector('[data-passkey="sign-in"]:not([hidden])');
    await shoot(page, 'passkey-pro-login');
    await page.click('text=Se connecter avec une clé d’accès');
    await page.waitForURL(/\/pro\/api-keys$/);
    assert.match(await page.content(), new RegExp(agency.email.replace(/[.]/g, '\\.')), 'signed in as its owner');

    // An operator without a second factor signs in with the password: every page leads to the
    // security page, where a passkey is enrolled; signed out, the operator gives it after the password.
    const operator = await createOperator(t, undefined, { secondFactor: false });
    await page.context().clearCookies();
    await page.goto(`${url}/admin/login`);
    await page.fill('#f-email', operator.email);
    await page.fill('#f-password', operator.password);
    await page.click('form[action="/admin/login"] button[type=submit]');
    await page.waitForURL(/\/admin\/account\/security$/);
    assert.match(await page.locator('.notice[role=status]').innerText(), /Double authentification requise/);
    await page.waitForSelector('[data-passkey="enrol"]:not([hidden])');
    await shoot(page, 'passkey-admin-security-must-enrol');
    await page.fill('#f-passkey-label', 'Clé du poste');
    await page.click('[data-passkey="enrol"] button');
    await page.waitForURL(/\/admin\/account\/security$/);
    await page.waitForSelector('text=Clé du poste');
    assert.equal(
      await page.locator('.notice', { hasText: 'Double authentification requise' }).count(),
      0,
      'enrolled, the operator is no longer held',
    );
    // A passkey enrolled first came with no recovery code: the page says so, and offers them.
    assert.match(await page.locator('.notice[role=status]').innerText(), /Aucun code de secours/);
    assert.equal((await page.goto(`${url}/admin`))?.status(), 200, 'enrolled, the back-office opens');
    await page.context().clearCookies();
    await page.goto(`${url}/admin/login?next=%2Fadmin%2Fagencies`);
    await page.fill('#f-email', operator.email);
    await page.fill('#f-password', operator.password);
    await page.click('form[action="/admin/login"] button[type=submit]');
    await page.waitForURL(/\/admin\/login\/code/);
    assert.equal(await page.locator('h1').innerText(), 'Vérification en deux étapes');
    await page.waitForSelector('[data-passkey="second-factor"]:not([hidden])');
    await shoot(page, 'passkey-admin-code');
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
