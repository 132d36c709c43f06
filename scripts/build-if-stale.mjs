// `npm start` runs this first: it rebuilds only when a source is newer than the last build,
// so a start with a current build costs a directory walk (tens of milliseconds), not a compile.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import process from 'node:process';
import { newestChange } from './newest-change.mjs';

const STAMP = 'dist/.build-stamp';
// Made by the build for first starts (docs/operations.md, "The first start"): a build without it is not whole.
const SNAPSHOT = 'dist/src/platform/db/pglite-snapshot';
const SOURCES = ['src', 'packages/client/src', 'tsconfig.json', 'packages/client/tsconfig.json', 'package.json', 'package-lock.json'];

const built = existsSync(STAMP) && existsSync(SNAPSHOT) ? statSync(STAMP).mtimeMs : 0;
const changed = newestChange(SOURCES);
if (changed > built) {
  process.stdout.write(built === 0 ? 'Building listing-sync (first start)…\n' : 'Sources changed since the last build: rebuilding…\n');
  // The build writes the stamp as its last step.
  execSync('npm run build --silent', { stdio: 'inherit' });
}
