import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { autoloadFromCheckout, phpSkip } from '../../helpers/php.js';

/**
 * The first steps of `/developers`, in each language they are written in, pasted in order by a
 * reader whose key is in `KEY`: curl with bash, TypeScript with this Node (which strips the types
 * of an `.mts` file itself) and `@listing-sync/client` from the workspace, PHP with `php` and a
 * `vendor/autoload.php` that loads packages/php-client. Without `php` on the PATH the PHP blocks
 * are skipped, except where REQUIRE_PHP=1 (CI installs PHP and sets it): there a missing PHP fails.
 */

// The suite runs from the repository root, from the sources or compiled into .tmp/suite/.
const ROOT = process.cwd();
const run = promisify(execFile);

/** What the service answered to the examples' calls: their output shows bodies, not statuses. */
const answered: Array<{ method: string; path: string; status: number }> = [];
const { t, agency } = useTestApp({
  agency: { plan: 'agence' },
  routes: (app) =>
    app.addHook('onResponse', async (request, reply) => {
      answered.push({ method: request.method, path: request.url, status: reply.statusCode });
    }),
});

const phpMissing = phpSkip('php');

const unescape = (html: string) =>
  html.replace(/&#34;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

interface Block {
  language: string;
  code: string;
  attributes: string;
}

/** The page's code blocks, as a reader copies them, each under the name of its language. */
const blocks = (html: string): Block[] =>
  [...html.matchAll(/<figure><figcaption>([^<]*)<\/figcaption><pre([^>]*)>([\s\S]*?)<\/pre><\/figure>/g)].map((m) => ({
    language: m[1]!,
    attributes: m[2]!,
    code: unescape(m[3]!),
  }));

async function firstStepBlocks(): Promise<Block[]> {
  const french = await t.app.inject({ method: 'GET', url: '/developers' });
  const english = await t.app.inject({ method: 'GET', url: '/developers/en' });
  assert.equal(french.statusCode, 200);
  assert.equal(english.statusCode, 200);
  const found = blocks(french.body);
  assert.equal(found.length, (french.body.match(/<pre/g) ?? []).length, 'every code block is under its language');
  assert.deepEqual(
    found.map((b) => b.language),
    ['curl', 'TypeScript', 'PHP', 'curl', 'TypeScript', 'PHP'],
  );
  assert.deepEqual(
    blocks(english.body).map((b) => b.code),
    found.map((b) => b.code),
    'the same code in both languages',
  );
  for (const block of found) assert.match(block.attributes, /^ tabindex="0" aria-label="[^"]+ \((curl|TypeScript|PHP)\)"$/);
  return found;
}

let listening: Promise<string> | undefined;
const serviceUrl = () => (listening ??= t.app.listen({ port: 0, host: '127.0.0.1' }));

/** Runs one block as its reader would, with the key in the environment; answers what it printed. */
async function runBlock(block: Block, url: string, key: string, workDir: string): Promise<string> {
  const { baseUrl } = t.app.services.config;
  const code = block.code.replaceAll(baseUrl, url);
  const env = { ...process.env, KEY: key };
  if (block.language === 'curl') {
    return (await run('bash', ['-euc', code.replace(/^curl /, 'curl -sS ')], { env })).stdout;
  }
  const file = join(workDir, block.language === 'PHP' ? 'step.php' : 'step.mts');
  writeFileSync(file, code);
  const [command, args] = block.language === 'PHP' ? ['php', [file]] : [process.execPath, [file]];
  return (await run(command, args, { cwd: workDir, env })).stdout;
}

/**
 * One block, run: the key check answers the agency; a listing sent answers 201 (a listing of its
 * own: it overwrote no other), approved at once, at a public address that serves it.
 */
async function runAndCheck(block: Block, workDir: string): Promise<void> {
  const from = answered.length;
  const output = await runBlock(block, await serviceUrl(), agency.live, workDir);
  const calls = answered.slice(from).filter((call) => call.path.startsWith('/v1/'));
  const what = `${block.language}: ${block.code.slice(0, 200)}\n${output}`;
  const body = JSON.parse(output);
  if (calls[0]?.path === '/v1/me') {
    assert.deepEqual(calls, [{ method: 'GET', path: '/v1/me', status: 200 }], what);
    assert.equal(body.agency.agencyId, agency.agencyId, what);
    return;
  }
  assert.deepEqual(calls, [{ method: 'POST', path: '/v1/listings', status: 201 }], what);
  assert.equal(body.outcome, 'created', what);
  assert.equal(body.moderation.state, 'approved', `held for review: ${what}`);
  assert.notEqual(body.externalId, 'A-1', 'never the README’s listing');
  const publicPage = await t.app.inject({ method: 'GET', url: new URL(body.publicUrl).pathname });
  assert.equal(publicPage.statusCode, 200, `the listing is on the public site: ${what}`);
}

test(`[${databaseKind}] /developers (French) and /developers/en show each step in curl, TypeScript and PHP, the same code in both`, async () => {
  const found = await firstStepBlocks();
  const externalIds = found.map((b) => /DEV-[A-Z]*-?1/.exec(b.code)?.[0]).filter(Boolean);
  assert.deepEqual(externalIds, ['DEV-1', 'DEV-TS-1', 'DEV-PHP-1'], 'a listing of its own per language');
  const french = await t.app.inject({ method: 'GET', url: '/developers' });
  assert.match(french.body, /<html lang="fr">/);
  assert.match(french.body, /<h2>Premiers pas<\/h2>/);
  assert.match(french.body, /href="\/developers\/en"/);
  assert.match((await t.app.inject({ method: 'GET', url: '/developers/en' })).body, /<html lang="en">/);
});

test(`[${databaseKind}] the first steps' blocks, run in the page's order by one agency, end with public listings`, async (context) => {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  // Inside the repository, so that `@listing-sync/client` resolves from the workspace's node_modules.
  const workDir = mkdtempSync(join(ROOT, '.tmp', 'first-steps-'));
  try {
    autoloadFromCheckout(workDir);
    for (const [index, block] of (await firstStepBlocks()).entries()) {
      const skip = block.language === 'PHP' ? phpMissing : false;
      await context.test(`block ${index + 1}, ${block.language}`, { skip }, () => runAndCheck(block, workDir));
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
});
