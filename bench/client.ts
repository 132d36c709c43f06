import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminCall, fmt, startBenchServer, startFlags, type BenchServer } from './lib.js';
import { batch, benchItem, pushOnce } from './ingest.js';

/**
 * Issue 20: `listing-sync push` of a 100,000-listing NDJSON file, its wall time against the
 * nightly-sync benchmark's request time in the same run (the same listings, pushed 500 at a
 * time with payloads built before the clock starts), and the CLI's peak RSS.
 */
export async function benchClient(options: { listings?: number; cliArgs?: string[] } = {}): Promise<Record<string, number>> {
  const total = options.listings ?? 100_000;
  const server = await startBenchServer();
  const dir = mkdtempSync(join(tmpdir(), 'listing-sync-bench-client-'));
  const target = (text: string) => (server.databaseUrl ? ` (target ${text})` : ` (PostgreSQL target ${text})`);
  try {
    const file = join(dir, 'nightly.ndjson');
    const fileMb = await writeNightlyFile(file, total, 'CLI');

    // Warm-up, as the ingestion benchmark does. Then the nightly sync, the CLI and the nightly
    // sync again, each into an agency of its own: the CLI is compared with the mean of the two,
    // so a table that grows, or a machine whose load drifts, weighs on both sides alike.
    for (let warm = 0; warm < 3; warm++) await pushOnce(server, batch(`W${warm}`, 0));
    const newAgencyKey = async (name: string) =>
      ((await adminCall(server, 'POST', '/agencies', { name, plan: 'agence', verified: true })) as { keys: { live: string } }).keys.live;
    const nightly = async (key: string) => {
      let ms = 0;
      for (let p = 0; p < total / 500; p++) ms += (await pushOnce({ ...server, liveKey: key }, batch('NIGHT', 0, p * 500))).ms;
      return ms;
    };
    const nightlyBefore = await nightly(server.liveKey);
    const cli = await runCli(server, await newAgencyKey('CLI bench'), file, options.cliArgs ?? []);
    if (cli.code !== 0 || !new RegExp(`created +${total}`).test(cli.stdout))
      throw new Error(`push failed (${cli.code}): ${cli.stdout}\n${cli.stderr.slice(-2000)}`);
    const nightlyAfter = await nightly(await newAgencyKey('Nightly bench'));
    const nightlyMs = (nightlyBefore + nightlyAfter) / 2;

    const ratio = cli.wallMs / nightlyMs;
    console.log(`  file: ${fmt(total)} listings, ${fmt(fileMb, 0)} MiB of NDJSON`);
    console.log(
      `  nightly sync (same run, 500 per request, payloads built off the clock): ${fmt(nightlyBefore / 1000, 1)} s in requests before the CLI, ` +
        `${fmt(nightlyAfter / 1000, 1)} s after, mean ${fmt(nightlyMs / 1000, 1)} s`,
    );
    console.log(
      `  listing-sync push FILE: ${fmt(cli.wallMs / 1000, 1)} s wall (process start to exit), ratio ${fmt(ratio, 2)}×${target('≤ 1.3×')}; ` +
        `CLI peak RSS ${fmt(cli.peakRssMb)} MB (target < 150 MB); ${cli.progressLines} progress lines`,
    );
    console.log(`  server peak RSS ${server.peakRssMb()} MB`);
    return {
      nightly_before_s: nightlyBefore / 1000,
      nightly_after_s: nightlyAfter / 1000,
      cli_s: cli.wallMs / 1000,
      ratio,
      cli_peak_rss_mb: cli.peakRssMb,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await server.stop();
  }
}

/** `total` bench listings as NDJSON (one JSON object a line), as a CRM export would give them; returns its size in MiB. */
export async function writeNightlyFile(file: string, total: number, prefix: string): Promise<number> {
  const out = createWriteStream(file);
  for (let i = 0; i < total; i++) if (!out.write(JSON.stringify(benchItem(i, prefix, 0)) + '\n')) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
  return statSync(file).size / 2 ** 20;
}

/** The built CLI as an integrator runs it (with the start script's Node flags), its output piped: plain progress lines. */
export async function runCli(server: BenchServer, key: string, file: string, args: string[]) {
  const flags = startFlags(process.cwd());
  const started = performance.now();
  const child = spawn(process.execPath, [...flags, 'dist/src/main/cli/main.js', 'push', file, ...args], {
    env: { ...process.env, LISTING_SYNC_URL: server.url, LISTING_SYNC_KEY: key },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  let peak = 0;
  const sampler = setInterval(() => {
    try {
      const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
      peak = Math.max(peak, rss);
    } catch {
      /* process gone */
    }
  }, 50);
  const [code] = (await once(child, 'exit')) as [number];
  clearInterval(sampler);
  return {
    code,
    stdout,
    stderr,
    wallMs: performance.now() - started,
    peakRssMb: Math.round(peak),
    progressLines: stderr.split('\n').filter((l) => l.startsWith('pushing:')).length,
  };
}
