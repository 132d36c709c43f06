import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

/**
 * `bin/listing-sync`, the CLI as the README and the start banner give it (docs/operations.md,
 * "The operator CLI"): from any directory it rebuilds when stale, then starts the build with the
 * pinned Node, arguments untouched, and the build's chatter kept off stdout (`--json` pipes it).
 * Run in a copy of the checkout's shape whose build step and CLI only report what they were given:
 * the real build takes a minute, and the real CLI is tested through its own files.
 */
const run = promisify(execFile);
const repository = process.cwd();
const packageBin = (JSON.parse(readFileSync(join(repository, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin;

function fakeCheckout() {
  const root = mkdtempSync(join(tmpdir(), 'listing-sync-bin-'));
  const put = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  mkdirSync(join(root, 'bin'));
  copyFileSync(join(repository, 'bin/listing-sync'), join(root, 'bin/listing-sync'));
  chmodSync(join(root, 'bin/listing-sync'), 0o755);
  mkdirSync(join(root, 'node_modules/.bin'), { recursive: true });
  symlinkSync(process.execPath, join(root, 'node_modules/.bin/node'));
  put('scripts/build-if-stale.mjs', `process.stdout.write('Rebuilding in ' + process.cwd() + '\\n');`);
  put(
    packageBin['listing-sync']!,
    `const allocator = Object.entries(process.env).filter(([name]) => name.startsWith('MALLOC_')).map(([name, value]) => name + '=' + value);` +
      `process.stdout.write(JSON.stringify({ node: process.version, args: process.argv.slice(2), flags: process.execArgv, allocator }));`,
  );
  return root;
}

test('bin/listing-sync rebuilds if stale, then starts the package’s CLI file with the pinned Node, from any directory', async () => {
  const root = fakeCheckout();
  const elsewhere = mkdtempSync(join(tmpdir(), 'listing-sync-cwd-'));
  try {
    const { stdout, stderr } = await run(join(root, 'bin/listing-sync'), ['agency', 'list', '--name', 'Le Parc', '--json'], {
      cwd: elsewhere,
    });
    const started = JSON.parse(stdout) as { node: string; args: string[]; flags: string[] };
    assert.deepEqual(started.args, ['agency', 'list', '--name', 'Le Parc', '--json'], 'the arguments, untouched');
    assert.equal(started.node, process.version, 'the Node of node_modules/.bin');
    assert.ok(started.flags.includes('--expose-gc'), `the server's memory flags: ${started.flags.join(' ')}`);
    assert.match(stderr, /^Rebuilding in .*listing-sync-bin-/, 'the build step ran in the checkout, its output on stderr');
  } finally {
    rmSync(root, { recursive: true, force: true });
    rmSync(elsewhere, { recursive: true, force: true });
  }
});

test('the README, the operations guide and the start banner give bin/listing-sync, not the slow npx', () => {
  for (const file of ['README.md', 'docs/operations.md', 'src/main/server.ts']) {
    const text = readFileSync(join(repository, file), 'utf8');
    assert.match(text, /bin\/listing-sync (agency|key)/, file);
    assert.doesNotMatch(text, /^\s*npx listing-sync/m, `${file} still starts a command with npx`);
  }
});

/** `NAME=value` words and `--flags`, in order, of a command line that starts `node`. */
const memorySettings = (words: readonly string[]) => ({
  allocator: words.filter((word) => /^MALLOC_\w+=/.test(word)),
  flags: words.filter((word) => word.startsWith('--')),
});

test('npm start, bin/listing-sync and the CLI file’s shebang give Node the same allocator settings and memory flags', async () => {
  const start = (JSON.parse(readFileSync(join(repository, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const fromStart = memorySettings(start.split(/\s+/));
  // docs/operations.md, "The allocator": without them a nightly sync's peak RSS sits on its limit.
  assert.deepEqual(fromStart.allocator, ['MALLOC_ARENA_MAX=2']);
  const shebang = readFileSync(join(repository, 'src/main/cli/main.ts'), 'utf8').split('\n')[0]!;
  assert.match(shebang, /^#!\/usr\/bin\/env -S /);
  assert.deepEqual(memorySettings(shebang.split(/\s+/)), fromStart, 'the shebang (a globally installed `listing-sync`)');
  const root = fakeCheckout();
  try {
    const { stdout } = await run(join(root, 'bin/listing-sync'), ['worker']);
    const started = JSON.parse(stdout) as { flags: string[]; allocator: string[] };
    assert.deepEqual(
      { allocator: started.allocator.sort(), flags: started.flags },
      { allocator: [...fromStart.allocator].sort(), flags: fromStart.flags },
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
