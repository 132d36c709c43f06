import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { useTestApp } from '../helpers/app.js';
import { databaseKind } from '../helpers/database.js';
import { ingestItem } from '../helpers/listings.js';
import { autoloadFromCheckout, phpSkip, runCommand } from '../helpers/php.js';
import { contact, publicListing } from '../helpers/site.js';

/**
 * The PHP client's README examples, run as written: the push example against the service (with
 * a file of listings, one of them refused, and a visitor's contact to list), and the webhook
 * endpoint under PHP's own web server, given a delivery signed as the service signs them.
 */
const README = 'packages/php-client/README.md';
const { t } = useTestApp();
const skip = phpSkip('php');

const phpBlocks = () => [...readFileSync(README, 'utf8').matchAll(/```php\n([\s\S]*?)```/g)].map((m) => m[1]!);

/** A folder standing for a Composer project, its vendor/autoload.php loading the package from this checkout. */
function composerProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'listing-sync-php-readme-'));
  autoloadFromCheckout(dir);
  return dir;
}

test(
  `[${databaseKind}] the README's push example pushes a file, names the refused listing, and lists listings and leads`,
  { skip },
  async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const agency = await t.agency();
    const serviceId = await publicListing(t, agency.live, 'README-PHP-LEAD');
    assert.equal((await contact(t, serviceId, { name: 'Dominique', email: 'dominique@example.org', message: 'Libre ?' })).statusCode, 200);
    const dir = composerProject();
    try {
      const listings = [ingestItem('README-0'), ingestItem('README-1', { price: -1 }), ingestItem('README-2')];
      writeFileSync(join(dir, 'listings.ndjson'), listings.map((listing) => JSON.stringify(listing)).join('\n') + '\n');
      writeFileSync(join(dir, 'example.php'), phpBlocks()[0]!);
      const ran = await runCommand('php', ['example.php'], { cwd: dir, env: { LISTING_SYNC_URL: url, LISTING_SYNC_KEY: agency.live } });
      assert.equal(ran.code, 0, ran.output);
      assert.match(ran.stdout, /^2 created, 0 updated, 1 rejected$/m);
      assert.match(ran.stdout, /^#1 README-1: \S/m);
      assert.match(ran.stdout, /^README-0 active approved$/m);
      assert.match(ran.stdout, /^README-PHP-LEAD active approved$/m);
      assert.match(ran.stdout, /^lead_\w+: Dominique wrote about README-PHP-LEAD$/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test("the README's webhook endpoint answers 204 to a signed delivery and 400 to a forged one", { skip }, async () => {
  const dir = composerProject();
  const secret = `whsec_${Buffer.from('a secret of thirty-two bytes!!!!').toString('base64')}`;
  writeFileSync(join(dir, 'webhook.php'), phpBlocks()[1]!);
  const port = await freePort();
  const server = spawn('php', ['-S', `127.0.0.1:${port}`, 'webhook.php'], { cwd: dir, env: { ...process.env, WEBHOOK_SECRET: secret } });
  try {
    await waitForPort(port);
    const body = JSON.stringify({ type: 'listing.published', timestamp: new Date().toISOString(), data: { serviceId: 'lst_1' } });
    const id = 'msg_readme';
    const now = new Date();
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, now, body),
    };
    const post = (payload: string) => fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers, body: payload });
    assert.equal((await post(body)).status, 204);
    assert.equal((await post(body.replace('lst_1', 'lst_2'))).status, 400);
  } finally {
    server.kill();
    await once(server, 'exit');
    rmSync(dir, { recursive: true, force: true });
  }
});

function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

async function waitForPort(port: number): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`, { method: 'HEAD' });
      return;
    } catch {
      await new Promise((wait) => setTimeout(wait, 50));
    }
  }
  throw new Error(`php -S did not listen on ${port}`);
}
