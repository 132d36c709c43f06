import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createEmptyPostgresDatabase, databaseKind, onPostgres } from '../../helpers/database.js';
import { openBrowser, waitInPage } from '../../helpers/browser.js';
import { fitsAndShoot } from '../../helpers/page-check.js';
import { startSampleSite } from '../../helpers/sample-site.js';
import { SUGGESTION_PAUSE_MS } from '../../../src/edge/site/commune-combobox.js';

/**
 * The city field as a combobox of communes (docs/site-and-spaces.md, « Suggestions of
 * communes »), in Chromium at 390 and 1280 px, by keyboard alone: typing offers suggestions
 * (announced by a polite live region), Down/Up move through them, Enter chooses one and fills
 * the field and the hidden INSEE code, typing again clears the code, Escape closes, and the
 * search carries both. axe-core finds nothing with the list open; screenshots in .tmp/shots.
 */
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

const state = (page: Page) =>
  page.evaluate<{
    expanded: string | null;
    active: string | null;
    selected: string[];
    options: string[];
    listHidden: boolean;
    value: string;
    code: string;
    codeDisabled: boolean;
    status: string;
  }>(`(() => {
    const input = document.getElementById('f-city');
    const list = document.getElementById(input.getAttribute('aria-controls'));
    const code = input.form.querySelector('input[type=hidden][name=commune]');
    return {
      expanded: input.getAttribute('aria-expanded'),
      active: input.getAttribute('aria-activedescendant'),
      selected: [...list.querySelectorAll('[aria-selected=true]')].map((o) => o.id),
      options: [...list.querySelectorAll('[role=option]')].map((o) => o.textContent),
      listHidden: list.hidden,
      value: input.value,
      code: code.value,
      codeDisabled: code.disabled,
      status: input.closest('.combo').querySelector('[role=status]').textContent,
    };
  })()`);

/** Types into the city field and waits for the suggestions the server answers. */
async function typeAndWait(page: Page, text: string): Promise<void> {
  await page.locator('#f-city').fill('');
  await page.locator('#f-city').focus();
  await page.keyboard.type(text, { delay: 30 });
  // A loaded machine types slower than the script's pause: the list may first answer a beginning of the text.
  await waitInPage(
    page,
    `document.querySelector('.combo [role=listbox]').dataset.answers === ${JSON.stringify(text)} && document.getElementById('f-city').getAttribute('aria-expanded') === 'true'`,
    10_000,
  );
}

