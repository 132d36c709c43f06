import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { openBrowser } from '../../helpers/browser.js';
import { createOperator, typeOperatorCode } from '../../helpers/back-office.js';
import { v1Body } from '../../helpers/v1.js';
import { createSession } from '../../../src/domain/sessions/session-store.js';

/**
 * The back-office in Debian's Chromium, as an operator uses it: sign in, verify an agency,
 * approve and reject queued listings (the public site follows), change a plan. A pro
 * session opens nothing here. Screenshots go to .tmp/browser.
 */
test(`[${databaseKind}] in Chromium: an operator verifies, moderates and changes a plan`, async () => {
  const t = await createTestApp();
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await openBrowser();
  try {
    const operator = await createOperator(t);
    const waiting = (
      await t.admin('POST', '/agencies', { name: 'Agence du Parc', plan: 'solo', siren: '732829320', verified: false })
    ).json().agencyId as string;
    const agency = (await t.admin('POST', '/agencies', { name: 'Immo Croix-Rousse', plan: 'solo', verified: true })).json();
    const flagged = async (externalId: string, title: string) =>
      (await t.call('POST', '/v1/listings', agency.keys.live, v1Body(externalId, { title, dpe: null, ges: null }))).json()
        .serviceId as string;
    const toApprove = await flagged('BRW-1', 'Maison avec jardin à approuver');
    const toReject = await flagged('BRW-2', 'Studio à refuser');

    const { page, console } = await browser.newPage();
    await page.goto(`${url}/admin/moderation`);
    assert.match(page.url(), /\/admin\/login\?next=%2Fadmin%2Fmoderation$/);
    await page.fill('#f-email', operator.email);
    await page.fill('#f-password', operator.password);
    await browser.screenshot(page, 'admin-login');
    await page.click('button[type=submit]');
    await typeOperatorCode(t, page, operator.email);
    await page.waitForURL(/\/admin\/moderation$/);

    // Verification.
    await page.click('nav.admin-nav >> text=Vérifications');
    await browser.screenshot(page, 'admin-verifications');
    await page.locator(`form[action="/admin/agencies/${waiting}/verify"] button`).click();
    await page.waitForURL(/fait=verifiee/);
    assert.match(await page.locator('[role=status]').innerText(), /Agence vérifiée/);
    assert.equal((await t.admin('GET', `/agencies/${waiting}`)).json().verified, true);

    // Moderation: the queue, the review page, a decision by access key, then a refusal.
    await page.goto(`${url}/admin/moderation`);
    await browser.screenshot(page, 'admin-queue');
    await page.goto(`${url}/admin/moderation/${toApprove}`);
    await browser.screenshot(page, 'admin-review');
    await page.click('button[value=approve]');
    await page.waitForURL((u) => !u.pathname.endsWith(toApprove));
    const published = await page.context().request.get(`${url}/listings/${toApprove}`);
    assert.equal(published.status(), 200, 'the public site shows the approved listing');

    await page.goto(`${url}/admin/moderation/${toReject}`);
    await page.selectOption('#f-reasonChoice', { index: 1 });
    await page.click('button[value=reject]');
    await page.waitForURL((u) => !u.pathname.endsWith(toReject));
    assert.equal((await page.context().request.get(`${url}/listings/${toReject}`)).status(), 404);
    assert.equal((await t.call('GET', `/v1/listings/${toReject}`, agency.keys.live)).json().moderation.state, 'rejected');

    // Plan change from the agency page, found by searching.
    await page.goto(`${url}/admin/agencies`);
    await page.fill('#f-q', 'croix-rousse');
    await page.press('#f-q', 'Enter');
    await page.click(`a[href="/admin/agencies/${agency.agencyId}"]`);
    await page.selectOption('#f-plan', 'reseau');
    await page.click('form[action$="/plan"] button');
    await page.waitForURL(/fait=plan/);
    await browser.screenshot(page, 'admin-agency');
    assert.equal((await t.call('GET', '/v1/me', agency.keys.live)).json().agency.plan, 'reseau');
    // The sample photos' host (images.example.com) does not resolve: the only errors allowed.
    assert.deepEqual(
      console.filter((line) => !line.startsWith('log') && !/ERR_NAME_NOT_RESOLVED/.test(line)),
      [],
      'no console errors, no CSP refusals',
    );

    // A pro session, whatever cookie it is sent in, does not open the back-office.
    const pro = await createSession(t.db, 'pro', 'usr_browser', new Date(), 3_600_000);
    const { page: proPage } = await browser.newPage();
    await proPage.context().clearCookies();
    await proPage.context().addCookies([
      { name: 'ls_pro', value: pro.token, url },
      { name: 'ls_admin', value: pro.token, url },
    ]);
    await proPage.goto(`${url}/admin`);
    assert.match(proPage.url(), /\/admin\/login/);
  } finally {
    await browser.close();
    await t.close();
  }
});
