import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { openBrowser } from '../../helpers/browser.js';
import { signUpAgency } from '../../helpers/pro.js';
import { signIn } from '../../helpers/back-office.js';
import { v1Body } from '../../helpers/v1.js';
import { fitsAndShoot } from '../../helpers/page-check.js';

/**
 * An agency's first week in Debian's Chromium, at a desktop's width (1280 px) and a phone's
 * (390 px): the key list shows each key's quota and "Révoquer…" without sideways scrolling,
 * the listings say each one's status, a refused webhook URL comes back with its French message
 * by the field; axe-core finds nothing. Screenshots go to .tmp/shots, to be looked at.
 */
/** Whether the element is wholly inside the viewport's width, not pushed off to a scrolled side. */
async function inView(page: Page, selector: string, width: number): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

test(`[${databaseKind}] in Chromium at 1280 and 390 px: the key list, the listings and a refused webhook URL read whole`, async () => {
  const t = await createTestApp();
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await openBrowser();
  try {
    const agency = await signUpAgency(t, 'Agence de la Croix-Rousse');
    const operator = await signIn(t);
    assert.equal((await operator.post(`/admin/agencies/${agency.agencyId}/verify`)).statusCode, 303);
    await agency.browser.post('/pro/api-keys', { name: 'Logiciel de transaction, serveur de nuit', env: 'test' });
    const live = (await t.admin('POST', `/agencies/${agency.agencyId}/keys`, { env: 'live', name: 'Passerelle portail' })).json()
      .key as string;
    const rent = { type: 'rental', price: 950, charges: 80, fees: null };
    const push = async (externalId: string, title: string, overrides: Record<string, unknown> = {}) =>
      (await t.call('POST', '/v1/listings', live, v1Body(externalId, { title, ...overrides }))).json().serviceId as string;
    await push('CR-1', 'Appartement canut avec vue sur Lyon');
    await push('CR-2', 'T2 meublé près des pentes', rent);
    const rented = await push('CR-3', 'Studio rue d’Austerlitz', rent);
    await push('CR-4', 'Maison en viager à Caluire', { type: 'life_annuity_sale', price: 150000 });
    await push('CR-5', 'Loft sans diagnostic', { dpe: null, ges: null });
    await t.call('PATCH', `/v1/listings/${rented}/status`, live, { status: 'rented' });

    const { page, console } = await browser.newPage();
    await page.context().addCookies([{ name: 'ls_pro', value: agency.browser.cookie.split('=')[1]!, url }]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });

      await page.goto(`${url}/pro/api-keys`);
      const row = 'table.stacked tbody tr:has-text("Logiciel de transaction")';
      assert.ok(await inView(page, `${row} td:nth-child(5)`, width), `the quota shows at ${width} px`);
      assert.ok(await inView(page, `${row} a:has-text("Révoquer…")`, width), `"Révoquer…" shows at ${width} px`);
      assert.match(await page.locator(`${row} td:nth-child(5)`).innerText(), /0 \/ 1\s000/);
      await fitsAndShoot(page, 'pro-keys', width);

      await page.goto(`${url}/pro/listings`);
      const statuses = await page.locator('table.list tbody tr td:nth-child(3)').allInnerTexts();
      assert.deepEqual([...statuses].sort(), ['en vente', 'en vente', 'en viager', 'loué', 'à louer']);
      assert.ok(await page.locator('.badge:has-text("DPE manquant")').first().isVisible());
      assert.ok(await inView(page, 'table.list tbody tr td:nth-child(4)', width), `the last change shows at ${width} px`);
      await fitsAndShoot(page, 'pro-listings', width);

      await page.goto(`${url}/pro/webhooks`);
      await page.fill('#f-url', 'https://[::127.0.0.1]:8443/hook');
      await page.fill('#f-description', 'CRM de l’agence');
      await page.check('input[name=env][value=test]');
      await page.check('input[name=events][value="lead.received"]');
      await page.click('form[action="/pro/webhooks"] button[type=submit]');
      await page.waitForSelector('#e-url');
      assert.match(await page.locator('#e-url').innerText(), /Cette adresse désigne une machine locale ou un réseau privé/);
      assert.equal(await page.inputValue('#f-url'), 'https://[::127.0.0.1]:8443/hook');
      assert.equal(await page.inputValue('#f-description'), 'CRM de l’agence');
      assert.ok(await page.isChecked('input[name=env][value=test]'));
      assert.ok(await page.isChecked('input[name=events][value="lead.received"]'));
      assert.ok(await inView(page, '#e-url', width));
      await page.locator('#f-url').scrollIntoViewIfNeeded();
      await fitsAndShoot(page, 'pro-webhook-error', width);
    }
    assert.deepEqual(
      console.filter((line) => !line.startsWith('log') && !/status of 400/.test(line)), // the refused form answers 400,
      [],
      'no console errors, no CSP refusals',
    );
  } finally {
    await browser.close();
    await t.close();
  }
});