test(`[${databaseKind}] in Chromium at 390 and 1280 px: the city field suggests communes, chosen by keyboard, searched with their code; axe clean`, async () => {
  const pg = onPostgres ? await createEmptyPostgresDatabase() : null;
  const site = await startSampleSite(6, pg ? { databaseUrl: pg.url } : {});
  const browser = await openBrowser();
  try {
    const { page, console } = await browser.newPage();
    const asked: string[] = [];
    page.on('request', (request) => void (request.url().includes('/communes?') && asked.push(new URL(request.url()).search)));
    // The page's timers are Playwright's, so the pause in typing can be tested by the clock.
    await page.clock.install();
    for (const { width, height } of WIDTHS) {
      await page.setViewportSize({ width, height });
      await page.goto(`${site.url}/`);
      const input = page.locator('#f-city');
      assert.equal(await input.getAttribute('role'), 'combobox');
      assert.equal(await input.getAttribute('aria-autocomplete'), 'list');
      assert.equal(await input.getAttribute('aria-expanded'), 'false');
      assert.equal(await input.getAttribute('autocomplete'), 'off');
      const listId = (await input.getAttribute('aria-controls'))!;
      assert.equal(await page.locator(`#${listId}`).getAttribute('role'), 'listbox');
      assert.equal(await page.locator('.combo [role=status]').getAttribute('aria-live'), 'polite');

      // « lyo »: one request after the pause, not one per key. The page's clock stands still while
      // the keys are typed, so a loaded machine's slow keys cannot pass for pauses (CI once saw
      // « ly » asked); then it moves by the pause.
      asked.length = 0;
      await page.locator('#f-city').focus();
      await page.clock.pauseAt((await page.evaluate<number>('Date.now()')) + 1000);
      await page.keyboard.type('lyo');
      await page.clock.runFor(SUGGESTION_PAUSE_MS - 1);
      assert.deepEqual(asked, [], 'nothing is asked before the pause ends');
      await page.clock.runFor(1);
      await page.clock.resume();
      await waitInPage(page, `document.querySelector('.combo [role=listbox]').dataset.answers === 'lyo'`, 10_000);
      assert.deepEqual(asked, ['?q=lyo'], 'requests wait for a pause in typing');
      let now = await state(page);
      assert.equal(now.options.length, 10);
      assert.equal(now.options[0]!, 'Lyon (69) Rhône');
      assert.match(now.status, /^10 communes proposées/);
      assert.equal(now.active, null, 'the cursor stays in the field until Down');
      assert.equal(now.codeDisabled, true, 'no code before a choice: the form would not send one');
      await fitsAndShoot(page, 'communes-open', width);

      // Down, Down: the second suggestion; Up goes back, Down again.
      await page.keyboard.press('ArrowDown');
      now = await state(page);
      assert.equal(now.active, `${listId}-0`);
      assert.deepEqual(now.selected, [`${listId}-0`]);
      await page.keyboard.press('ArrowDown');
      now = await state(page);
      assert.equal(now.active, `${listId}-1`);
      assert.deepEqual(now.selected, [`${listId}-1`]);
      const second = now.options[1]!;
      assert.match(second, /^Lyon \d+(er|e) \(69\) Rhône$/);
      await fitsAndShoot(page, 'communes-active', width);
      await page.keyboard.press('ArrowUp');
      assert.equal((await state(page)).active, `${listId}-0`);
      await page.keyboard.press('ArrowDown');

      // Enter chooses: the name in the field, the INSEE code in the hidden field; the form is not sent yet.
      const before = page.url();
      await page.keyboard.press('Enter');
      now = await state(page);
      const name = second.replace(/ \(69\).*$/, '');
      assert.equal(now.value, name);
      assert.match(now.code, /^6938\d$/);
      assert.equal(now.codeDisabled, false);
      assert.equal(now.expanded, 'false');
      assert.equal(now.listHidden, true);
      assert.equal(now.active, null);
      assert.equal(page.url(), before, 'Enter on a suggestion chooses it and does not search');
      const code = now.code;

      // Typing again forgets the code; choosing again sets it back.
      await page.keyboard.type('x');
      assert.equal((await state(page)).code, '');
      assert.equal((await state(page)).codeDisabled, true);
      await typeAndWait(page, 'lyo');
      for (const key of ['ArrowDown', 'ArrowDown', 'Enter']) await page.keyboard.press(key);
      assert.equal((await state(page)).code, code);

      // Enter with the list closed searches, with the city's name and its code; the search then
      // moves to its clean address, which holds the code alone.
      const searched = page.waitForRequest(/\/listings\?/);
      await page.keyboard.press('Enter');
      const sent = new URL((await searched).url()).searchParams;
      assert.equal(sent.get('city'), name);
      assert.equal(sent.get('commune'), code);
      await page.waitForURL(new RegExp(`/listings\\?commune=${code}$`));

      // The results page keeps the choice while the name stays in the field.
      if (!(await input.isVisible())) await page.locator('details.filters > summary').click();
      now = await state(page);
      assert.equal(now.value, name);
      assert.equal(now.code, code);

      // Escape closes the list and keeps what was typed; Up opens it on the last suggestion; Home goes back to the text.
      await typeAndWait(page, 'saint');
      await page.keyboard.press('Escape');
      now = await state(page);
      assert.equal(now.expanded, 'false');
      assert.equal(now.listHidden, true);
      assert.equal(now.value, 'saint');
      await page.keyboard.press('ArrowUp');
      now = await state(page);
      assert.equal(now.expanded, 'true');
      assert.equal(now.active, `${listId}-9`);
      await page.keyboard.press('Home');
      assert.equal((await state(page)).active, null);
      assert.equal(await page.evaluate<number>(`document.getElementById('f-city').selectionStart`), 0, 'Home moves the cursor');
      await page.keyboard.press('ArrowDown');
      assert.equal((await state(page)).options[0]!, 'Saint-Étienne (42) Loire');
      await fitsAndShoot(page, 'communes-search-open', width);
      await page.keyboard.press('Escape');

      // Postcode digits, and a text no commune's name starts with.
      await typeAndWait(page, '69003');
      assert.deepEqual((await state(page)).options, ['Lyon (69) Rhône', 'Lyon 3e (69) Rhône']);
      await page.locator('#f-city').fill('');
      await page.keyboard.type('zzq', { delay: 30 });
      await waitInPage(page, `/Aucune commune/.test(document.querySelector('.combo [role=status]').textContent)`);
      assert.equal((await state(page)).expanded, 'false');
      await page.keyboard.press('Tab');
    }
    const problems = console.filter((line) => /^(error|pageerror)/.test(line));
    assert.deepEqual(problems, [], 'no script error, no blocked resource');
  } finally {
    await browser.close();
    await site.stop();
    await pg?.drop();
  }
});
