import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { useTestApp } from '../helpers/app.js';
import { databaseKind } from '../helpers/database.js';
import { ingestItem } from '../helpers/listings.js';

/**
 * An outsider installs the client as docs/integrator-kit.md says: `npm pack -w
 * @listing-sync/client` in the repository, then `npm install ./listing-sync-client-0.1.0.tgz`
 * in their own project, and imports it from an ES module.
 */

// The suite runs from the repository root, from the sources or compiled into .tmp/suite/.
const ROOT = process.cwd();
const { t } = useTestApp();

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8' });
  assert.equal(result.status, 0, `${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/**
 * A copy of the repository's root manifest and the client's sources, without a build: packing
 * it builds the client afresh (prepack), and the checkout's own packages/client/dist, which
 * other processes import, is never written. Inside the repository so that the build finds the
 * repository's TypeScript and type packages.
 */
function stagedWorkspace(): string {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const stage = mkdtempSync(join(ROOT, '.tmp', 'client-pack-'));
  cpSync(join(ROOT, 'package.json'), join(stage, 'package.json'));
  for (const entry of ['package.json', 'README.md', 'LICENSE', 'tsconfig.json', 'src']) {
    cpSync(join(ROOT, 'packages/client', entry), join(stage, 'packages/client', entry), { recursive: true });
  }
  return stage;
}

/**
 * The test runs offline: npm's cache holds the dependencies' tarballs (the repository installed
 * them) but not the full registry documents `npm install` asks for when it resolves ranges. A
 * lockfile that pins the versions the repository's lockfile resolved lets it take the tarballs
 * from the cache; online, an outsider needs none of this.
 */
function pinnedLockfile(tarball: string, tarballName: string): object {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dependencies?: Record<string, string> }>;
  };
  const client = lock.packages['packages/client']!;
  const packages: Record<string, unknown> = {};
  const pending = Object.keys(client.dependencies ?? {});
  while (pending.length > 0) {
    const key = `node_modules/${pending.pop()!}`;
    if (packages[key]) continue;
    const entry = lock.packages[key];
    assert.ok(entry, `${key} is in package-lock.json`);
    packages[key] = entry;
    pending.push(...Object.keys(entry.dependencies ?? {}));
  }
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  packages['node_modules/@listing-sync/client'] = {
    ...client,
    name: undefined,
    devDependencies: undefined,
    resolved: `file:${tarballName}`,
    integrity,
  };
  return {
    name: 'outsider',
    lockfileVersion: 3,
    requires: true,
    packages: { '': { name: 'outsider', dependencies: { '@listing-sync/client': `file:${tarballName}` } }, ...packages },
  };
}

test(`[${databaseKind}] the client packed with npm pack installs in another folder, offline, and talks to the service from an ES module`, async () => {
  const stage = stagedWorkspace();
  const outsider = mkdtempSync(join(tmpdir(), 'listing-sync-outsider-'));
  try {
    // The repository's tools first on the PATH, as npm scripts have them (tsc for the prepack build).
    const env = { ...process.env, PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH}` };
    const packed = run('npm', ['pack', '-w', '@listing-sync/client', '--pack-destination', outsider], stage, env);
    const tarballName = packed.trim().split('\n').pop()!;
    assert.equal(tarballName, 'listing-sync-client-0.1.0.tgz');

    writeFileSync(join(outsider, 'package.json'), JSON.stringify({ name: 'outsider', private: true, type: 'module' }));
    writeFileSync(join(outsider, 'package-lock.json'), JSON.stringify(pinnedLockfile(join(outsider, tarballName), tarballName)));
    run('npm', ['install', '--offline', '--no-audit', '--no-fund', `./${tarballName}`], outsider);

    const installed = join(outsider, 'node_modules/@listing-sync/client');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { license: string };
    assert.equal(manifest.license, 'MIT');
    assert.match(readFileSync(join(installed, 'LICENSE'), 'utf8'), /^MIT License/);
    assert.ok(readFileSync(join(installed, 'dist/index.d.ts'), 'utf8').includes('pushListings'), 'the types ship with the build');

    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const agency = await t.agency();
    writeFileSync(
      join(outsider, 'sync.mjs'),
      [
        "import { createListingSyncClient, pushListings } from '@listing-sync/client';",
        'const client = createListingSyncClient({ baseUrl: process.env.URL, key: process.env.KEY });',
        "const me = await client.GET('/v1/me');",
        'const summary = await pushListings(client, [JSON.parse(process.env.LISTING)]);',
        'console.log(JSON.stringify({ agencyId: me.data.agency.agencyId, created: summary.created, errors: summary.errors }));',
      ].join('\n'),
    );
    // Not spawnSync: the service answering it runs in this process.
    const { stdout } = await promisify(execFile)(process.execPath, ['sync.mjs'], {
      cwd: outsider,
      env: { ...process.env, URL: url, KEY: agency.live, LISTING: JSON.stringify(ingestItem('OUTSIDER-1')) },
    });
    assert.deepEqual(JSON.parse(stdout), { agencyId: agency.agencyId, created: 1, errors: [] });
  } finally {
    rmSync(stage, { recursive: true, force: true });
    rmSync(outsider, { recursive: true, force: true });
  }
});
