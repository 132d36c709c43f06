import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../../helpers/app.js';
import { databaseKind } from '../../../helpers/database.js';
import { openBrowser } from '../../../helpers/browser.js';
import { fitsAndShoot } from '../../../helpers/page-check.js';
import { signUpAgency } from '../../../helpers/pro.js';
import { issueLink } from '../../../../src/domain/credentials/one-time-links.js';
import { findAccountByEmail } from '../../../../src/domain/account-security/directory.js';
import { auditActions, strongPassword } from './password-forms.js';
import { waitFor } from '../../../helpers/cluster.js';

/**
 * The password pages in Debian's Chromium at 1280 and 390 px, as a user goes through them:
 * « Mot de passe oublié » (the form, a refused address, the answer), the reset link's page (a
 * weak password refused, then the sign-in form once changed), a dead link, the change page on the
 * account, the account page's security links, and the back-office's forgotten-password page.
 * Nothing runs off the page, axe-core finds nothing; screenshots go to .tmp/shots.
 */
test(`[${databaseKind}] in Chromium at 1280 and 390 px: the password pages of both spaces`, async () => {
  // The ask's job runs (here or, on a shared PostgreSQL database, in another file's process)
  // before the test issues its own link: a reset job run later would kill that link mid-page.
  const t = await createTestApp({ env: { WORKER: '1' } });
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await openBrowser();
  try {
    const user = await signUpAgency(t);
    const account = (await findAccountByEmail(t.db, 'pro', user.email))!;
    const { page, console } = await browser.newPage();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${url}/pro/login`);
      await page.click('text=Mot de passe oublié ?');
      await page.waitForURL(/\/pro\/password\/forgot$/);
      await fitsAndShoot(page, 'password-forgot', width);
      await page.fill('#f-email', 'pas une adresse');
      await page.click('form button[type=submit]');
      assert.match(await page.locator('#erreurs').innerText(), /adresse e-mail valide/);
      await fitsAndShoot(page, 'password-forgot-refused', width);
      await page.fill('#f-email', user.email);
      await page.click('form button[type=submit]');
      assert.match(await page.locator('[role=status]').innerText(), /Si un compte existe/);
      await fitsAndShoot(page, 'password-forgot-sent', width);
      const asks = width === 1280 ? 1 : 2;
      await waitFor('the reset ask handled', async () => {
        const actions = await auditActions(t, account.id);
        return actions.filter((action) => action === 'account.password_reset_asked').length >= asks;
      });

      const token = await issueLink(t.db, account, 'reset', new Date());
      await page.goto(`${url}/pro/password/reset/${token}`);
      await fitsAndShoot(page, 'password-reset', width);
      await page.fill('#f-password', 'azertyuiop123');
      await page.fill('#f-confirmation', 'azertyuiop123');
      await page.click('form button[type=submit]');
      assert.match(await page.locator('#e-password').innerText(), /trop facile à deviner/);
      await fitsAndShoot(page, 'password-reset-weak', width);
      user.password = strongPassword();
      await page.fill('#f-password', user.password);
      await page.fill('#f-confirmation', user.password);
      await page.click('form button[type=submit]');
      assert.match(await page.locator('[role=status]').innerText(), /Votre mot de passe a été changé/);
      await fitsAndShoot(page, 'password-reset-done', width);
      await page.goto(`${url}/pro/password/reset/${token}`);
      assert.match(await page.locator('h1').innerText(), /Lien expiré ou déjà utilisé/);
      await fitsAndShoot(page, 'password-reset-dead', width);

      await page.goto(`${url}/pro/login`);
      await page.fill('#f-email', user.email);
      await page.fill('#f-password', user.password);
      await page.click('form button[type=submit]');
      await page.waitForURL(/\/pro$/);
      await page.goto(`${url}/pro/account`);
      assert.match(await page.locator('#securite + ul').innerText(), /Changer de mot de passe/);
      await fitsAndShoot(page, 'password-account-links', width);
      await page.click('text=Changer de mot de passe');
      await page.waitForURL(/\/pro\/account\/password$/);
      await page.fill('#f-current', 'pas le bon du tout');
      await page.fill('#f-password', strongPassword());
      await page.fill('#f-confirmation', 'autre chose encore');
      await page.click('form[action="/pro/account/password"] button');
      assert.match(await page.locator('#erreurs').innerText(), /diffèrent/);
      await fitsAndShoot(page, 'password-change-refused', width);
      const next = strongPassword();
      await page.fill('#f-current', user.password);
      await page.fill('#f-password', next);
      await page.fill('#f-confirmation', next);
      await page.click('form[action="/pro/account/password"] button');
      await page.waitForURL(/fait=mot-de-passe/);
      assert.match(await page.locator('[role=status]').innerText(), /Mot de passe changé/);
      await fitsAndShoot(page, 'password-change-done', width);
      user.password = next;
      await page.context().clearCookies();

      await page.goto(`${url}/admin/password/forgot`);
      await fitsAndShoot(page, 'password-forgot-admin', width);
    }
    // The refusals the test asks for are 4xx answers, which the console notes; nothing else may show.
    const expected = /^(log|verbose): |^error: Failed to load resource: the server responded with a status of 40[034]/;
    assert.deepEqual(
      console.filter((line) => !expected.test(line)),
      [],
    );
  } finally {
    await browser.close();
    await t.close();
  }
});
