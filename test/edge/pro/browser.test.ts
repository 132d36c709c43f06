import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { openBrowser } from '../../helpers/browser.js';
import { publicListing } from '../../helpers/site.js';
import { mailedLink } from '../../helpers/pro.js';

/**
 * The pro space in Debian's Chromium: sign up → generate a key (shown once, then masked) →
 * call the API with it → the call shows in the logs and the stats → revoke → the key is
 * refused; an agent cannot open the key page; a lead sent from the public site shows in
 * /pro/leads (the address of mails sent before the inbox, moved to /pro/contacts). Screenshots go to .tmp/browser.
 */
test(`[${databaseKind}] in Chromium: an agency signs up, manages a key, sees its calls, and reads a lead`, async () => {
  const t = await createTestApp();
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await openBrowser();
  try {
    const { page, console } = await browser.newPage();
    await page.goto(`${url}/pro/signup`);
    await page.fill('#f-agencyName', 'Agence Bellecour');
    await page.fill('#f-siren', '732 829 320');
    const email = `browser-${Date.now()}@agence.example`;
    await page.fill('#f-email', email);
    await page.fill('#f-password', 'un long mot de passe');
    await browser.screenshot(page, 'pro-signup');
    await page.click('button[type=submit]');
    await page.waitForSelector('#new-key');

    await page.goto(`${url}/pro/api-keys`);
    await page.fill('#f-name', 'Logiciel de transaction');
    await page.click('form[action="/pro/api-keys"] button[type=submit]');
    await page.waitForSelector('#new-key');
    const key = await page.inputValue('#new-key');
    assert.match(key, /^svc_pk_TEST_/);
    assert.ok(await page.locator('button[data-copy]').isVisible(), 'the copy button appears with script');
    await browser.screenshot(page, 'pro-key-created');

    assert.equal((await fetch(`${url}/sandbox/v1/me`, { headers: { authorization: `Bearer ${key}` } })).status, 200);
    await t.services.requestLog.flush();
    await page.goto(`${url}/pro/api-keys`);
    const html = await page.content();
    assert.ok(!html.includes(key), 'masked from now on');
    assert.match(html, /GET \/sandbox\/v1\/me/);
    await browser.screenshot(page, 'pro-api-keys');
    // On a phone the wide tables scroll inside their own box; the page itself never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/pro/api-keys', '/pro/listings', '/pro']) {
      await page.goto(`${url}${path}`);
      assert.equal(
        await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'),
        0,
        `${path} fits a phone's width`,
      );
    }
    // The calls read whole on a phone, each a block of labelled lines, not a table cut at the screen's edge.
    await page.goto(`${url}/pro/api-keys`);
    const calls = page.locator('table.calls');
    const box = (await calls.boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `the calls fit the phone (${box.x} + ${box.width} px)`);
    const label = await calls
      .locator('tbody td')
      .first()
      .evaluate(
        (cell) =>
          (globalThis as unknown as { getComputedStyle(e: unknown, p: string): { content: string } }).getComputedStyle(cell, '::before')
            .content,
      );
    assert.equal(label, '"Heure"', 'each line says what it is');
    await browser.screenshot(page, 'pro-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${url}/pro/api-keys`);

    await page.click('a[aria-label="Révoquer la clé Logiciel de transaction"]');
    await page.click('button.secondary');
    await page.waitForURL(/fait=revoquee/);
    assert.equal((await fetch(`${url}/sandbox/v1/me`, { headers: { authorization: `Bearer ${key}` } })).status, 401);

    // An agent, invited by the admin, is kept out of the key page.
    await page.goto(`${url}/pro/team`);
    await page.fill('form[action="/pro/team/invitations"] #f-email', `agent-${email}`);
    await page.click('form[action="/pro/team/invitations"] button');
    await page.waitForURL(/fait=invitee/);
    // The link goes to the colleague's mailbox only.
    const link = await mailedLink(t, `agent-${email}`, '/pro/invitation/');
    const { page: agentPage } = await browser.newPage();
    await agentPage.context().clearCookies();
    await agentPage.goto(`${url}${link}`);
    await agentPage.fill('#f-password', 'mot de passe agent');
    await agentPage.click('button[type=submit]');
    await agentPage.waitForURL(/\/pro$/);
    const refused = await agentPage.goto(`${url}/pro/api-keys`);
    assert.equal(refused?.status(), 403);

    // A lead sent from the public site.
    const { rows } = await t.db.query<{ agency_id: string }>('SELECT agency_id FROM users WHERE email = $1', [email]);
    await t.admin('POST', `/agencies/${rows[0]!.agency_id}/verify`);
    const live = (await t.admin('POST', `/agencies/${rows[0]!.agency_id}/keys`, { env: 'live' })).json().key as string;
    const serviceId = await publicListing(t, live, 'BROWSER-LEAD');
    const { page: visitor } = await browser.newPage();
    await visitor.goto(`${url}/listings/${serviceId}`);
    await visitor.fill('#f-name', 'Camille Martin');
    await visitor.fill('#f-email', 'camille@example.org');
    await visitor.fill('#f-message', 'Bonjour, le bien est-il toujours disponible ?');
    await visitor.click('form[action$="/contact"] button[type=submit]');
    await visitor.waitForSelector('text=Message envoyé');
    await agentPage.goto(`${url}/pro/leads`);
    assert.match(await agentPage.content(), /Camille Martin/);
    await browser.screenshot(agentPage, 'pro-leads');
    assert.deepEqual(
      console.filter((line) => !line.startsWith('log') && !/ERR_NAME_NOT_RESOLVED|403/.test(line)),
      [],
      'no console errors, no CSP refusals',
    );
  } finally {
    await browser.close();
    await t.close();
  }
});
