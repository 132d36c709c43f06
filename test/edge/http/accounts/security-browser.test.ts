import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../../helpers/app.js';
import { databaseKind } from '../../../helpers/database.js';
import { openBrowser } from '../../../helpers/browser.js';
import { codeAtStep, createOperator, stepAt } from '../../../helpers/back-office.js';
import { fitsAndShoot } from '../../../helpers/page-check.js';
import { signUpAgency } from '../../../helpers/pro.js';

/**
 * The second-factor pages in Debian's Chromium at 1280 and 390 px, without script: the security
 * page, the QR code page, the recovery codes, the code page and its recovery variant, and an
 * operator's forced enrolment. Each fits its width; axe-core finds nothing. Screenshots go to .tmp/shots.
 */
test(`[${databaseKind}] in Chromium at 1280 and 390 px: adding an app, its recovery codes, then signing in with its code`, async () => {
  const t = await createTestApp();
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await openBrowser();
  const widths = [1280, 390];
  try {
    const agency = await signUpAgency(t, 'Agence de la Guillotière');
    const { page, console } = await browser.newPage();
    await page.context().addCookies([{ name: 'ls_pro', value: agency.browser.cookie.split('=')[1]!, url }]);
    await page.goto(`${url}/pro/account/security`);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await fitsAndShoot(page, 'account-security', width);
    }
    await page.click('form[action$="/account/security/app"] button');
    await page.waitForURL(/\/account\/security\/app$/);
    assert.equal(await page.locator('[role=img] svg').count(), 1, 'the QR code');
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      const box = (await page.locator('[role=img] svg').boundingBox())!;
      assert.ok(box.width >= 150 && box.x + box.width <= width, `the QR code is whole at ${width} px`);
      await fitsAndShoot(page, 'account-security-app', width);
    }
    const secret = (await page.locator('code.secret').innerText()).replace(/\s/g, '');
    const enrolStep = stepAt(new Date());
    await page.fill('#f-code', codeAtStep(secret, enrolStep));
    await page.fill('#f-label', 'Téléphone de Claire');
    await page.click('form[action$="/app/confirm"] button');
    await page.waitForSelector('text=Vos codes de secours');
    assert.equal(await page.locator('ul.places code').count(), 10);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await fitsAndShoot(page, 'account-recovery-codes', width);
    }
    await page.click('text=J’ai noté mes codes');
    assert.match(await page.locator('main').innerText(), /Téléphone de Claire/);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await fitsAndShoot(page, 'account-security-factors', width);
    }

    const signingIn = (await browser.newPage()).page;
    await signingIn.goto(`${url}/pro/login`);
    await signingIn.fill('#f-email', agency.email);
    await signingIn.fill('#f-password', agency.password);
    await signingIn.click('form[action="/pro/login"] button[type=submit]');
    await signingIn.waitForURL(/\/pro\/login\/code/);
    for (const width of widths) {
      await signingIn.setViewportSize({ width, height: 900 });
      await fitsAndShoot(signingIn, 'account-code', width);
    }
    await signingIn.click('text=Utiliser un code de secours');
    await signingIn.waitForURL(/secours=1/);
    for (const width of widths) {
      await signingIn.setViewportSize({ width, height: 900 });
      await fitsAndShoot(signingIn, 'account-code-recovery', width);
    }
    await signingIn.click('text=Utiliser l’application d’authentification');
    await signingIn.fill('#f-code', codeAtStep(secret, enrolStep + 1));
    await signingIn.click('form[action="/pro/login/code"] button[type=submit]');
    await signingIn.waitForURL(/\/pro$/);

    const operator = await createOperator(t, 'mot de passe opérateur', { secondFactor: false });
    await signingIn.goto(`${url}/admin/login`);
    await signingIn.fill('#f-email', operator.email);
    await signingIn.fill('#f-password', operator.password);
    await signingIn.click('button[type=submit]');
    await signingIn.goto(`${url}/admin/agencies`);
    await signingIn.waitForURL(/\/admin\/account\/security$/);
    assert.match(await signingIn.locator('main').innerText(), /Double authentification requise/);
    for (const width of widths) {
      await signingIn.setViewportSize({ width, height: 900 });
      await fitsAndShoot(signingIn, 'admin-security-enrol', width);
    }
    assert.deepEqual(
      console.filter((line) => !line.startsWith('log')),
      [],
    );
  } finally {
    await browser.close();
    await t.close();
  }
});
