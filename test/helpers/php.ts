import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * What the tests of the PHP client share: whether Debian's PHP tools are here, and the skip or
 * failure when they are not (REQUIRE_PHP=1, set by CI, turns a missing tool into a failure);
 * a folder standing for a Composer project; and a command run without blocking the event loop
 * (the service answering the PHP code runs in the test's own process).
 */
const installed = (command: string) => spawnSync(command, ['--version'], { encoding: 'utf8' }).status === 0;

/** `false` when every command is on the PATH, else the reason to skip; registers a failing test where REQUIRE_PHP=1. */
export function phpSkip(...commands: string[]): false | string {
  const missing = commands.filter((command) => !installed(command));
  if (missing.length === 0) return false;
  const reason = `${missing.join(' and ')} not on the PATH (apt-get install php-cli php-curl php-mbstring phpunit php-codesniffer composer)`;
  if (process.env.REQUIRE_PHP === '1')
    test(`PHP tools are installed where REQUIRE_PHP=1`, () => assert.fail(`REQUIRE_PHP=1 but ${reason}`));
  return reason;
}

/** Makes `dir/vendor/autoload.php` load the package from this checkout, as `composer require` would. */
export function autoloadFromCheckout(dir: string): void {
  mkdirSync(join(dir, 'vendor'), { recursive: true });
  const bootstrap = resolve('packages/php-client/tests/bootstrap.php');
  writeFileSync(join(dir, 'vendor/autoload.php'), `<?php\nrequire '${bootstrap.replace(/[\\']/g, '\\$&')}';\n`);
}

/** Runs a command to its end; resolves with its exit code, what it printed on stdout, and both streams together. */
export function runCommand(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<{ code: number | null; stdout: string; output: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => ((stdout += chunk.toString()), (output += chunk.toString())));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => done({ code, stdout, output }));
  });
}
