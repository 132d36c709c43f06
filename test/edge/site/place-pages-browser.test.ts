import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEmptyPostgresDatabase, databaseKind, onPostgres } from '../../helpers/database.js';
import { openBrowser, assertNoScriptErrors, PHONE_AND_DESKTOP } from '../../helpers/browser.js';
import { join } from 'node:path';
import { fitsAndShoot, SHOTS } from '../../helpers/page-check.js';
import { startSampleSite } from '../../helpers/sample-site.js';

/**
 * A département's page and a commune's in Chromium at a phone's width and a desktop's: nothing
 * scrolls sideways, axe-core finds nothing, the links lead where they say; screenshots in
 * .tmp/shots, to be looked at.
 */
test(`[${databaseKind}] in Chromium at 390 and 1280 px: the Rhône's page and Lyon 3e's fit, pass axe-core and link each other`, async () => {
  const pg = onPostgres ? await createEmptyPostgresDatabase() : null;
  const site = await startSampleSite(60, pg ? { databaseUrl: pg.url } : {});
  const browser = await openBrowser();
  try {
    const { page, console } = await browser.newPage();
    for (const [width, height] of PHONE_AND_DESKTOP) {
      await page.setViewportSize({ width, height });
      await page.goto(`${site.url}/`);
      await page.getByRole('link', { name: 'Rhône (69)' }).click();
      await page.waitForURL(/\/immobilier\/rhone-69$/);
      assert.equal(await page.locator('h1').innerText(), 'Immobilier dans le département du Rhône (69)');
      assert.match(await page.locator('p.count').innerText(), /^\d+ annonces? à vendre|à louer/);
      assert.ok((await page.locator('ul.cards > li').count()) > 0, 'the newest listings');
      await fitsAndShoot(page, 'place-department', width);

      await page.getByRole('link', { name: 'Lyon 3e (69)' }).click();
      await page.waitForURL(/\/immobilier\/lyon-3e-69383$/);
      assert.equal(await page.locator('h1').innerText(), 'Immobilier à Lyon 3e (69)');
      const cards = await page.locator('ul.cards > li').allInnerTexts();
      assert.ok(cards.length > 0 && cards.every((card) => card.includes('Lyon 3e (69)')), 'its listings, named by their place');
      await fitsAndShoot(page, 'place-commune', width);

      await page.goto(`${site.url}/immobilier`);
      await fitsAndShoot(page, 'place-departments', width);
      await page.goto(`${site.url}/`);
      await fitsAndShoot(page, 'place-home', width);
      await page.locator('section[aria-labelledby="departements"]').screenshot({ path: join(SHOTS, `place-home-block-${width}.png`) });
    }
    assertNoScriptErrors(console);
  } finally {
    await browser.close();
    await site.stop();
    await pg?.drop();
  }
});
