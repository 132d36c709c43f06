import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { useTestApp } from '../helpers/app.js';
import { databaseKind } from '../helpers/database.js';
import { ingestItem } from '../helpers/listings.js';
import { phpSkip } from '../helpers/php.js';

/**
 * An outsider installs the PHP client as docs/integrator-kit.md says: in their own Composer
 * project, a `path` repository pointing at packages/php-client of a checkout, then `composer
 * require listing-sync/client:@dev`, and uses it through Composer's autoloader. Packagist is
 * turned off and Composer's network with it: the package needs nothing but PHP's extensions.
 * Without `php` and `composer` on the PATH the test is skipped, except where REQUIRE_PHP=1 (CI
 * installs both and sets it): there a missing one fails.
 */

// The suite runs from the repository root, from the sources or compiled into .tmp/suite/.
const ROOT = process.cwd();
const { t } = useTestApp();

const skip = phpSkip('php', 'composer');

/** The outsider's project, exactly as docs/integrator-kit.md writes it, the checkout's path aside. */
const composerProject = (packagePath: string) => ({
  repositories: [{ type: 'path', url: packagePath, options: { symlink: false } }, { 'packagist.org': false }],
});

const SCRIPT = `<?php
require 'vendor/autoload.php';

$client = new ListingSync\\Client(['baseUrl' => getenv('URL'), 'key' => getenv('KEY')]);
$me = $client->getMe();
$summary = $client->pushListings([json_decode(getenv('LISTING'), true)]);
echo json_encode(['agencyId' => $me['agency']['agencyId'], 'created' => $summary['created'], 'errors' => $summary['errors']]);
`;

test(
  `[${databaseKind}] the PHP client installs with Composer from a path repository, offline, and pushes a listing through vendor/autoload.php`,
  { skip, timeout: 120_000 },
  async () => {
    const outsider = mkdtempSync(join(tmpdir(), 'listing-sync-php-outsider-'));
    try {
      const home = join(outsider, '.composer-home');
      mkdirSync(home);
      const composerEnv = {
        ...process.env,
        COMPOSER_HOME: home,
        COMPOSER_CACHE_DIR: join(home, 'cache'),
        COMPOSER_NO_INTERACTION: '1',
        COMPOSER_DISABLE_NETWORK: '1',
      };
      const project = join(outsider, 'crm');
      mkdirSync(project);
      writeFileSync(join(project, 'composer.json'), JSON.stringify(composerProject(join(ROOT, 'packages/php-client')), null, 2));
      const required = spawnSync('composer', ['require', 'listing-sync/client:@dev', '--no-interaction', '--no-audit'], {
        cwd: project,
        env: composerEnv,
        encoding: 'utf8',
      });
      assert.equal(required.status, 0, `composer require failed:\n${required.stdout}\n${required.stderr}`);

      // Copied, not linked (`symlink: false`): the project keeps working when the checkout moves on.
      const installed = join(project, 'vendor/listing-sync/client');
      assert.ok(existsSync(join(installed, 'src/Client.php')), 'the package is in vendor/');
      const manifest = JSON.parse(readFileSync(join(installed, 'composer.json'), 'utf8')) as { license: string };
      assert.equal(manifest.license, 'MIT');
      assert.match(readFileSync(join(installed, 'LICENSE'), 'utf8'), /^MIT License/);

      const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const agency = await t.agency();
      writeFileSync(join(project, 'sync.php'), SCRIPT);
      // Not spawnSync: the service answering it runs in this process.
      const { stdout } = await promisify(execFile)('php', ['sync.php'], {
        cwd: project,
        env: { ...process.env, URL: url, KEY: agency.live, LISTING: JSON.stringify(ingestItem('PHP-OUTSIDER-1')) },
      });
      assert.deepEqual(JSON.parse(stdout), { agencyId: agency.agencyId, created: 1, errors: [] });
    } finally {
      rmSync(outsider, { recursive: true, force: true });
    }
  },
);
