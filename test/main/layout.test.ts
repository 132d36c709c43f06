import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * The layout is the architecture's map (docs/architecture.md): src/ holds the four layers and
 * nothing else, and every test lives under the layer and folder of what it tests, so a reader
 * finds a capability's tests by its path. The dependency rules themselves are checked by
 * dependency-cruiser in `npm test`.
 */
const LAYERS = ['domain', 'edge', 'main', 'platform'];
/** Shared by the test files, not mirrors of a source folder. */
const SUPPORT = ['test/helpers', 'test/fixtures'];
/** test/client and test/php-client run the client packages (packages/client, packages/php-client) against a live service. */
const MIRRORS: Record<string, string> = { 'test/client': 'packages/client/src', 'test/php-client': 'packages/php-client/src' };

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

test('src/ holds the four layers and nothing else', () => {
  assert.deepEqual(readdirSync('src').sort(), LAYERS);
});

test('every test file lives under the source folder of what it tests', () => {
  const misplaced = filesUnder('test')
    .filter((file) => file.endsWith('.test.ts') && !SUPPORT.some((folder) => file.startsWith(folder + '/')))
    .filter((file) => {
      const mirrored = MIRRORS[dirname(file)] ?? join('src', relative('test', dirname(file)));
      try {
        return !statSync(mirrored).isDirectory();
      } catch {
        return true;
      }
    });
  assert.deepEqual(misplaced, [], 'each test/<layer>/<folder>/ needs a src/<layer>/<folder>/');
});
