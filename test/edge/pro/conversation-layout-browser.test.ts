import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { openBrowser, assertNothingButLogs } from '../../helpers/browser.js';
import { fitsAndShoot } from '../../helpers/page-check.js';
import { agencyWithListing, visitorWrites } from './contacts-setup.js';

/**
 * How a conversation and the inbox's filters are laid out, in Chromium at a desktop's width
 * (1280 px) and a phone's (390 px): the reply box takes most of the column, a card's heading
 * starts at the card's padding, and « Filtrer » stands centred on the controls of its line.
 * Screenshots go to .tmp/shots.
 */

interface Box {
  top: number;
  bottom: number;
  width: number;
}

const boxOf = (page: Page, selector: string) =>
  page.evaluate<Box>(
    `(() => { const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect(); return { top: r.top, bottom: r.bottom, width: r.width }; })()`,
  );

/** Each card's first child: how far below the card's border and padding it starts (0 when none is added). */
const cardGaps = (page: Page) =>
  page.evaluate<Array<{ card: string; gap: number }>>(`[...document.querySelectorAll('.compare section, ol.queue > li')].map((card) => {
    const style = getComputedStyle(card);
    const inside = card.getBoundingClientRect().top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop);
    const first = card.firstElementChild;
    return { card: first.tagName.toLowerCase() + ' « ' + first.textContent.trim() + ' »', gap: first.getBoundingClientRect().top - inside };
  })`);

/** The width main gives its content. */
const mainColumn = (page: Page) =>
  page.evaluate<number>(
    `(() => { const main = document.querySelector('main'), style = getComputedStyle(main); return main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight); })()`,
  );

test(`[${databaseKind}] in Chromium at 1280 and 390 px: a wide reply box, cards without a band over their heading, « Filtrer » in line with its controls`, async () => {
  const t = await createTestApp();
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await openBrowser();
  try {
    const agency = await agencyWithListing(t, 'Maison de ville avec jardin, quartier de la Croix-Rousse');
    const lead = await visitorWrites(t, agency.serviceId, { name: 'Inès Moreau', message: 'Bonjour, le jardin est-il exposé au sud ?' });
    const replied = await agency.browser.post(`/pro/contacts/${lead.leadId}`, { text: 'Bonjour, oui, plein sud.' });
    assert.equal(replied.statusCode, 303, replied.body);

    const { page, console } = await browser.newPage();
    await page.context().addCookies([{ name: 'ls_pro', value: agency.browser.cookie.split('=')[1]!, url }]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });

      await page.goto(`${url}/pro/contacts/${lead.leadId}`);
      const column = await mainColumn(page);
      const reply = await boxOf(page, '#f-text');
      assert.ok(reply.width >= 0.6 * column, `${width} px: the reply box is ${reply.width} px wide in a column of ${column} px`);
      const gaps = await cardGaps(page);
      assert.equal(gaps.length, 4, 'the listing, the visitor and the two messages');
      for (const { card, gap } of gaps) assert.ok(Math.abs(gap) <= 2, `${width} px: ${card} starts ${gap} px below the card's padding`);
      const send = await boxOf(page, 'main form:last-of-type button[type=submit]');
      const footer = await boxOf(page, 'footer.site');
      assert.ok(
        footer.top - send.bottom >= 24,
        `${width} px: « Envoyer la réponse » ends ${footer.top - send.bottom} px above the footer's line`,
      );
      await fitsAndShoot(page, 'pro-conversation-layout', width);

      await page.goto(`${url}/pro/contacts`);
      const button = await boxOf(page, 'form[aria-label="Filtrer les contacts"] button');
      const centre = (box: Box) => (box.top + box.bottom) / 2;
      const controls = { select: await boxOf(page, '#f-statut'), checkbox: await boxOf(page, 'input[name=nonlus]') };
      const onItsLine = Object.entries(controls).filter(([, box]) => box.top < button.bottom && button.top < box.bottom);
      assert.ok(onItsLine.length > 0, `${width} px: « Filtrer » stands beside a control, not alone on its line`);
      for (const [name, box] of onItsLine) {
        assert.ok(
          Math.abs(centre(box) - centre(button)) <= 1,
          `${width} px: « Filtrer » centred at ${centre(button)} px, the ${name} beside it at ${centre(box)} px`,
        );
      }
      if (width === 1280)
        assert.ok(
          onItsLine.some(([name]) => name === 'select'),
          'on a desktop, beside its select',
        );
      await fitsAndShoot(page, 'pro-contacts-filters', width);
    }
    assertNothingButLogs(console);
  } finally {
    await browser.close();
    await t.close();
  }
});
