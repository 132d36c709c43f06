import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { createEmptyPostgresDatabase, databaseKind, onPostgres } from '../../../helpers/database.js';
import { openBrowser } from '../../../helpers/browser.js';
import { startSampleSite } from '../../../helpers/sample-site.js';
import { axeViolations, SHOTS } from '../../../helpers/page-check.js';
import { alertPathIn } from '../../../helpers/alerts.js';
import { CITIES } from '../../../fixtures/sample-listings.js';
import { COMBOBOX_SCRIPT_PATH } from '../../../../src/edge/site/commune-combobox.js';

/**
 * The alert form and the pages of alert links in Debian's Chromium at 390 and 1280 px
 * (docs/site-and-spaces.md "E-mail alerts"): the results page's folded form, a refused address
 * (the focus on the errors), "check your mail", the confirmation, the address's alerts with a
 * deletion, the unsubscribe page. Each fits the width, axe-core finds nothing, no script.
 * Screenshots go to .tmp/shots (`alert-…-390.png`, `alert-…-1280.png`).
 */
const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

test(`[${databaseKind}] in Chromium at 390 and 1280 px: the alert form, confirmation, management and unsubscribe pages work without script, axe clean`, async () => {
  const browser = await openBrowser();
  const pg = onPostgres ? await createEmptyPostgresDatabase() : null;
  const site = await startSampleSite(3, pg ? { databaseUrl: pg.url } : {});
  mkdirSync(SHOTS, { recursive: true });
  const city = CITIES[0]![0];
  try {
    const { page, console } = await browser.newPage();
    const lastMail = async (email: string) =>
      (await site.db.query<{ text_body: string }>('SELECT text_body FROM mails WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [email]))
        .rows[0]!.text_body;

    for (const { name, width, height } of WIDTHS) {
      await page.setViewportSize({ width, height });
      /** Fits the width, axe-core clean, no script; a full-page screenshot to look at. */
      const check = async (what: string, p: Page = page) => {
        const overflow = await p.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
        assert.ok(overflow <= 0, `${name}: ${what} has no sideways scrolling (${overflow} px)`);
        assert.deepEqual(await axeViolations(p), [], `${name}: ${what}, axe-core`);
        // The results page's one script is the city field's suggestions, outside the alert form.
        const scripts = await p.evaluate<string[]>(`[...document.scripts].map((s) => s.getAttribute('src'))`);
        assert.deepEqual(
          scripts.filter((src) => src !== COMBOBOX_SCRIPT_PATH),
          [],
          `${what}: no script`,
        );
        await p.screenshot({ path: join(SHOTS, `alert-${what}-${width}.png`), fullPage: true });
      };
      const email = `alerte.${name}@example.org`;

      // The results page: the form is folded under the filters, one click opens it.
      await page.goto(`${site.url}/listings?transaction=sale&city=${encodeURIComponent(city)}`);
      await page.getByText('Recevoir les nouvelles annonces par e-mail').click();
      await check('results-form');

      // A malformed address: the form alone again, the focus on the errors, in view.
      await page.getByLabel('Votre adresse e-mail').fill('camille@');
      await page.getByRole('button', { name: 'Créer l’alerte' }).click();
      await page.locator('#erreurs').waitFor();
      await page.locator('#erreurs:focus').waitFor({ timeout: 5000 });
      const summary = await page.evaluate<{ top: number; bottom: number }>(
        `(() => { const r = document.querySelector('#erreurs').getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; })()`,
      );
      assert.ok(summary.top >= 0 && summary.bottom <= height, `${name}: the error summary is in view`);
      assert.match(await page.title(), /^Erreur : Créer une alerte e-mail/);
      await check('form-error');

      // Corrected, with the daily frequency: "check your mail".
      await page.getByLabel('Votre adresse e-mail').fill(email);
      await page.getByLabel('Une fois par jour, à 8 h').check();
      await page.getByRole('button', { name: 'Créer l’alerte' }).click();
      await page.getByRole('heading', { name: 'Vérifiez votre boîte mail' }).waitFor();
      await check('check-mail');

      // The confirmation link: a page with one button, then the alert is active.
      const mail = await lastMail(email);
      await page.goto(`${site.url}${alertPathIn(mail, 'confirm')}`);
      assert.match(await page.locator('main').innerText(), /une fois par jour, à 8 h/);
      await check('confirm');
      await page.getByRole('button', { name: 'Confirmer l’alerte' }).click();
      await page.getByRole('heading', { name: 'Votre alerte est active' }).waitFor();
      await check('confirmed');

      // The address's alerts: a second one, then one deleted from the page.
      await page.goto(`${site.url}/alerts/new?transaction=rental&city=${encodeURIComponent(city)}&priceMax=1500`);
      await check('form-alone');
      await page.getByLabel('Votre adresse e-mail').fill(email);
      await page.getByRole('button', { name: 'Créer l’alerte' }).click();
      await page.getByRole('heading', { name: 'Vérifiez votre boîte mail' }).waitFor();
      await page.goto(`${site.url}${alertPathIn(await lastMail(email), 'manage')}`);
      assert.equal((await page.locator('ul.alerts > li').all()).length, 2);
      assert.match(await page.locator('ul.alerts').innerText(), /en attente de confirmation/);
      await check('manage');
      await page.getByRole('button', { name: /Supprimer l’alerte « Annonces immobilières à louer/ }).click();
      await page.waitForURL(/\?fait=supprimee$/);
      assert.match(await page.getByRole('status').innerText(), /L’alerte est supprimée/);
      assert.equal((await page.locator('ul.alerts > li').all()).length, 1);
      await check('manage-deleted');

      // The unsubscribe link: a page with a button, then the page saying it is done.
      await page.goto(`${site.url}${alertPathIn(mail, 'unsubscribe')}`);
      await check('unsubscribe');
      await page.getByRole('button', { name: 'Me désabonner' }).click();
      await page.getByRole('heading', { name: 'Vous êtes désabonné' }).waitFor();
      await check('unsubscribed');
    }
    const problems = console.filter((line) => /^(error|pageerror)/.test(line) && !/status of (400|410)/.test(line));
    assert.deepEqual(problems, [], 'no script error, no blocked resource');
  } finally {
    await browser.close();
    await site.stop();
    await pg?.drop();
  }
});
