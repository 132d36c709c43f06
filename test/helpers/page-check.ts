import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';

/** Checks of a page as a browser shows it, at a given width: no sideways scrolling, axe-core clean, a screenshot to look at. */

/** Where the screenshots of the width checks go, to be looked at. */
export const SHOTS = resolve('.tmp/shots');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG 2.1 A and AA violations on the page (evaluated through the DevTools protocol, which the CSP does not apply to). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = await page.evaluate<Array<{ id: string; nodes: Array<{ target: unknown }> }>>(
    `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }).then((r) => r.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => ({ target: n.target })) })))`,
  );
  return violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

export async function fitsAndShoot(page: Page, name: string, width: number): Promise<void> {
  assert.equal(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'), 0, `${name} fits ${width} px`);
  assert.deepEqual(await axeViolations(page), [], `${name} at ${width} px: axe-core`);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
}
