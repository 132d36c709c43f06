import { test } from 'node:test';
import type { Page } from 'playwright-core';
import assert from 'node:assert/strict';
import { createTestApp } from '../../helpers/app.js';
import { databaseKind, isolatedTestDatabase } from '../../helpers/database.js';
import { assertNoScriptErrors, openBrowser, PHONE_AND_DESKTOP } from '../../helpers/browser.js';
import { fitsAndShoot } from '../../helpers/page-check.js';
import { Receiver } from '../../helpers/receiver.js';

/** Signs an agency up on the Pro Agence plan through the form; the page is then in its pro space. */
async function signUp(page: Page, url: string, agencyName: string): Promise<void> {
  await page.goto(`${url}/pro/signup`);
  await page.fill('#f-agencyName', agencyName);
  await page.fill('#f-siren', '732 829 320');
  await page.fill('#f-email', `hooks-${Date.now()}-${agencyName.length}@agence.example`);
  await page.fill('#f-password', 'un long mot de passe');
  await page.selectOption('#f-plan', 'agence');
  await page.click('button[type=submit]');
  await page.waitForSelector('#new-key');
}

/**
 * /pro/webhooks in Debian's Chromium: an admin adds an endpoint (the secret shown once), sends
 * a test message that reaches a local receiver, and reads it in the delivery log. Screenshots
 * go to .tmp/browser.
 */
test(`[${databaseKind}] in Chromium: an agency adds a webhook endpoint, tests it and reads the delivery log`, async () => {
  const receiver = await new Receiver().start();
  // Its dispatcher must deliver this test's endpoint only: a database of its own.
  const database = await isolatedTestDatabase();
  const t = await createTestApp({ db: database.db, env: { WEBHOOK_DELIVERY: '1', WEBHOOK_ALLOW_PRIVATE: '1' } });
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await openBrowser();
  try {
    const { page, console } = await browser.newPage();
    await signUp(page, url, 'Agence du Port');

    await page.goto(`${url}/pro/webhooks`);
    await page.fill('#f-url', receiver.url('/crm'));
    await page.fill('#f-description', 'Logiciel de transaction');
    await page.check('input[name=env][value=test]');
    await page.check('input[name=events][value="listing.published"]');
    await browser.screenshot(page, 'pro-webhooks-form');
    await page.click('form[action="/pro/webhooks"] button[type=submit]');
    await page.waitForSelector('#secret');
    assert.match(await page.inputValue('#secret'), /^whsec_/);
    await browser.screenshot(page, 'pro-webhook-secret');

    await page.click('text=Voir le point de réception');
    await page.click('text=Envoyer un message de test');
    await page.waitForURL(/fait=test/);
    await receiver.waitFor('/crm', 1);
    await t.services.webhooks!.drain();
    await page.reload();
    const html = await page.content();
    assert.match(html, /message de test · livrée/);
    assert.match(html, /HTTP 200/);
    await browser.screenshot(page, 'pro-webhook-log');
    assert.deepEqual(console, []);
  } finally {
    await browser.close();
    await t.close();
    await database.close();
    await receiver.close();
  }
});

test(`[${databaseKind}] in Chromium at 390 and 1280 px: a local receiver's address is refused with the setting that admits it, and the page fits`, async () => {
  // A service started as `npm start` starts it: local addresses refused.
  const t = await createTestApp({});
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await openBrowser();
  try {
    const { page, console } = await browser.newPage();
    await signUp(page, url, 'Agence du Quai');
    for (const [width, height] of PHONE_AND_DESKTOP) {
      await page.setViewportSize({ width, height });
      await page.goto(`${url}/pro/webhooks`);
      await page.fill('#f-url', 'http://localhost:3000/crm');
      await page.check('input[name=env][value=test]');
      await page.check('input[name=events][value="listing.published"]');
      await page.click('form[action="/pro/webhooks"] button[type=submit]');
      await page.waitForSelector('#e-url');
      assert.match(await page.locator('#e-url').innerText(), /WEBHOOK_ALLOW_PRIVATE=1/);
      await fitsAndShoot(page, 'pro-webhook-local-refused', width);
    }
    // The refused form answers 400, which Chromium notes; anything else is a fault.
    assertNoScriptErrors(console.filter((line) => !line.includes('status of 400')));
  } finally {
    await browser.close();
    await t.close();
  }
});
