import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createTestApp } from '../../../helpers/app.js';
import { databaseKind } from '../../../helpers/database.js';
import { openBrowser } from '../../../helpers/browser.js';
import { fitsAndShoot } from '../../../helpers/page-check.js';
import { signUpAgency } from '../../../helpers/pro.js';
import { createOperator, typeOperatorCode } from '../../../helpers/back-office.js';
import { issueLink } from '../../../../src/domain/credentials/one-time-links.js';
import { SAFARI_IPHONE, signInAs } from './sessions-setup.js';

/**
 * The sessions page of both spaces, the new-device link's page and the agency's activity page in
 * Debian's Chromium at a phone's width (390 px) and a desktop's (1280 px): no sideways scrolling,
 * axe-core finds nothing, no script; a session is ended with its button. Screenshots go to .tmp/shots.
 */
test(`[${databaseKind}] in Chromium at 1280 and 390 px: the sessions pages, the end-session link's page, the activity page`, async () => {
  const t = await createTestApp();
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await openBrowser();
  try {
    const agency = await signUpAgency(t);
    const phone = await signInAs(t, 'pro', agency, { userAgent: SAFARI_IPHONE, address: '198.51.100.23' });
    const { page, console } = await browser.newPage();
    const signIn = async (space: 'pro' | 'admin', who: { email: string; password: string }) => {
      await page.goto(`${url}/${space}/login?next=/${space}/account/sessions`);
      await page.fill('#f-email', who.email);
      await page.fill('#f-password', who.password);
      await page.click('main form button[type=submit]');
      // An operator has an authenticator app: the code page comes between the password and the page asked for.
      if (space === 'admin') await typeOperatorCode(t, page, who.email);
      await page.waitForURL(new RegExp(`/${space}/account/sessions$`));
    };
    const check = async (target: Page, name: string) => {
      for (const width of [1280, 390]) {
        await target.setViewportSize({ width, height: 900 });
        assert.equal(await target.evaluate<number>('document.scripts.length'), 0, target.url());
        await fitsAndShoot(target, name, width);
      }
    };

    await signIn('pro', agency);
    assert.match(await page.locator('main').innerText(), /Chrome sur Linux\s+cette session/);
    assert.match(await page.locator('main').innerText(), /réseau 198\.51\.100\.0\/24/);
    await check(page, 'pro-sessions');
    await page.setViewportSize({ width: 390, height: 900 });
    await page.click('button[aria-label^="Terminer la session Safari sur iOS"]');
    await page.waitForURL(/fait=terminee/);
    assert.match(await page.locator('[role=status]').innerText(), /La session a été terminée/);
    assert.equal((await phone.browser.get('/pro')).statusCode, 303, 'its cookie now gets the sign-in page');
    await check(page, 'pro-sessions-ended');

    await page.goto(`${url}/pro/activity`);
    assert.match(await page.locator('main').innerText(), /Session terminée/);
    await check(page, 'pro-activity');

    const { rows } = await t.db.query<{ id: string; principal_id: string }>(
      'SELECT s.id, s.principal_id FROM sessions s JOIN users u ON u.id = s.principal_id WHERE u.email = $1 ORDER BY s.id LIMIT 1',
      [agency.email],
    );
    const token = await issueLink(t.db, { scope: 'pro', id: rows[0]!.principal_id }, 'end_session', new Date(), rows[0]!.id);
    // The link's page signed in (the HTTP tests open it signed out); the session it names is this browser's or the other's.
    const linkPage = (await browser.newPage()).page;
    await linkPage.goto(`${url}/pro/sessions/end/${token}`);
    await check(linkPage, 'session-end-link');
    await linkPage.click('main form button[type=submit]');
    assert.match(await linkPage.locator('main').innerText(), /Session terminée/);
    await check(linkPage, 'session-end-done');

    const operator = await createOperator(t);
    await page.context().clearCookies();
    await signIn('admin', operator);
    await check(page, 'admin-sessions');
    assert.deepEqual(console, []);
  } finally {
    await browser.close();
    await t.close();
  }
});
