// The suite runs from JavaScript that tsc compiled into .tmp/suite/, not through tsx: tsx's
// transform and its loader hooks cost every test file about 2.5 s of CPU, a hundred times over
// (docs/operations.md, "The test suite").
//
//   node scripts/build-suite.mjs             typechecks and compiles (npm test's typecheck step);
//                                            the exit code is tsc's
//   node scripts/build-suite.mjs --if-stale  compiles without typechecking, and only when a source
//                                            is newer than the last compile (npm run test:suite)
//
// A fresh folder each time, not dist/: a test deleted from the sources can never run from an old
// compile, and the tree holds the sources and the migrations only, as tsx sees them. dist/ is
// what `npm start` runs, with the build's first-start snapshot beside the code: tests run from
// there would start servers from that snapshot instead of creating the database as they do
// from the sources.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import process from 'node:process';
import { newestChange } from './newest-change.mjs';

const OUT = '.tmp/suite';
const STAMP = join(OUT, '.stamp');
// What the compiled tree is made from: tsconfig.json's sources, and the scripts tests import.
const SOURCES = ['src', 'test', 'bench', 'packages/client/test', 'scripts', 'tsconfig.json'];

const ifStale = process.argv.includes('--if-stale');
if (ifStale && existsSync(STAMP) && statSync(STAMP).mtimeMs >= newestChange(SOURCES)) process.exit(0);

// The stamp carries the time the compile started: a source saved during it makes the tree stale.
const started = new Date();
const partial = `${OUT}.partial-${process.pid}`;
rmSync(partial, { recursive: true, force: true });
if (ifStale) process.stdout.write('Compiling the suite (.tmp/suite)…\n');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const { status } = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json', '--outDir', partial, ...(ifStale ? ['--noCheck'] : [])], {
  stdio: 'inherit',
});
// 2: type errors, files written anyway (as tsx would run them); anything else non-zero: nothing usable.
if (status !== 0 && status !== 2) {
  rmSync(partial, { recursive: true, force: true });
  process.exit(status ?? 1);
}
// Read beside the compiled module (src/platform/db/migrate.ts), as `npm run build` copies them.
cpSync('src/platform/db/migrations', join(partial, 'src/platform/db/migrations'), { recursive: true });
writeFileSync(join(partial, '.stamp'), '');
utimesSync(join(partial, '.stamp'), started, started);
rmSync(OUT, { recursive: true, force: true });
renameSync(partial, OUT);
process.exitCode = status;
