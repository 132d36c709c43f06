import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { useTestApp } from '../helpers/app.js';
import { databaseKind } from '../helpers/database.js';
import { phpSkip, runCommand as run } from '../helpers/php.js';
import { startPhpHarness, type PhpHarness } from './harness.js';

/**
 * The PHP client's PHPUnit suite (packages/php-client/tests), run by Debian's `php` and `phpunit`
 * against this service listening on a loopback port, on whichever database the suite runs on.
 * The PHP tests ask a small harness for agencies and webhook deliveries, and script a proxy that
 * answers 429, 503 or drops the connection (./harness.ts). Without `php` on the PATH the tests
 * are skipped, except where REQUIRE_PHP=1 (CI installs PHP and sets it): there a missing PHP fails.
 */
const PACKAGE = 'packages/php-client';
const { t } = useTestApp({ env: { WEBHOOK_DELIVERY: '1', WEBHOOK_ALLOW_PRIVATE: '1' } });

const skip = phpSkip('php', 'phpunit');

test(`[${databaseKind}] the PHP client's PHPUnit suite passes against the service`, { skip, timeout: 240_000 }, async () => {
  const serviceUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  let harness: PhpHarness | undefined;
  try {
    harness = await startPhpHarness(t, serviceUrl);
    const env = { LISTING_SYNC_URL: serviceUrl, LISTING_SYNC_HARNESS: harness.url, LISTING_SYNC_PROXY: harness.proxyUrl };
    const { code, output } = await run('phpunit', ['-c', `${PACKAGE}/phpunit.xml.dist`, '--colors=never'], { env });
    assert.equal(code, 0, output);
    // A suite that ran nothing passes too: it must have run every test class.
    const ran = /OK \((\d+) tests?, (\d+) assertions?\)/.exec(output);
    assert.ok(ran, output);
    assert.ok(Number(ran[1]) >= 20 && Number(ran[2]) >= 80, `too few tests or assertions: ${ran[0]}`);
  } finally {
    await harness?.close();
  }
});

test('composer validates the PHP package', { skip: phpSkip('composer') }, async () => {
  const { code, output } = await run('composer', ['validate', '--strict', '--no-check-publish', '-d', PACKAGE]);
  assert.equal(code, 0, output);
});

const PHPDOC_PARSER = '/usr/share/php/PHPStan/PhpDocParser/autoload.php';
test(
  'every docblock of the PHP package, the generated array shapes among them, parses with PHPStan’s PHPDoc parser',
  { skip: skip || (existsSync(PHPDOC_PARSER) ? false : 'php-phpstan-phpdoc-parser is not installed') },
  async () => {
    const files = ['src', 'src/Helpers', 'tests'].flatMap((dir) =>
      readdirSync(`${PACKAGE}/${dir}`)
        .filter((name) => name.endsWith('.php'))
        .map((name) => `${PACKAGE}/${dir}/${name}`),
    );
    const { code, output } = await run('php', ['scripts/php/check-phpdoc.php', ...files]);
    assert.equal(code, 0, output);
    const tags = Number(/^(\d+) tags/m.exec(output)?.[1]);
    assert.ok(tags > 200, `only ${tags} tags read: ${output}`);
  },
);

test('PHP_CodeSniffer finds no PSR-12 error nor warning in the PHP package', { skip: phpSkip('phpcs') }, async () => {
  const { code, output } = await run('phpcs', ['--standard=PSR12', '--report=emacs', `${PACKAGE}/src`, `${PACKAGE}/tests`]);
  assert.equal(code, 0, output);
});
