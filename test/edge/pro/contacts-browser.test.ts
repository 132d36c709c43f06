import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { openBrowser } from '../../helpers/browser.js';
import { fitsAndShoot } from '../../helpers/page-check.js';
import { agencyWithListing, mailsTo, visitorWrites } from './contacts-setup.js';

/**
 * The pro inbox and a conversation in Debian's Chromium, at a desktop's width (1280 px) and a
 * phone's (390 px): no sideways scrolling, axe-core finds nothing; the pages carry no script, and
 * the filters and the reply form are plain GET and POST forms. Screenshots go to .tmp/shots.
 */
test(`[${databaseKind}] in Chromium at 1280 and 390 px, scriptless pages: the inbox filters, a conversation is read and answered`, async () => {
  const t = await createTestApp();
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await openBrowser();
  try {
    const agency = await agencyWithListing(t, 'Appartement traversant avec balcon filant, quartier Saint-Paul');
    const start = Date.now() - 3600_000;
    await visitorWrites(t, agency.serviceId, { name: 'Alix Dupont', message: 'Bonjour, est-il toujours disponible ?' }, new Date(start));
    const archived = await visitorWrites(t, agency.serviceId, { name: 'Basile Archivé' }, new Date(start + 60_000));
    const long = await visitorWrites(
      t,
      agency.serviceId,
      {
        name: 'Marie-Charlotte de La Tour-Saint-Aubin',
        phone: '06 12 34 56 78',
        message: `Bonjour,\n\nnous cherchons un appartement familial et le vôtre nous intéresse beaucoup. ${'Pourriez-vous nous dire si la cave est comprise, et quel est le montant des charges ? '.repeat(4)}\n\nMerci !`,
      },
      new Date(start + 120_000),
    );
    await agency.browser.post(`/pro/contacts/${archived.leadId}/status`, { status: 'archived' });

    const { page, console } = await browser.newPage();
    await page.context().addCookies([{ name: 'ls_pro', value: agency.browser.cookie.split('=')[1]!, url }]);
    /** The pages carry no script at all: their forms are plain GET and POST forms, which work without it. */
    const noScript = async () => assert.equal(await page.evaluate<number>('document.scripts.length'), 0, page.url());

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${url}/pro/contacts`);
      assert.match(
        await page.locator('nav[aria-label="Espace pro"] a[href="/pro/contacts"]').innerText(),
        /^Contacts 3\s+contacts non lus$/,
        'the unread, archived ones included',
      );
      await noScript();
      await fitsAndShoot(page, 'pro-contacts', width);

      await page.selectOption('#f-statut', 'archived');
      await page.click('form[action="/pro/contacts"] button[type=submit]');
      await page.waitForURL(/statut=archived/);
      assert.deepEqual(await page.locator('table.list tbody tr td:first-child a').allInnerTexts(), ['Basile Archivé']);
    }

    const conversation = `${url}/pro/contacts/${long.leadId}`;
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      assert.equal((await page.goto(conversation))?.status(), 200, await page.locator('main').innerText());
      await noScript();
      await fitsAndShoot(page, 'pro-conversation', width);
    }

    // A refused reply comes back with its message, focused; then a reply is sent.
    await page.click('form[action$="' + long.leadId + '"] button[type=submit]');
    await page.waitForSelector('#erreurs');
    assert.equal(await page.evaluate<string | undefined>('document.activeElement?.id'), 'erreurs');
    assert.match(await page.locator('#e-text').innerText(), /Écrivez votre message\./);
    await fitsAndShoot(page, 'pro-conversation-refused', 390);
    await page.setViewportSize({ width: 1280, height: 900 });
    const answer = 'Bonjour Madame,\n\nla cave est comprise ; les charges sont de 180 € par mois. Visite possible samedi.';
    await page.fill('#f-text', answer);
    await page.click('form[action$="' + long.leadId + '"] button[type=submit]');
    await page.waitForURL(/fait=reponse/);
    assert.match(await page.locator('.notice.ok').innerText(), /Votre réponse a été envoyée au visiteur par e-mail\./);
    assert.ok((await mailsTo(t, long.email)).some((mail) => mail.text_body.includes('les charges sont de 180 € par mois')));
    await fitsAndShoot(page, 'pro-conversation-replied', 1280);

    await page.click('a:has-text("Bloquer ce visiteur…")');
    await fitsAndShoot(page, 'pro-contact-block', 1280);
    await page.click('main button.secondary');
    await page.waitForURL(/fait=bloque/);
    assert.ok(await page.locator('text=Visiteur bloqué').first().isVisible());

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${url}/pro/account`);
      await noScript();
      await fitsAndShoot(page, 'pro-account', width);
    }
    await page.check('input[name=leadMail][value=digest]');
    await page.click('form[action="/pro/account/lead-mail"] button[type=submit]');
    await page.waitForURL(/fait=prevenu/);
    assert.ok(await page.isChecked('input[name=leadMail][value=digest]'));

    assert.deepEqual(
      console.filter((line) => !line.startsWith('log') && !/status of 400/.test(line)), // the refused reply answers 400
      [],
      'no console errors, no CSP refusals',
    );
  } finally {
    await browser.close();
    await t.close();
  }
});
