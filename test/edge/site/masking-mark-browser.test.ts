import { test } from 'node:test';
import type { Page } from 'playwright-core';
import assert from 'node:assert/strict';
import { createEmptyPostgresDatabase, databaseKind, onPostgres } from '../../helpers/database.js';
import { openBrowser, assertNoScriptErrors, PHONE_AND_DESKTOP } from '../../helpers/browser.js';
import { fitsAndShoot } from '../../helpers/page-check.js';
import { startSampleSite } from '../../helpers/sample-site.js';
import { sampleV1Listing } from '../../fixtures/sample-listings.js';

/**
 * The most lines each mark on the page takes (description, then note) over columns from just
 * wider than a mark to twice that, 7 px apart: at some of those widths a mark meets the end of a
 * line, and a breakable space would then put its two words on two lines.
 */
const markLines = (page: Page) =>
  page.evaluate<number[]>(`(() => {
    const paragraphs = [...document.querySelectorAll('p.description, section[aria-labelledby="description"] + p.legal')];
    const probe = document.createElement('span');
    probe.style.whiteSpace = 'nowrap';
    probe.textContent = '« [coordonnées masquées] ».';
    paragraphs[0].append(probe);
    const markWidth = probe.getBoundingClientRect().width;
    probe.remove();
    const marks = [];
    const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let at = node.data.indexOf('[coordonnées'); at >= 0; at = node.data.indexOf('[coordonnées', at + 1)) marks.push([node, at]);
    }
    const most = marks.map(() => 0);
    for (let width = Math.ceil(markWidth) + 2; width <= 2 * markWidth; width += 7) {
      for (const p of paragraphs) p.style.width = width + 'px';
      marks.forEach(([node, at], i) => {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, node.data.indexOf(']', at) + 1);
        most[i] = Math.max(most[i], new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size);
      });
    }
    for (const p of paragraphs) p.style.width = '';
    return most;
  })()`);

/**
 * A listing page whose description holds masked contact details, in Chromium at a phone's width
 * and a desktop's: one short mark in the sentence, the explanation once just under the
 * description, nothing scrolls sideways, axe-core finds nothing; screenshots in .tmp/shots.
 */
test(`[${databaseKind}] in Chromium at 390 and 1280 px: the masking mark and its one explanation fit and pass axe-core`, async () => {
  const pg = onPostgres ? await createEmptyPostgresDatabase() : null;
  const site = await startSampleSite(1, pg ? { databaseUrl: pg.url } : {});
  const browser = await openBrowser();
  try {
    const listing = {
      ...sampleV1Listing(1),
      externalId: 'MARK-BROWSER',
      description:
        'Appartement traversant au calme, parquet ancien et moulures.\nPour visiter, appelez le 06 12 34 56 78 ou écrivez à jean@exemple.fr. Le soir : 07 81 23 45 67.',
    };
    const response = await fetch(`${site.url}/v1/listings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${site.liveKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(listing),
    });
    const body = await response.text();
    assert.ok(response.ok, body);
    const { serviceId } = JSON.parse(body) as { serviceId: string };
    const { page, console } = await browser.newPage();
    for (const [width, height] of PHONE_AND_DESKTOP) {
      await page.setViewportSize({ width, height });
      await page.goto(`${site.url}/listings/${serviceId}`);
      const description = await page.locator('p.description').innerText();
      assert.match(description, /Pour visiter, appelez le \[coordonnées.masquées\]\. Le soir : \[coordonnées.masquées\]\./);
      const note = page.locator('section[aria-labelledby="description"] + p.legal');
      assert.match(await note.innerText(), /^« \[coordonnées.masquées\] » remplace les coordonnées/);
      assert.equal(await page.getByText('remplace les coordonnées écrites').count(), 1, 'explained once');
      assert.deepEqual(await markLines(page), [1, 1, 1], 'each mark on one line, in the description and in the note');
      await note.scrollIntoViewIfNeeded();
      await fitsAndShoot(page, 'listing-masked', width);
    }
    assertNoScriptErrors(console);
  } finally {
    await browser.close();
    await site.stop();
    await pg?.drop();
  }
});
