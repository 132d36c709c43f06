import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { startSampleSite } from '../test/helpers/sample-site.js';
import { createTestApp } from '../test/helpers/app.js';
import { createOperator, submitLogin } from '../test/helpers/back-office.js';
import { signUpAgency } from '../test/helpers/pro.js';
import { v1Body } from '../test/helpers/v1.js';

/**
 * `npm run lighthouse`: Lighthouse (npm) in Debian's Chromium, with its default mobile
 * emulation and throttling, against the public site (home, search, a listing of a server
 * holding 40 sample listings: every category) and the back-office signed in (the moderation
 * queue and the verification page) and the pro space signed in (the key page and the
 * listings): accessibility and best practices, as pages no search engine sees. Fails unless every score is at least 95. Reports are kept in .tmp/lighthouse/.
 */
const run = promisify(execFile);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ALL = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const SIGNED_IN = ['accessibility', 'best-practices'] as const;
const MINIMUM = 95;
const out = resolve('.tmp/lighthouse');
mkdirSync(out, { recursive: true });
let failed = false;

async function audit(name: string, url: string, categories: readonly string[], headers?: Record<string, string>) {
  const { stdout } = await run(
    process.execPath,
    [
      resolve('node_modules/lighthouse/cli/index.js'),
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--only-categories=${categories.join(',')}`,
      ...(headers ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run',
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
  );
  writeFileSync(join(out, `${name}.json`), stdout);
  const report = JSON.parse(stdout) as {
    categories: Record<string, { score: number }>;
    audits: Record<string, { score: number | null; title: string; scoreDisplayMode: string }>;
  };
  const scores = categories.map((c) => Math.round(report.categories[c]!.score * 100));
  console.log(`  ${name.padEnd(14)} ${new URL(url).pathname.padEnd(36)} ${categories.map((c, i) => `${c} ${scores[i]}`).join('  ')}`);
  if (scores.some((s) => s < MINIMUM)) {
    failed = true;
    const weak = Object.values(report.audits).filter(
      (a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable',
    );
    for (const audit of weak) console.log(`      ${audit.title} (${audit.score})`);
  }
}

console.log(`Lighthouse, mobile emulation, ${CHROMIUM}`);
const site = await startSampleSite(40);
try {
  const pages = { home: '/', search: '/listings?transaction=sale', listing: `/listings/${site.serviceIds[1]}` };
  for (const [name, path] of Object.entries(pages)) await audit(name, `${site.url}${path}`, ALL);
} finally {
  await site.stop();
}

// The back-office, signed in, with a queue and agencies awaiting verification to show.
const backOffice = await createTestApp();
try {
  const url = await backOffice.app.listen({ port: 0, host: '127.0.0.1' });
  const agency = (await backOffice.admin('POST', '/agencies', { name: 'Immo Lighthouse', plan: 'agence', verified: true })).json();
  for (let i = 0; i < 12; i++) {
    await backOffice.call('POST', '/v1/listings', agency.keys.live, v1Body(`LH-${i}`, { dpe: null, ges: null }));
    await backOffice.admin('POST', '/agencies', { name: `Agence en attente ${i}`, plan: 'solo', siren: '732829320', verified: false });
  }
  const operator = await createOperator(backOffice);
  const login = await submitLogin(backOffice, operator.email, operator.password);
  const cookie = ([] as string[])
    .concat(login.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('ls_admin='))!
    .split(';')[0]!;
  for (const [name, path] of Object.entries({ 'admin-queue': '/admin/moderation', 'admin-verify': '/admin/verifications' })) {
    await audit(name, `${url}${path}`, SIGNED_IN, { Cookie: cookie });
  }
  // The pro space of an agency with calls in its log and listings to show.
  const pro = await signUpAgency(backOffice, 'Agence Lighthouse');
  for (let i = 0; i < 5; i++) {
    await backOffice.call('POST', '/sandbox/v1/listings', pro.testKey, v1Body(`PRO-LH-${i}`));
    await backOffice.call('GET', '/sandbox/v1/listings/lst_000000000000000000', pro.testKey);
  }
  await backOffice.services.requestLog.flush();
  for (const [name, path] of Object.entries({ 'pro-api-keys': '/pro/api-keys', 'pro-listings': '/pro/listings' })) {
    await audit(name, `${url}${path}`, SIGNED_IN, { Cookie: pro.browser.cookie });
  }
} finally {
  await backOffice.close();
}

if (failed) {
  console.log(`a score is under ${MINIMUM}`);
  process.exit(1);
}
