import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/platform/config.js';
import { startServer } from '../../../src/main/server.js';
import { createEmptyPostgresDatabase, databaseKind, onPostgres } from '../../helpers/database.js';
import { openBrowser } from '../../helpers/browser.js';

test(`[${databaseKind}] /docs "Try it out" works in Chromium from the address the start banner prints`, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'listing-sync-docs-'));
  const pg = onPostgres ? await createEmptyPostgresDatabase() : null;
  const lines: string[] = [];
  // BASE_URL stays the default (localhost), as on a first `npm start`: the page must not depend on it.
  const server = await startServer(
    loadConfig({ PORT: '0', DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent', ...(pg ? { DATABASE_URL: pg.url } : {}) }),
    {
      print: (line) => lines.push(line),
    },
  );
  const browser = await openBrowser();
  try {
    const banner = lines.join('\n');
    const docsUrl = /API docs\s+(\S+)/.exec(banner)?.[1];
    assert.ok(docsUrl, banner);
    assert.ok(docsUrl.startsWith(server.url), 'the banner names the docs at the listening address');
    const liveKey = /LIVE\s+(svc_pk_LIVE_\w+)/.exec(banner)![1]!;

    const { page, console } = await browser.newPage();
    await page.goto(docsUrl);
    const operation = page.locator('#operations-v1-getMe');
    await operation.waitFor();
    await browser.screenshot(page, 'docs-loaded');

    await page.getByRole('button', { name: 'Authorize' }).first().click();
    // The dialog lists every scheme (API keys, the relay's token): the API key's form is the one for v1.
    const apiKeyForm = page.locator('.modal-ux form', { hasText: 'bearerAuth' });
    await apiKeyForm.locator('input').fill(liveKey);
    await apiKeyForm.locator('button.authorize').click();
    await apiKeyForm.locator('button.btn-done').click();

    await operation.locator('.opblock-summary').click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    await operation.getByRole('button', { name: 'Execute' }).click();
    const status = operation.locator('.live-responses-table .response .response-col_status').first();
    await status.waitFor({ timeout: 15_000 });
    await operation.scrollIntoViewIfNeeded();
    await browser.screenshot(page, 'docs-try-it-out');
    assert.equal((await status.innerText()).trim(), '200');
    const shown = await operation.locator('.live-responses-table .response-col_description pre').first().innerText();
    assert.match(shown, /"plan"/, 'the response body of /v1/me is shown');
    const requestUrl = await operation.locator('.request-url pre').innerText();
    assert.equal(requestUrl.trim(), `${server.url}/v1/me`, 'the call went to the address the page came from');

    // The reference pages a problem's type URI and the root lead to, styled by their local stylesheet.
    for (const [path, name] of [
      ['/errors/validation_error', 'error-page'],
      ['/developers', 'first-steps'],
    ] as const) {
      const response = await page.goto(`${server.url}${path}`);
      assert.equal(response?.status(), 200, path);
      assert.equal(await page.evaluate('getComputedStyle(document.body).maxWidth'), '736px', `${path} has its stylesheet`);
      await browser.screenshot(page, name);
    }

    const refused = console.filter((line) => /Refused to|Content Security Policy|Failed to fetch/i.test(line));
    assert.deepEqual(refused, [], 'no request or style is blocked by the page’s own security policy');
  } finally {
    await browser.close();
    await server.stop();
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});
