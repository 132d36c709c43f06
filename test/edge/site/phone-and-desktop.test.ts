import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { createEmptyPostgresDatabase, databaseKind, onPostgres } from '../../helpers/database.js';
import { openBrowser, waitInPage } from '../../helpers/browser.js';
import { startSampleSite } from '../../helpers/sample-site.js';

/**
 * What a visitor meets at a phone's width (390 px) and a desktop's (1280 px), in Chromium:
 * a refused contact form shows its errors where the visitor is, with the focus on them; the
 * first search result comes before the filters on a phone; the gallery counts its photos and
 * has arrows that work without script; the pro space is linked; axe-core finds nothing.
 * Screenshots go to .tmp/shots, to be looked at.
 */
const SHOTS = resolve('.tmp/shots');
// axe-core comes with Lighthouse (a development dependency); its script is evaluated in the page.
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate<boolean>('typeof window.axe === "object"'))) await page.evaluate(AXE);
  return page.evaluate<string[]>(`axe.run(document, { resultTypes: ['violations'] }).then((r) =>
    r.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`);
}

/** Where an element is in the viewport, in CSS pixels. */
const box = (page: Page, selector: string) =>
  page.evaluate<{ top: number; bottom: number; left: number; right: number }>(
    `(() => { const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; })()`,
  );

test(`[${databaseKind}] in Chromium at 390 and 1280 px: contact errors in view and focused, results first, a gallery with a count and arrows, axe clean`, async () => {
  const pg = onPostgres ? await createEmptyPostgresDatabase() : null;
  const site = await startSampleSite(30, pg ? { databaseUrl: pg.url } : {});
  const browser = await openBrowser();
  mkdirSync(SHOTS, { recursive: true });
  try {
    const { page, console } = await browser.newPage();
    for (const { name, width, height } of WIDTHS) {
      await page.setViewportSize({ width, height });
      const shot = (what: string) => page.screenshot({ path: join(SHOTS, `${what}-${width}.png`) });

      // Home: the way in for agencies, in the footer.
      await page.goto(`${site.url}/`);
      assert.equal(await page.getByRole('link', { name: 'Espace professionnel' }).getAttribute('href'), '/pro/login');
      assert.equal(await page.getByRole('link', { name: 'Créer un compte agence' }).getAttribute('href'), '/pro/signup');
      assert.deepEqual(await axeViolations(page), [], `${name}: home`);
      await shot('home');
      await page.locator('footer.site').screenshot({ path: join(SHOTS, `home-footer-${width}.png`) });

      // Search: the first result within the first screen; the filters folded on a phone only.
      await page.goto(`${site.url}/listings?transaction=sale`);
      const first = await box(page, 'ul.cards > li');
      assert.ok(first.top < height, `${name}: the first result starts at ${first.top} px, within the first ${height} px`);
      const filtersShown = await page.locator('#f-city').isVisible();
      assert.equal(filtersShown, name === 'desktop', `${name}: the filters are ${filtersShown ? 'shown' : 'folded'}`);
      if (name === 'phone') {
        await page.locator('details.filters > summary').click();
        assert.ok(await page.locator('#f-city').isVisible(), 'the summary unfolds the filters');
      }
      assert.deepEqual(await axeViolations(page), [], `${name}: search`);
      await page.goto(`${site.url}/listings?transaction=sale`);
      await shot('search');

      // A listing: the gallery counts its photos and its arrows scroll it, without script.
      await page.locator('ul.cards h3 a').first().click();
      await page.waitForURL(/\/listings\/lst_/);
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
      assert.ok(overflow <= 0, `${name}: the gallery's photos stay inside it, no sideways scrolling of the page (${overflow} px)`);
      const counts = await page.locator('.gallery .photo-count').allInnerTexts();
      assert.deepEqual(
        counts.map((c) => c.split('\n')[0]),
        ['1 / 3', '2 / 3', '3 / 3'],
      );
      assert.equal(await page.locator('.gallery a.arrow.next').count(), 3);
      assert.equal(await page.locator('.gallery a.arrow.prev').count(), 3);
      assert.equal(await page.evaluate<string>(`getComputedStyle(document.querySelector('.gallery img')).objectFit`), 'contain');
      await page.locator('#photo-1 a.arrow.next').click();
      await waitInPage(
        page,
        `Math.abs(document.querySelector('#photo-2').getBoundingClientRect().left - document.querySelector('.gallery').getBoundingClientRect().left) < 2`,
      );
      const second = await box(page, '#photo-2 img');
      assert.ok(second.left >= 0 && second.right <= width, `${name}: the second photo is whole in view (${second.left}–${second.right})`);
      await shot('listing-photo-2');
      await page.locator('#photo-2 a.arrow.prev').click();
      await waitInPage(
        page,
        `Math.abs(document.querySelector('#photo-1').getBoundingClientRect().left - document.querySelector('.gallery').getBoundingClientRect().left) < 2`,
      );

      // The contact form refused: the summary is where the visitor is, and has the focus.
      await page.getByLabel('Nom').fill('Camille Martin');
      await page.getByLabel('Adresse e-mail').fill('pas-une-adresse');
      await page.getByLabel('Message').fill('Bonjour, une visite samedi est-elle possible ?');
      await page.getByRole('button', { name: 'Envoyer le message' }).click();
      await page.locator('#erreurs').waitFor();
      await page.locator('#erreurs:focus').waitFor({ timeout: 5000 });
      const summary = await box(page, '#erreurs');
      assert.ok(
        summary.top >= 0 && summary.bottom <= height,
        `${name}: the error summary is in view (${summary.top}–${summary.bottom} px)`,
      );
      assert.match(await page.title(), /^Erreur : /);
      assert.deepEqual(await axeViolations(page), [], `${name}: listing with a refused contact form`);
      await shot('listing-error');
    }
    const problems = console.filter((line) => /^(error|pageerror)/.test(line) && !/status of 400/.test(line));
    assert.deepEqual(problems, [], 'no script error, no blocked resource');
  } finally {
    await browser.close();
    await site.stop();
    await pg?.drop();
  }
});
