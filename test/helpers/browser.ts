import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/**
 * Debian's Chromium driven by playwright-core (pinned to the release made for its major
 * version); CI installs the `chromium` package, nothing downloads a browser.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The widths every page is looked at (a phone's, a desktop's), with their heights. */
export const PHONE_AND_DESKTOP = [
  [390, 844],
  [1280, 900],
] as const;

/** Screenshots are kept as artefacts here, to be looked at. */
export const ARTEFACTS_DIR = resolve('.tmp/browser');

export interface BrowserSession {
  context: BrowserContext;
  /** A new tab that records console messages and page errors, CSP refusals included. */
  newPage(): Promise<{ page: Page; console: string[] }>;
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Waits until `expression`, evaluated in the page, is true. Playwright's waitForFunction runs its
 * predicate through eval in the page, which the site's Content-Security-Policy forbids (it gets
 * through only by a race in Chromium); page.evaluate is not subject to it.
 */
export async function waitInPage(page: Page, expression: string, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await page.evaluate<boolean>(expression))) {
    if (Date.now() > until) throw new Error(`still false after ${timeoutMs} ms in the page: ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function openBrowser(): Promise<BrowserSession> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: install Debian's package (apt-get install chromium), as .ci/run does`);
  }
  const profile = mkdtempSync(join(tmpdir(), 'listing-sync-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1280, height: 900 },
  });
  mkdirSync(ARTEFACTS_DIR, { recursive: true });
  return {
    context,
    async newPage() {
      const page = await context.newPage();
      const console: string[] = [];
      page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`));
      page.on('pageerror', (error) => console.push(`pageerror: ${error.message}`));
      return { page, console };
    },
    async screenshot(page, name) {
      const path = join(ARTEFACTS_DIR, `${name}.png`);
      await page.screenshot({ path, fullPage: false });
      return path;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A page's console had no script error, page error or refused resource (CSP refusals are errors). */
export function assertNoScriptErrors(console: readonly string[]): void {
  assert.deepEqual(
    console.filter((line) => /^(error|pageerror)/.test(line)),
    [],
    'no script error, no blocked resource',
  );
}

/** A page's console held nothing but its own logging: no error, no warning, no CSP refusal. */
export function assertNothingButLogs(console: readonly string[]): void {
  assert.deepEqual(
    console.filter((line) => !line.startsWith('log')),
    [],
    'no console errors, no CSP refusals',
  );
}
