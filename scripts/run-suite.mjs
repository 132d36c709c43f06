// `node scripts/run-suite.mjs [file…]` runs the compiled suite (.tmp/suite/, scripts/build-suite.mjs)
// in one test process per core and one more, each importing its share of the test files in turn.
//
// Why not one process per file (`node --test`'s default): every file then pays again for loading
// the service's modules, compiling PGlite's WebAssembly and warming the JIT, 2–3 s of CPU a file,
// more than most files' own tests. In one process those are paid once per shard. Each file still
// runs inside its own suite (scripts/suite-file.mjs), so its before/after hooks open and close its
// application and database around its own tests only.
//
// The shards are balanced by each file's duration in the previous run (.tmp/suite-durations.json;
// on a clean checkout, as in CI, by the durations committed in scripts/suite-durations.json, and by
// file size for a file neither knows). Balancing by size alone left one shard 100 s behind the
// others; refresh the committed file from a full run's .tmp/suite-durations.json now and then.
// Each shard's full report goes to .tmp/suite-shard-N.log; the terminal shows one line per file
// as it ends, then every failure in full and the totals.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import process from 'node:process';

const ROOTS = ['.tmp/suite/test', '.tmp/suite/packages/client/test'];
const DURATIONS = '.tmp/suite-durations.json';
// One more process than cores: tests wait too (servers, Chromium, SMTP, timers), and a third
// process fills those waits (on 2 cores, 273 s with two processes, 235 s with three).
const SHARDS = Math.max(1, Number(process.env.TEST_SHARDS) || Math.min(availableParallelism() + 1, 6));

const walk = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) return walk(path);
        return entry.name.endsWith('.test.js') ? [path] : [];
      })
    : [];

const asked = process.argv.slice(2);
const files = asked.length > 0 ? asked : ROOTS.flatMap(walk).sort();
if (files.length === 0) {
  process.stderr.write('No compiled test file: run `node scripts/build-suite.mjs` first.\n');
  process.exit(1);
}

const SEED = 'scripts/suite-durations.json';
const previous = JSON.parse(readFileSync(existsSync(DURATIONS) ? DURATIONS : SEED, 'utf8'));
// Unknown files weigh by size: about a second per 10 kB of compiled test.
const weight = (file) => previous[file] ?? statSync(file).size / 10;
const shards = Array.from({ length: Math.min(SHARDS, files.length) }, () => ({ files: [], weight: 0 }));
for (const file of [...files].sort((a, b) => weight(b) - weight(a))) {
  const lightest = shards.reduce((a, b) => (b.weight < a.weight ? b : a));
  lightest.files.push(file);
  lightest.weight += weight(file);
}

const started = Date.now();
const durations = { ...previous };
const results = await Promise.all(shards.map((shard, index) => runShard(shard.files, index + 1)));
writeFileSync(DURATIONS, JSON.stringify(durations, null, 1));

const total = (key) => results.reduce((sum, result) => sum + (result.counts[key] ?? 0), 0);
for (const result of results) if (result.failures) process.stdout.write(`\n${result.failures}`);
const failed = results.some((result) => result.code !== 0);
process.stdout.write(
  `\n${failed ? '✖' : '✔'} ${total('pass')}/${total('tests')} passed, ${total('fail')} failed, ${total('cancelled')} cancelled, ` +
    `${total('skipped')} skipped; ${files.length} files in ${shards.length} processes, ${((Date.now() - started) / 1000).toFixed(1)} s` +
    ` (reports: .tmp/suite-shard-*.log)\n`,
);
process.exitCode = failed ? 1 : 0;

/** Runs one shard; resolves with its exit code, its counts and its failures' report. */
function runShard(shardFiles, number) {
  const log = `.tmp/suite-shard-${number}.log`;
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', '--test', '--test-isolation=none', '--test-reporter=spec', 'scripts/suite-file.mjs'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_COMPILE_CACHE: '.tmp/suite/.compile-cache', SUITE_FILES: JSON.stringify(shardFiles) },
    },
  );
  const logFile = createWriteStream(log);
  let report = '';
  let pending = '';
  const onData = (chunk) => {
    logFile.write(chunk);
    report += chunk;
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop();
    for (const line of lines) {
      // A file's suite ends with an unindented line naming it and its duration.
      const ended = /^([✔✖]) (\S+\.test\.js) \(([\d.]+)ms\)/u.exec(line);
      if (!ended) continue;
      durations[ended[2]] = Math.round(Number(ended[3]) / 100) / 10;
      process.stdout.write(`${ended[1]} ${relative('.tmp/suite', ended[2])} ${(Number(ended[3]) / 1000).toFixed(1)} s\n`);
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      logFile.end();
      const counts = Object.fromEntries([...report.matchAll(/^ℹ (\w+) (\d+)$/gmu)].map((match) => [match[1], Number(match[2])]));
      const failing = report.indexOf('✖ failing tests:');
      resolve({ code: code ?? 1, counts, failures: failing >= 0 ? `shard ${number}: ${report.slice(failing)}` : '' });
    });
  });
}
