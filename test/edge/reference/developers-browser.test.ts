import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { openBrowser } from '../../helpers/browser.js';
import { fitsAndShoot } from '../../helpers/page-check.js';

const { t } = useTestApp();

const PAGES = [
  ['/developers', 'developers-fr'],
  ['/developers/en', 'developers-en'],
  ['/errors', 'errors'],
  ['/errors/validation_error', 'error-page'],
  ['/support', 'support'],
] as const;

/** The best-practice rules axe-core once found broken here: landmarks, and code blocks a keyboard cannot scroll. */
const BEST_PRACTICE = `axe.run(document, { runOnly: { type: 'rule', values: ['region', 'landmark-one-main', 'scrollable-region-focusable', 'page-has-heading-one'] } })
  .then((r) => r.violations.map((v) => v.id + ': ' + JSON.stringify(v.nodes.map((n) => n.target))))`;

test(`[${databaseKind}] the developer pages in Chromium at 390 and 1280 px: no sideways scrolling, axe-core clean, landmarks`, async () => {
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await openBrowser();
  try {
    const { page } = await browser.newPage();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const [path, name] of PAGES) {
        const response = await page.goto(`${url}${path}`);
        assert.equal(response?.status(), 200, path);
        await fitsAndShoot(page, name, width);
        assert.deepEqual(await page.evaluate<string[]>(BEST_PRACTICE), [], `${path} at ${width} px`);
      }
    }
    // A code block wider than a phone scrolls within itself, and the keyboard reaches it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${url}/developers`);
    for (const label of ['Envoyer une annonce (curl)', 'Envoyer une annonce (TypeScript)', 'Envoyer une annonce (PHP)']) {
      const block = page.locator(`pre[aria-label="${label}"]`);
      assert.ok(await block.evaluate((pre) => pre.scrollWidth > pre.clientWidth), `${label}: wider than the phone`);
      assert.equal(await block.getAttribute('tabindex'), '0');
    }
  } finally {
    await browser.close();
  }
});
