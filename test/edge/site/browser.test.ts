import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEmptyPostgresDatabase, databaseKind, onPostgres } from '../../helpers/database.js';
import { openBrowser } from '../../helpers/browser.js';
import { startSampleSite } from '../../helpers/sample-site.js';

/**
 * The public site in Debian's Chromium, as a visitor uses it: search, open a listing, write
 * to the agency; the search form by keyboard alone; screenshots of the three main pages at
 * desktop and phone widths, kept in .tmp/browser.
 */
test(`[${databaseKind}] in Chromium: search, open a listing, send the contact form, by mouse and by keyboard`, async () => {
  const pg = onPostgres ? await createEmptyPostgresDatabase() : null;
  const site = await startSampleSite(30, pg ? { databaseUrl: pg.url } : {});
  const browser = await openBrowser();
  try {
    const { page, console } = await browser.newPage();

    // The search form, keyboard only: the skip link, the header, then the fields in reading order.
    await page.goto(`${site.url}/`);
    await browser.screenshot(page, 'site-home');
    const focusOrder: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      // A string: the test is compiled without the DOM's types, the page runs it.
      focusOrder.push(
        await page.evaluate<string>(`(() => {
        const el = document.activeElement;
        return el.id || el.getAttribute('href') || el.tagName.toLowerCase() + ':' + el.textContent.trim();
      })()`),
      );
    }
    assert.deepEqual(focusOrder, [
      '#contenu',
      '/',
      '/listings?transaction=sale',
      '/listings?transaction=rental',
      '/listings',
      'f-transaction',
      'f-category',
      'f-city',
      'f-postcode',
      'f-q',
      'f-priceMax',
      'button:Rechercher',
    ]);
    await page.focus('#f-transaction');
    await page.keyboard.press('ArrowDown'); // "Acheter"
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('lyon');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/listings\?/);
    assert.match(page.url(), /transaction=sale/);
    assert.match(page.url(), /city=lyon/);
    assert.match(await page.locator('h1').innerText(), /à vendre à Lyon/, 'the city’s proper name, whatever the typing');
    await browser.screenshot(page, 'site-search');

    // Open the first result, and write to the agency.
    const first = page.locator('ul.cards h3 a').first();
    const title = (await first.innerText()).trim();
    await first.click();
    await page.waitForURL(/\/listings\/lst_/);
    assert.equal((await page.locator('h1').innerText()).trim(), title);
    assert.match(await page.locator('figure.energy.dpe figcaption').innerText(), /classe [A-G]/);
    await browser.screenshot(page, 'site-listing');
    const serviceId = /\/listings\/(lst_\w+)/.exec(page.url())![1]!;
    await page.getByLabel('Nom').fill('Camille Martin');
    await page.getByLabel('Adresse e-mail').fill('pas-une-adresse');
    await page.getByLabel('Message').fill('Bonjour, une visite samedi est-elle possible ?');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    // Without script the server checks the form and shows it again, as typed, with the message.
    await page.locator('#e-email').waitFor();
    assert.equal(await page.getByLabel('Nom').inputValue(), 'Camille Martin');
    await page.getByLabel('Adresse e-mail').fill('camille@example.org');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByRole('heading', { name: 'Message envoyé' }).waitFor();
    const { rows } = await site.db.query<{ name: string; email: string }>('SELECT name, email FROM leads WHERE listing_id = $1', [
      serviceId,
    ]);
    assert.deepEqual(rows, [{ name: 'Camille Martin', email: 'camille@example.org' }]);

    // Phone width: the same pages, kept for a look.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, name] of [
      ['/', 'site-home-phone'],
      ['/listings?city=Lyon', 'site-search-phone'],
      [`/listings/${serviceId}`, 'site-listing-phone'],
    ] as const) {
      await page.goto(`${site.url}${path}`);
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
      assert.ok(overflow <= 0, `${path}: no sideways scrolling at 390 px (${overflow} px)`);
      await browser.screenshot(page, name);
    }
    const problems = console.filter((line) => /^(error|pageerror)/.test(line) && !/status of 400/.test(line));
    assert.deepEqual(problems, [], 'no script error, no blocked resource');
  } finally {
    await browser.close();
    await site.stop();
    await pg?.drop();
  }
});
