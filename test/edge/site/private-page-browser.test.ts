import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createEmptyPostgresDatabase, databaseKind, onPostgres } from '../../helpers/database.js';
import { openBrowser } from '../../helpers/browser.js';
import { startSampleSite } from '../../helpers/sample-site.js';
import { axeViolations, SHOTS } from '../../helpers/page-check.js';
import { latestPrivatePath } from '../../helpers/conversations.js';
import { replyAsAgency } from '../../../src/domain/leads/agency-side.js';

/**
 * The visitor's private page in Debian's Chromium at 390 and 1280 px (docs/site-and-spaces.md):
 * the thread reads without sideways scrolling, axe-core finds nothing, a refused reply puts the
 * focus on its errors, a reply and the deletion work by plain form posts (the pages hold no
 * script), and following the listing's link sends no Referer holding the token.
 * Screenshots go to .tmp/shots (`private-page-`, `private-page-error-`, `private-page-delete-`, `private-page-deleted-`).
 */
const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

test(`[${databaseKind}] in Chromium at 390 and 1280 px: the private page reads, answers and deletes without script, axe clean, no Referer`, async () => {
  const pg = onPostgres ? await createEmptyPostgresDatabase() : null;
  const site = await startSampleSite(3, pg ? { databaseUrl: pg.url } : {});
  const browser = await openBrowser();
  mkdirSync(SHOTS, { recursive: true });
  try {
    const { page, console } = await browser.newPage();
    const referers: string[] = [];
    page.on('request', (request) => {
      const referer = request.headers()['referer'];
      if (referer) referers.push(`${request.url()} ← ${referer}`);
    });

    // The visitor writes through the listing's form; the private link comes in the acknowledgement.
    const serviceId = site.serviceIds[0]!;
    await page.goto(`${site.url}/listings/${serviceId}`);
    await page.getByLabel('Nom').fill('Camille Martin');
    await page.getByLabel('Adresse e-mail').fill('camille.browser@example.org');
    await page.getByLabel('Message').fill('Bonjour,\nune visite samedi matin est-elle possible ?');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByRole('heading', { name: 'Message envoyé' }).waitFor();
    assert.match(await page.locator('main').innerText(), /accusé de réception par e-mail/);
    const path = await latestPrivatePath(site.db, 'camille.browser@example.org');
    const { rows } = await site.db.query<{ id: string }>('SELECT id FROM leads WHERE email = $1', ['camille.browser@example.org']);
    const { rows: keys } = await site.db.query<{ id: string; agency_id: string }>(`SELECT id, agency_id FROM api_keys WHERE env = 'live'`);
    const answered = await replyAsAgency(
      site.db,
      { agencyId: keys[0]!.agency_id, env: 'live' },
      rows[0]!.id,
      { kind: 'key', keyId: keys[0]!.id },
      'Bonjour, samedi à 10 h vous conviendrait-il ?\nBien cordialement.',
      new Date(),
      site.server.services.config,
    );
    assert.ok(answered.ok);
    referers.length = 0;

    for (const { name, width, height } of WIDTHS) {
      await page.setViewportSize({ width, height });
      const shot = (what: string) => page.screenshot({ path: join(SHOTS, `${what}-${width}.png`), fullPage: true });
      const fits = async (what: string) => {
        const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
        assert.ok(overflow <= 0, `${name}: ${what} has no sideways scrolling (${overflow} px)`);
        assert.deepEqual(await axeViolations(page), [], `${name}: ${what}, axe-core`);
      };

      await page.goto(`${site.url}${path}`);
      assert.equal(await page.evaluate<number>('document.scripts.length'), 0, 'no script: forms are plain posts');
      assert.match(await page.locator('h1').innerText(), /^Votre conversation avec Agence du Parc$/);
      await fits('the thread');
      await shot('private-page');

      // A refused reply: the summary takes the focus and is in view.
      await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
      await page.locator('#erreurs').waitFor();
      await page.locator('#erreurs:focus').waitFor({ timeout: 5000 });
      const summary = await page.evaluate<{ top: number; bottom: number }>(
        `(() => { const r = document.querySelector('#erreurs').getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; })()`,
      );
      assert.ok(summary.top >= 0 && summary.bottom <= height, `${name}: the error summary is in view (${summary.top}–${summary.bottom})`);
      assert.match(await page.title(), /^Erreur : /);
      await fits('a refused reply');
      await shot('private-page-error');

      // A reply: back on the page with the confirmation and the message.
      await page.getByLabel('Votre message').fill(`Samedi 10 h me convient (${name}).`);
      await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
      await page.waitForURL(/\?fait=envoye$/);
      assert.match(await page.getByRole('status').innerText(), /Votre message a été envoyé à l’agence/);
      assert.match(await page.locator('ol.thread').innerText(), new RegExp(`Samedi 10 h me convient \\(${name}\\)`));

      // The listing's link: the listing page is reached, and no request carried the token.
      await page.locator('.about-title a').click();
      await page.waitForURL(new RegExp(`/listings/${serviceId}$`));
      assert.deepEqual(referers, [], `${name}: no Referer sent from the private page`);
    }

    // Deleting: the link, the confirmation step, then the page saying so; the link then answers 410.
    await page.goto(`${site.url}${path}`);
    await page.getByRole('link', { name: 'Supprimer la conversation' }).click();
    await page.getByRole('heading', { name: 'Supprimer la conversation ?' }).waitFor();
    assert.deepEqual(await axeViolations(page), [], 'the confirmation, axe-core');
    await page.screenshot({ path: join(SHOTS, 'private-page-delete-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    assert.deepEqual(await axeViolations(page), [], 'the confirmation at 390 px, axe-core');
    await page.screenshot({ path: join(SHOTS, 'private-page-delete-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await page.getByRole('heading', { name: 'Conversation supprimée' }).waitFor();
    assert.deepEqual(await axeViolations(page), [], 'the deletion page, axe-core');
    await page.screenshot({ path: join(SHOTS, 'private-page-deleted-1280.png'), fullPage: true });
    const gone = await page.goto(`${site.url}${path}`);
    assert.equal(gone?.status(), 410);
    await page.getByRole('heading', { name: 'Cette conversation a été supprimée' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    assert.deepEqual(await axeViolations(page), [], 'the 410 page, axe-core');
    await page.screenshot({ path: join(SHOTS, 'private-page-gone-390.png'), fullPage: true });

    const problems = console.filter((line) => /^(error|pageerror)/.test(line) && !/status of (400|410)/.test(line));
    assert.deepEqual(problems, [], 'no script error, no blocked resource');
  } finally {
    await browser.close();
    await site.stop();
    await pg?.drop();
  }
});
