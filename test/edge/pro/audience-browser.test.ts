import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { openBrowser, assertNothingButLogs } from '../../helpers/browser.js';
import { signUpAgency } from '../../helpers/pro.js';
import { publicListing } from '../../helpers/site.js';
import { fitsAndShoot, SHOTS } from '../../helpers/page-check.js';
import { addDays, parisDay } from '../../../src/platform/calendar/paris-day.js';

/**
 * The audience charts of the pro space in Debian's Chromium at a desktop's width (1280 px) and
 * a phone's (390 px): the dashboard's three charts and table, the listings table's 28-day
 * column, a listing's own figures; nothing wider than the screen, axe-core clean, drawn
 * without any script. Four weeks of figures are written straight into the daily rows (what
 * the counter writes), so that the charts have something to draw.
 */
test(`[${databaseKind}] in Chromium at 1280 and 390 px: the audience charts and tables read whole, axe-core clean`, async () => {
  const t = await createTestApp();
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await openBrowser();
  try {
    const agency = await signUpAgency(t, 'Agence du Vieux-Lyon');
    const live = (await t.admin('POST', `/agencies/${agency.agencyId}/verify`)).json().liveKey as string;
    const ids = [
      await publicListing(t, live, 'VL-1', { title: 'Appartement canut avec vue sur Saône' }),
      await publicListing(t, live, 'VL-2', { title: 'T2 rue Saint-Jean' }),
    ];
    const today = parisDay(new Date());
    for (let back = 0; back < 28; back++) {
      const day = addDays(today, -back);
      const weekend = [0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());
      for (const [i, serviceId] of ids.entries()) {
        const base = (weekend ? 60 : 25) + ((back * 37 + i * 11) % 40);
        for (const [device, share] of [
          ['desktop', 0.4],
          ['mobile', 0.6],
        ] as const)
          await t.db.query(
            `INSERT INTO listing_audience (listing_id, day, device, agency_id, search_appearances, detail_views, leads) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [serviceId, day, device, agency.agencyId, Math.round(base * 9 * share), Math.round(base * share), back % 5 === i ? 1 : 0],
          );
      }
    }

    const { page, console } = await browser.newPage();
    await page.context().addCookies([{ name: 'ls_pro', value: agency.browser.cookie.split('=')[1]!, url }]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${url}/pro`);
      assert.equal(await page.locator('.charts svg[role=img]').count(), 3);
      for (const chart of await page.locator('.charts svg').all()) {
        const box = await chart.boundingBox();
        assert.ok(box && box.width >= 200 && box.x + box.width <= width, `a chart of ${box?.width} px, inside ${width} px`);
      }
      // The three charts on one line sit on one baseline, whatever their titles' lengths.
      const bottoms = new Set<number>();
      for (const chart of await page.locator('.charts svg').all()) {
        const box = (await chart.boundingBox())!;
        if (width === 1280) bottoms.add(Math.round(box.y + box.height));
      }
      assert.ok(bottoms.size <= 1, `the charts' bottoms at ${[...bottoms].join(', ')} px`);
      assert.equal(await page.locator('caption:has-text("Audience de toutes vos annonces par jour") >> xpath=.. >> tbody tr').count(), 28);
      await fitsAndShoot(page, 'pro-audience-dashboard', width);
      await page.locator('#audience-heading').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `pro-audience-charts-${width}.png`) });

      await page.goto(`${url}/pro/listings`);
      assert.match(await page.locator('table.list tbody tr td:nth-child(6)').first().innerText(), /\d+\svues · \d+\scontacts?/);
      await fitsAndShoot(page, 'pro-audience-listings', width);

      await page.goto(`${url}/pro/listings/${ids[0]}`);
      assert.equal(await page.locator('.charts svg[role=img]').count(), 3);
      await fitsAndShoot(page, 'pro-audience-listing', width);
      await page.locator('table.numbers caption').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `pro-audience-table-${width}.png`) });
      const table = await page.locator('table.numbers').boundingBox();
      assert.ok(table && table.x + table.width <= width, `the day table fits ${width} px without scrolling sideways`);
    }
    assertNothingButLogs(console);
  } finally {
    await browser.close();
    await t.close();
  }
});
