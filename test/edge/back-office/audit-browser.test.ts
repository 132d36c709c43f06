import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../helpers/app.js';
import { databaseKind, isolatedTestDatabase } from '../../helpers/database.js';
import { openBrowser } from '../../helpers/browser.js';
import { createOperator, typeOperatorCode } from '../../helpers/back-office.js';
import { fitsAndShoot } from '../../helpers/page-check.js';

/**
 * The audit log in Debian's Chromium at 1280 and 390 px: each action by the operator's e-mail,
 * its before and after as wrapped lines that never run off the page; axe-core finds nothing.
 * Screenshots go to .tmp/shots.
 */
test(`[${databaseKind}] in Chromium at 1280 and 390 px: the audit log reads whole, by e-mail, in lines`, async () => {
  // The audit log is global: on the shared PostgreSQL another file's latest action would come first.
  const isolated = await isolatedTestDatabase();
  const t = await createTestApp({ db: isolated.db });
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await openBrowser();
  try {
    const operator = await createOperator(t);
    const agency = await t.agency({ plan: 'solo', name: 'Agence des Terreaux' });
    const { page, console } = await browser.newPage();
    await page.goto(`${url}/admin/login`);
    await page.fill('#f-email', operator.email);
    await page.fill('#f-password', operator.password);
    await page.click('button[type=submit]');
    await typeOperatorCode(t, page, operator.email);
    await page.waitForURL(/\/admin$/);
    await page.goto(`${url}/admin/agencies/${agency.agencyId}`);
    await page.selectOption('#f-plan', 'reseau');
    await page.click('form[action$="/plan"] button');
    await page.waitForURL(/fait=plan/);
    await page.fill('#f-suspend', 'Relances restées sans réponse depuis trois mois, contrat de mandat à renouveler avant toute reprise');
    await page.click('form[action$="/suspend"] button');
    await page.waitForURL(/fait=suspendue/);

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${url}/admin/audit`);
      const latest = page.locator('ol.audit > li').first();
      assert.match(await latest.innerText(), /Suspension de l’agence/);
      assert.match(await latest.innerText(), new RegExp(`par ${operator.email.replace(/[.]/g, '\\.')}`));
      assert.doesNotMatch(await latest.innerText(), /opr_|[{}]/);
      const reason = latest.locator('dd', { hasText: 'Relances' });
      const box = (await reason.boundingBox())!;
      assert.ok(box.x + box.width <= width, `the reason wraps inside ${width} px`);
      await fitsAndShoot(page, 'admin-audit', width);

      // A refused filter: the rule in French on the page, readable at this width.
      const refused = await page.goto(`${url}/admin/audit?type=planete`);
      assert.equal(refused?.status(), 400);
      assert.match(await page.locator('main').innerText(), /type doit être l’une de ces valeurs : agency, .*, ou vide\./);
      await fitsAndShoot(page, 'admin-audit-refused', width);
    }
    assert.deepEqual(
      console.filter((line) => !line.startsWith('log') && !line.includes('status of 400')),
      [],
      'nothing but the refused filter’s own 400',
    );
  } finally {
    await browser.close();
    await t.close();
    await isolated.close();
  }
});
