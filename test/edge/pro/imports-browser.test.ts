import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { createTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { openBrowser } from '../../helpers/browser.js';
import { fitsAndShoot } from '../../helpers/page-check.js';
import { signUpAgency } from '../../helpers/pro.js';
import { agencyZip } from '../../fixtures/poliris/archives.js';
import { agencyFileCsv, agencyFileLines, AGENCY_FILE, BAD_LINES } from '../../fixtures/poliris/agency-file.js';
import { RANK } from '../../../src/domain/poliris/ranks.js';

/**
 * « Importer un fichier » in Debian's Chromium, at a desktop's width (1280 px) and a phone's
 * (390 px): an agency with no developer picks its passerelle ZIP, sends the scriptless form,
 * and reads the report, its bad lines named by line, rank and field, in French. Nothing wider
 * than the screen; axe-core finds nothing. Screenshots go to .tmp/shots.
 */
test(`[${databaseKind}] in Chromium at 1280 and 390 px: a passerelle ZIP sent from the page, its report with the bad lines, the automatic sending`, async () => {
  const t = await createTestApp();
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await openBrowser();
  const folder = mkdtempSync(join(tmpdir(), 'passerelle-'));
  try {
    const pro = await signUpAgency(t, 'Agence du Vieux-Port');
    // Two bad lines of their own (other technical ids than the good lines').
    const bad = [BAD_LINES[0]!, BAD_LINES[5]!].map((entry, i) => {
      const line = [...entry.line];
      line[RANK.technicalId - 1] = `BAD-${i}`;
      return line;
    });
    const file = join(folder, 'export-passerelle.zip');
    writeFileSync(file, await agencyZip({ annonces: agencyFileCsv([...agencyFileLines(), ...bad]) }));

    const { page, console } = await browser.newPage();
    await page.context().addCookies([{ name: 'ls_pro', value: pro.browser.cookie.split('=')[1]!, url }]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${url}/pro/imports`);
    assert.equal(await page.evaluate<number>('document.scripts.length'), 0, 'the form works without script');
    await fitsAndShoot(page, 'pro-imports-empty', 1280);
    await page.setInputFiles('#f-fichier', file);
    await page.click('form[action="/pro/imports"] button[type=submit]');
    await page.waitForURL(/\/pro\/imports\/imp_/);
    const report = await page.locator('main').innerText();
    assert.match(report, /export-passerelle\.zip/);
    assert.match(report, new RegExp(`Créées\\s+${AGENCY_FILE.length}\\b`));
    assert.match(report, /Prix/, 'a bad line names its field');
    assert.match(report, /\b11\b/, 'and its rank');
    assert.match(report, /Château/, 'and the value it refused');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await fitsAndShoot(page, 'pro-import-report', width);
      await page.goto(`${url}/pro/imports`);
      assert.match(await page.locator('main').innerText(), /export-passerelle\.zip/, 'the last imports list it');
      await fitsAndShoot(page, 'pro-imports', width);
      await page.goBack();
    }
    // The page beside it: the file fetched from a URL, or dropped over SFTP.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${url}/pro/passerelle`);
      assert.match(await page.locator('main').innerText(), /SFTP/);
      await fitsAndShoot(page, 'pro-passerelle', width);
    }
    assert.deepEqual(console, []);
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await browser.close();
    await t.close();
  }
});
