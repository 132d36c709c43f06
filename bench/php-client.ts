import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeNightlyFile } from './client.js';
import { batch, pushOnce } from './ingest.js';
import { adminCall, fmt, loadAverage, startBenchServer, type BenchServer } from './lib.js';

/**
 * `npm run bench php-client`: pushListings of the same 10,000-listing NDJSON file from PHP
 * (ListingSync\Client, Debian's php-cli) and from TypeScript (@listing-sync/client on the pinned
 * Node), each a process of its own from start to exit, into an agency of its own, alternated
 * ROUNDS times so that a drifting machine weighs on both. Target: PHP ≤ 1.2× TypeScript.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 3;

interface Run {
  wallMs: number;
  cpuMs: number;
  peakMb: number;
  serverCpuMs: number;
}

export async function benchPhpClient(options: { listings?: number } = {}): Promise<Record<string, number>> {
  const total = options.listings ?? 10_000;
  const server = await startBenchServer();
  const dir = mkdtempSync(join(tmpdir(), 'listing-sync-bench-php-'));
  try {
    const file = join(dir, 'nightly.ndjson');
    const fileMb = await writeNightlyFile(file, total, 'PHP');
    for (let warm = 0; warm < 3; warm++) await pushOnce(server, batch(`W${warm}`, 0));
    const runs: Record<'php' | 'ts', Run[]> = { php: [], ts: [] };
    for (let round = 0; round < ROUNDS; round++) {
      // The order alternates too: the first of a pair meets a table the second has not yet grown.
      for (const side of round % 2 === 0 ? (['ts', 'php'] as const) : (['php', 'ts'] as const)) {
        runs[side].push(await pushFile(server, side, file, total));
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const of = (side: 'php' | 'ts', key: keyof Run) => median(runs[side].map((run) => run[key]));
    const ratio = of('php', 'wallMs') / of('ts', 'wallMs');
    console.log(`  file: ${fmt(total)} listings, ${fmt(fileMb, 1)} MiB of NDJSON; ${ROUNDS} rounds, ${loadAverage()}`);
    for (const side of ['ts', 'php'] as const) {
      const walls = runs[side].map((run) => fmt(run.wallMs / 1000, 2)).join(', ');
      console.log(
        `  ${side === 'ts' ? 'TypeScript' : 'PHP       '} pushListings: ${walls} s wall (median ${fmt(of(side, 'wallMs') / 1000, 2)} s); ` +
          `client CPU ${fmt(of(side, 'cpuMs'))} ms, peak RSS ${fmt(of(side, 'peakMb'))} MB; server CPU ${fmt(of(side, 'serverCpuMs'))} ms`,
      );
    }
    console.log(`  PHP / TypeScript (medians of wall time): ${fmt(ratio, 2)}× (target ≤ 1.2×)`);
    return { ts_s: of('ts', 'wallMs') / 1000, php_s: of('php', 'wallMs') / 1000, ratio };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await server.stop();
  }
}

async function pushFile(server: BenchServer, side: 'php' | 'ts', file: string, total: number): Promise<Run> {
  const agency = (await adminCall(server, 'POST', '/agencies', { name: `${side} bench`, plan: 'agence', verified: true })) as {
    keys: { live: string };
  };
  const [command, script] = side === 'php' ? ['php', 'bench/php-client/push.php'] : [process.execPath, 'bench/php-client/push.mjs'];
  const serverCpu = server.cpuMs();
  const started = performance.now();
  const child = spawn(command, [script, file], {
    env: { ...process.env, LISTING_SYNC_URL: server.url, LISTING_SYNC_KEY: agency.keys.live },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  const wallMs = performance.now() - started;
  const result = JSON.parse(stdout.trim() || '{}') as { created?: number; errors?: number; cpuMs: number; peakMb: number };
  if (code !== 0 || result.created !== total) throw new Error(`${side} push failed (${code}): ${stdout}`);
  return { wallMs, cpuMs: result.cpuMs, peakMb: result.peakMb, serverCpuMs: server.cpuMs() - serverCpu };
}
