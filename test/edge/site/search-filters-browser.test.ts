import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createEmptyPostgresDatabase, databaseKind, onPostgres } from '../../helpers/database.js';
import { openBrowser, PHONE_AND_DESKTOP } from '../../helpers/browser.js';
import { fitsAndShoot } from '../../helpers/page-check.js';
import { startSampleSite } from '../../helpers/sample-site.js';

/**
 * The results page's filters, unfolded, in Chromium at a phone's width (390 px) and a desktop's
 * (1280 px), as they are and with a refused value showing its message under the field: fields
 * side by side keep their controls on one line, every field keeps its column, and every select
 * shows its longest choice whole. Screenshots go to .tmp/shots.
 */

interface FieldBox {
  id: string;
  /** The field's block (label, control, message), as the form lays it out. */
  top: number;
  bottom: number;
  /** Its control. */
  controlTop: number;
  controlLeft: number;
}

/** Every field of the filter form, in order: its block and its control (a string: the page runs it). */
const fieldBoxes = (page: Page) =>
  page.evaluate<FieldBox[]>(`[...document.querySelectorAll('form.search > *')].flatMap((field) => {
    const control = field.querySelector('input:not([type=checkbox]), select');
    if (!control) return [];
    const block = field.getBoundingClientRect(), box = control.getBoundingClientRect();
    return [{ id: control.id, top: block.top, bottom: block.bottom, controlTop: box.top, controlLeft: box.left }];
  })`);

/** The selects whose longest choice is wider than the select shows: a copy at its natural width is measured beside it. */
const clippedSelects = (page: Page) =>
  page.evaluate<string[]>(`[...document.querySelectorAll('form.search select')].flatMap((select) => {
    const natural = select.cloneNode(true);
    natural.removeAttribute('id');
    natural.style.width = 'auto';
    select.after(natural);
    const needed = natural.getBoundingClientRect().width;
    natural.remove();
    const shown = select.getBoundingClientRect().width;
    return needed > shown + 0.5 ? [select.id + ': ' + Math.ceil(needed) + ' px needed, ' + Math.floor(shown) + ' px shown'] : [];
  })`);

test(`[${databaseKind}] in Chromium at 390 and 1280 px: the unfolded filters stay in step under a refused value, and no select is clipped`, async () => {
  const pg = onPostgres ? await createEmptyPostgresDatabase() : null;
  const site = await startSampleSite(3, pg ? { databaseUrl: pg.url } : {});
  const browser = await openBrowser();
  try {
    const { page, console } = await browser.newPage();
    for (const [width, height] of PHONE_AND_DESKTOP) {
      await page.setViewportSize({ width, height });
      const columns = new Map<string, number>();
      for (const [name, query, refused] of [
        ['as-is', '', null],
        ['not-a-number', '?priceMin=abc', 'f-priceMin'],
        ['crossed-range', '?priceMin=500000&priceMax=100000', 'f-priceMin'],
      ] as const) {
        await page.goto(`${site.url}/listings${query}`);
        // A refused value opens the filters; otherwise a phone shows them folded under their summary.
        if (!(await page.locator('#f-city').isVisible())) await page.locator('details.filters > summary').click();
        const where = `${width} px, ${name}`;
        if (refused) assert.ok(await page.locator(`#e-${refused.slice(2)}`).isVisible(), `${where}: the message under the field`);

        const fields = await fieldBoxes(page);
        assert.ok(fields.length >= 10, `${where}: every filter (${fields.length})`);
        for (const [i, a] of fields.entries()) {
          for (const b of fields.slice(i + 1)) {
            const sideBySide = a.top < b.bottom && b.top < a.bottom;
            if (sideBySide) {
              assert.ok(
                Math.abs(a.controlTop - b.controlTop) <= 1,
                `${where}: ${a.id} and ${b.id} stand side by side, their controls at ${a.controlTop} and ${b.controlTop} px`,
              );
            }
          }
          // The column of each field is the one it has with no message shown.
          if (!columns.has(a.id)) columns.set(a.id, a.controlLeft);
          assert.equal(a.controlLeft, columns.get(a.id), `${where}: ${a.id} keeps its column`);
        }
        assert.deepEqual(await clippedSelects(page), [], `${where}: every select shows its longest choice whole`);
        await fitsAndShoot(page, `search-filters-${name}`, width);
      }
    }
    assert.deepEqual(
      console.filter((line) => /^(error|pageerror)/.test(line) && !/status of 400/.test(line)),
      [],
      'no script error, no blocked resource',
    );
  } finally {
    await browser.close();
    await site.stop();
    await pg?.drop();
  }
});
