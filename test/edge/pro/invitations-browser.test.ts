import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { openBrowser } from '../../helpers/browser.js';
import { fitsAndShoot } from '../../helpers/page-check.js';
import { inviteByMail, mailedLink, signUpAgency } from '../../helpers/pro.js';

/**
 * The pages of addresses and invitations in Debian's Chromium at 1280 and 390 px: the notice of
 * an address to verify (dashboard, keys), the confirmation page of the mailed link, the address
 * change form, the team page with a pending invitation, the invitation page at a fixed address.
 * No sideways scrolling, axe-core finds nothing; screenshots go to .tmp/shots.
 */
test(`[${databaseKind}] in Chromium at 1280 and 390 px: the verification notice, the link's page, the address form, the team page and the invitation page`, async () => {
  const t = await createTestApp();
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await openBrowser();
  try {
    const agency = await signUpAgency(t, 'Agence du Vieux-Port et des Calanques réunies', { verified: false });
    await t.admin('POST', `/agencies/${agency.agencyId}/verify`);
    const invited = await inviteByMail(
      t,
      agency.browser,
      'agent',
      `une-adresse-assez-longue-pour-un-telephone-${Date.now()}@agence-du-vieux-port.example`,
    );
    const verifyLink = await mailedLink(t, agency.email, '/pro/verify/');

    const { page, console } = await browser.newPage();
    await page.context().addCookies([{ name: 'ls_pro', value: agency.browser.cookie.split('=')[1]!, url }]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${url}/pro`);
      assert.ok(await page.locator('form[action="/pro/account/verify"] button').isVisible(), '« Renvoyer le lien » on the dashboard');
      await fitsAndShoot(page, 'pro-address-notice-dashboard', width);
      await page.goto(`${url}/pro/api-keys`);
      assert.match(await page.locator('#h-env').innerText(), /Confirmez d’abord votre adresse e-mail/);
      await fitsAndShoot(page, 'pro-address-notice-keys', width);
      await page.goto(`${url}/pro/account/email`);
      await fitsAndShoot(page, 'pro-address-change', width);
      await page.goto(`${url}/pro/team`);
      assert.ok(await page.getByText(invited.email).isVisible(), 'the pending invitation is listed');
      await fitsAndShoot(page, 'pro-team-invitations', width);
    }
    // A refused invitation keeps what was typed, with the message by the field.
    await page.fill('form[action="/pro/team/invitations"] #f-email', agency.email);
    await page.click('form[action="/pro/team/invitations"] button[type=submit]');
    assert.match(await page.locator('#e-email').innerText(), /déjà un compte/);
    await fitsAndShoot(page, 'pro-team-invitation-refused', 390);

    // The mailed links, opened in another browser (no session).
    const { page: elsewhere } = await browser.newPage();
    await elsewhere.context().clearCookies();
    for (const width of [1280, 390]) {
      await elsewhere.setViewportSize({ width, height: 900 });
      await elsewhere.goto(`${url}${invited.link}`);
      assert.match(await elsewhere.locator('main').innerText(), /à l’adresse une-adresse-assez-longue/);
      await fitsAndShoot(elsewhere, 'pro-invitation-fixed-address', width);
      await elsewhere.goto(`${url}${verifyLink}`);
      await fitsAndShoot(elsewhere, 'pro-verify-link', width);
    }
    await elsewhere.click('form button[type=submit]');
    await elsewhere.waitForSelector('text=Adresse confirmée');
    await fitsAndShoot(elsewhere, 'pro-verify-done', 390);
    await page.goto(`${url}/pro`);
    assert.equal(await page.locator('form[action="/pro/account/verify"]').count(), 0, 'the notice is gone');
    // The refused invitation's 409 is the one message Chromium logs.
    assert.deepEqual(
      console.filter((line) => !line.includes('status of 409')),
      [],
    );
  } finally {
    await browser.close();
    await t.close();
  }
});
