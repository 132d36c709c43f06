import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { startSampleSite } from '../test/helpers/sample-site.js';

/**
 * `npm run lighthouse`: Lighthouse (npm) in Debian's Chromium against the home page, the
 * search page and a listing page of a server holding 40 sample listings, with Lighthouse's
 * default mobile emulation and throttling. Fails unless every score is at least 95. Reports
 * are kept in .tmp/lighthouse/.
 */
const run = promisify(execFile);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const MINIMUM = 95;
const out = resolve('.tmp/lighthouse');
mkdirSync(out, { recursive: true });

const site = await startSampleSite(40);
let failed = false;
try {
  const pages = { home: '/', search: '/listings?transaction=sale', listing: `/listings/${site.serviceIds[1]}` };
  console.log(`Lighthouse, mobile emulation, ${CHROMIUM}`);
  for (const [name, path] of Object.entries(pages)) {
    const { stdout } = await run(
      process.execPath,
      [
        resolve('node_modules/lighthouse/cli/index.js'),
        `${site.url}${path}`,
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        `--only-categories=${CATEGORIES.join(',')}`,
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run',
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
    );
    writeFileSync(join(out, `${name}.json`), stdout);
    const report = JSON.parse(stdout) as { categories: Record<string, { score: number }>; audits: Record<string, { score: number | null; title: string; scoreDisplayMode: string }> };
    const scores = CATEGORIES.map((c) => Math.round(report.categories[c]!.score * 100));
    console.log(`  ${name.padEnd(8)} ${path.padEnd(36)} ${CATEGORIES.map((c, i) => `${c} ${scores[i]}`).join('  ')}`);
    if (scores.some((s) => s < MINIMUM)) {
      failed = true;
      const weak = Object.values(report.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable');
      for (const audit of weak) console.log(`      ${audit.title} (${audit.score})`);
    }
  }
} finally {
  await site.stop();
}
if (failed) {
  console.log(`a score is under ${MINIMUM}`);
  process.exit(1);
}
