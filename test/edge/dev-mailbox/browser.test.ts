import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { createTestApp } from '../../helpers/app.js';
import { databaseKind, isolatedTestDatabase } from '../../helpers/database.js';
import { openBrowser, assertNothingButLogs } from '../../helpers/browser.js';
import { contact, publicListing } from '../../helpers/site.js';
import { addProUser, mailsSettled } from '../../helpers/smtp.js';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SHOTS = resolve('.tmp/shots');

/** axe-core's violations on the page (injected through the debugger protocol, which the page's CSP does not govern). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const result = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }> } }).axe;
    return (await axe.run()).violations.map((v) => `${v.id} (${v.nodes.length})`);
  });
  return result;
}

/**
 * The embedded mailbox in Debian's Chromium at a phone's and a desktop's width: accessible
 * (axe-core), the mail's HTML shown in its sandboxed frame with the visitor's text as text,
 * no script run, no console error. Screenshots go to .tmp/shots.
 */
test(`[${databaseKind}] in Chromium: the mailbox and a mail, at 390 and 1280 px`, async () => {
  const isolated = await isolatedTestDatabase();
  const t = await createTestApp({ db: isolated.db, env: { SITE_URL: 'https://annonces.example' } });
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await openBrowser();
  mkdirSync(SHOTS, { recursive: true });
  try {
    const agency = await t.agency({ name: 'Agence du Parc' });
    await addProUser(t.db, agency.agencyId, 'accueil@agence-du-parc.example', 'admin');
    await addProUser(t.db, agency.agencyId, 'negociatrice.avec.une.adresse.longue@agence-du-parc.example', 'agent');
    const serviceId = await publicListing(t, agency.live, 'BRW-MAIL', { title: 'Appartement T3 lumineux avec balcon', city: 'Lyon' });
    const message = 'Bonjour,\nle bien est-il toujours disponible ? <script>alert(1)</script>';
    assert.equal(
      (await contact(t, serviceId, { name: 'Camille Martin', email: 'camille@example.org', phone: '06 11 22 33 44', message })).statusCode,
      200,
    );
    const rows = await mailsSettled(t.db);
    const { page, console } = await browser.newPage();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`${url}/dev/mailbox`);
      assert.equal(await page.locator('tbody tr').count(), 3, 'two pro users told, the visitor’s acknowledgement');
      await page.screenshot({ path: join(SHOTS, `mailbox-${width}.png`), fullPage: true });
      assert.deepEqual(await axeViolations(page), [], `the list at ${width} px`);

      await page.click(`a[href="/dev/mailbox/${rows[0]!.id}"]`);
      await page.waitForURL(/\/dev\/mailbox\/\d+$/);
      const frame = page.frameLocator('iframe.mail-html');
      await frame.locator('text=Le visiteur').waitFor();
      assert.match(await frame.locator('body').innerText(), /<script>alert\(1\)<\/script>/, 'the visitor’s markup shows as text');
      assert.equal(await frame.locator('script').count(), 0);
      // The whole mail shows in its frame, down to its button, without a scroll inside the frame.
      const mailFrame = page.frames().find((candidate) => candidate !== page.mainFrame())!;
      const mailHeight = await mailFrame.evaluate<number>('document.documentElement.scrollHeight');
      const frameHeight = (await page.locator('iframe.mail-html').boundingBox())!.height;
      assert.ok(mailHeight <= frameHeight, `the mail (${mailHeight} px) fits its frame (${frameHeight} px) at ${width} px`);
      await page.screenshot({ path: join(SHOTS, `mail-${width}.png`), fullPage: true });
      assert.deepEqual(await axeViolations(page), [], `the mail at ${width} px`);
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
      assert.ok(overflow <= 0, `nothing wider than the screen at ${width} px (${overflow} px)`);
    }
    assertNothingButLogs(console);
  } finally {
    await browser.close();
    await t.close();
    await isolated.close();
  }
});
