import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fmt, processCpuMs, processRssMb, startBenchServer } from './lib.js';
import { runCli, writeNightlyFile } from './client.js';

/** Where a process's resident memory is, in MiB, from /proc/<pid>/smaps. */
export interface MemoryMap {
  /** WebAssembly memory: PGlite's whole PostgreSQL (shared buffers, caches, sorts) lives there. */
  wasm: number;
  /** Other anonymous memory: the JavaScript heap, Buffers, malloc. */
  anonymous: number;
  /** Files mapped in: the Node binary, libraries, the PGlite module. */
  files: number;
}

// A WebAssembly memory is its accessible part (read-write) followed by a reservation to grow into
// and guard against out-of-bounds accesses (several GiB, no access): nothing else maps that way.
const WASM_RESERVATION_BYTES = 4n * 2n ** 30n;

interface Mapping {
  start: bigint;
  end: bigint;
  perms: string;
  file: boolean;
  rssKb: number;
}

function mappings(pid: number): Mapping[] {
  const found: Mapping[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (header) {
      const [, start, end, perms, inode, path] = header;
      found.push({
        start: BigInt(`0x${start}`),
        end: BigInt(`0x${end}`),
        perms: perms!,
        file: inode !== '0' && path!.startsWith('/'),
        rssKb: 0,
      });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && found.length > 0) found[found.length - 1]!.rssKb = Number(rss[1]);
  }
  return found;
}

export function memoryMap(pid: number): MemoryMap {
  const all = mappings(pid);
  const kb = { wasm: 0, anonymous: 0, files: 0 };
  all.forEach((mapping, i) => {
    const next = all[i + 1];
    const wasm =
      mapping.perms.startsWith('rw') &&
      next !== undefined &&
      next.start === mapping.end &&
      next.perms.startsWith('---') &&
      next.end - next.start >= WASM_RESERVATION_BYTES;
    kb[wasm ? 'wasm' : mapping.file ? 'files' : 'anonymous'] += mapping.rssKb;
  });
  return { wasm: Math.round(kb.wasm / 1024), anonymous: Math.round(kb.anonymous / 1024), files: Math.round(kb.files / 1024) };
}

const describe = (map: MemoryMap) => `WebAssembly ${map.wasm} MB, other anonymous ${map.anonymous} MB, files ${map.files} MB`;

/**
 * Issue 33: the embedded default (PGlite, `npm start` without DATABASE_URL). The built server on
 * a fresh DATA_DIR: its resident memory once started and idle, then through a nightly sync of
 * 100,000 listings pushed by the CLI (500 a request), sampled every 100 ms from /proc.
 */
export async function benchEmbedded(options: { listings?: number; idleSeconds?: number } = {}): Promise<Record<string, number>> {
  const total = options.listings ?? 100_000;
  const idleSeconds = options.idleSeconds ?? 10;
  const dir = mkdtempSync(join(tmpdir(), 'listing-sync-bench-embedded-'));
  const file = join(dir, 'nightly.ndjson');
  // Written before the server starts, so the file's making weighs on nothing measured.
  const fileMb = await writeNightlyFile(file, total, 'EMB');
  const started = performance.now();
  const server = await startBenchServer({}, [], undefined, { embedded: true });
  const startMs = performance.now() - started;
  try {
    const pid = server.child.pid!;
    // Idle: what the started server holds once its start-up work (migrations, first jobs) is over.
    const idle: number[] = [];
    for (let s = 0; s < idleSeconds; s++) {
      await sleep(1000);
      idle.push(processRssMb(pid));
    }
    const idleRss = Math.round(idle[idle.length - 1]!);
    const idleMap = memoryMap(pid);
    console.log(
      `  started in ${fmt(startMs / 1000, 1)} s; idle RSS after ${idleSeconds} s: ${idleRss} MB (target < 150 MB): ${describe(idleMap)}`,
    );

    // The nightly sync: RSS sampled every 100 ms, with where it is at each quarter of the push.
    const timeline: Array<{ atMs: number; rss: number }> = [];
    let peak = 0;
    const pushStarted = performance.now();
    const sampler = setInterval(() => {
      const rss = processRssMb(pid);
      peak = Math.max(peak, rss);
      timeline.push({ atMs: performance.now() - pushStarted, rss });
    }, 100);
    const serverCpu = server.cpuMs();
    const cli = await runCli(server, server.liveKey, file, []);
    clearInterval(sampler);
    const cpuS = (processCpuMs(pid) - serverCpu) / 1000;
    if (cli.code !== 0 || !new RegExp(`created +${fmt(total)}|created +${total}`).test(cli.stdout))
      throw new Error(`push failed (${cli.code}): ${cli.stdout}\n${cli.stderr.slice(-2000)}`);
    const afterMap = memoryMap(pid);
    const quarters = [0.25, 0.5, 0.75, 1].map((q) => {
      const at = q * cli.wallMs;
      return Math.round(Math.max(0, ...timeline.filter((s) => s.atMs <= at).map((s) => s.rss)));
    });
    await sleep(idleSeconds * 1000);
    const settled = Math.round(processRssMb(pid));
    console.log(
      `  nightly sync: ${fmt(total)} listings (${fmt(fileMb)} MiB of NDJSON) by listing-sync push in ${fmt(cli.wallMs / 1000, 1)} s, ` +
        `server CPU ${fmt(cpuS, 1)} s; server peak RSS ${Math.round(peak)} MB (target < 400 MB)`,
    );
    console.log(`  peak RSS so far at 25/50/75/100 % of the push: ${quarters.join(' / ')} MB; CLI peak RSS ${cli.peakRssMb} MB`);
    console.log(`  right after the push: ${describe(afterMap)}; RSS ${idleSeconds} s later ${settled} MB`);
    return {
      start_s: startMs / 1000,
      idle_rss_mb: idleRss,
      idle_wasm_mb: idleMap.wasm,
      nightly_s: cli.wallMs / 1000,
      nightly_server_cpu_s: cpuS,
      peak_rss_mb: Math.round(peak),
      after_wasm_mb: afterMap.wasm,
      after_anonymous_mb: afterMap.anonymous,
      settled_rss_mb: settled,
    };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
