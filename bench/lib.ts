import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { randomBytes } from 'node:crypto';

export const ADMIN_TOKEN = 'bench-admin-token-0123456789';

export function machine() {
  return `${cpus()[0]?.model ?? 'cpu'} ×${cpus().length}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite'}, ${loadAverage()}`;
}

/** The machine's load average (1, 5, 15 minutes): on a shared machine, how much the wall-clock figures can be trusted. */
export const loadAverage = () =>
  `load ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`;

/** Linux counts process CPU time in ticks of 1/100 s (getconf CLK_TCK). */
const MS_PER_TICK = 10;

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat; 0 once it
 * is gone. On a shared machine, CPU time is the figure other people's work does not inflate.
 */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), in parentheses: utime is the 14th field, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return 0;
  }
}

/** A process's resident set size now, in MiB, from /proc/<pid>/status (0 once it is gone). */
export function processRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/**
 * CPU time of a database's PostgreSQL backends (sum over those connected now, `except` left
 * out), in ms. Backends are separate processes: a push's SQL work shows here, not in the server's.
 */
export async function backendsCpuMs(admin: pg.Client, database: string, except: readonly number[] = []): Promise<number> {
  const { rows } = await admin.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend' AND pid <> ALL($2::int[])`,
    [database, except],
  );
  return rows.reduce((sum, row) => sum + processCpuMs(row.pid), 0);
}

/**
 * Extra Node flags for benchmark servers, from BENCH_SERVER_ARGS, e.g.
 * `BENCH_SERVER_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench ingest` profiles the
 * server under the benchmark's load (the profile is written when the server stops).
 */
const serverArgsFromEnv = () => (process.env.BENCH_SERVER_ARGS ?? '').split(/\s+/).filter(Boolean);

export interface BenchServer {
  url: string;
  liveKey: string;
  testKey: string;
  agencyId: string;
  child: ChildProcess;
  databaseUrl: string | null;
  stop(): Promise<void>;
  /** Peak resident set size of the server process in MiB, sampled every 100 ms. */
  peakRssMb(): number;
  /** CPU time the server process has used so far, in ms. */
  cpuMs(): number;
  /** CPU time of the PostgreSQL backends on the server's database (but `except`), in ms; 0 on PGlite (in the server's own). */
  databaseCpuMs(except?: readonly number[]): Promise<number>;
}

/** Starts the built server as a separate process on a fresh database, the way `npm start` does. */
/** The Node flags `npm start` gives the server (package.json), so the benchmarks measure what runs. */
export function startFlags(root: string): string[] {
  return startWords(root).filter((word) => word.startsWith('--'));
}

/** The environment `npm start` gives the server (package.json: `NAME=value` before `node`), e.g. the allocator's settings. */
export function startEnv(root: string): Record<string, string> {
  const words = startWords(root);
  const assignments = words.slice(0, words.indexOf('node')).filter((word) => /^[A-Z_][A-Z0-9_]*=/.test(word));
  return Object.fromEntries(assignments.map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]));
}

const startWords = (root: string): string[] => {
  const start: string = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start;
  return start.split(/\s+/);
};

export async function startBenchServer(
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  // BENCH_ROOT=<checkout>: that checkout's build serves, measured by this one's benchmarks (before/after).
  root = process.env.BENCH_ROOT ?? process.cwd(),
  // database: a database of that name on DATABASE_URL's server, made if missing and kept afterwards.
  options: { benchRoutes?: boolean; embedded?: boolean; database?: string } = {},
): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), 'listing-sync-bench-'));
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};
  let databaseCpuMs = async (_except?: readonly number[]) => 0;
  // embedded: PGlite in a fresh DATA_DIR even when a PostgreSQL server is at hand (bench/embedded.ts).
  if (process.env.DATABASE_URL && !options.embedded) {
    const name = options.database ?? `ls_bench_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount;
    if (!exists) await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    // Connected to the maintenance database, so its own backend is not among those counted.
    const watcher = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await watcher.connect();
    databaseCpuMs = (except = []) => backendsCpuMs(watcher, name, except);
    dropDatabase = async () => {
      await watcher.end();
      if (options.database) return;
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  // nodeArgs: e.g. ['--cpu-prof'] to profile the server under a benchmark's load.
  // root: another checkout's build, to compare two versions in one run.
  // benchRoutes: the bench entry (bench/server.ts), which adds the bare routes a benchmark compares with.
  // embedded: the server on PGlite, as `npm start` runs it without DATABASE_URL.
  // A build from before the layered structure (26 November 2026) has its CLI at dist/src/cli/main.js.
  const cli = ['dist/src/main/cli/main.js', 'dist/src/cli/main.js'].map((path) => join(root, path)).find((path) => existsSync(path));
  const entry = options.benchRoutes ? [join(root, 'dist/bench/server.js')] : [cli ?? join(root, 'dist/src/main/cli/main.js'), 'serve'];
  const child = spawn(process.execPath, [...startFlags(root), ...serverArgsFromEnv(), ...nodeArgs, ...entry], {
    env: {
      ...startEnv(root),
      ...process.env,
      PORT: '0',
      DATA_DIR: join(dir, 'data'),
      ADMIN_TOKEN,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  // BENCH_SERVER_STDOUT=file keeps what the server prints (e.g. with BENCH_SERVER_ARGS=--trace-gc).
  const keep = process.env.BENCH_SERVER_STDOUT;
  if (keep) child.stdout!.on('data', (chunk) => appendFileSync(keep, chunk));
  const ready = await new Promise<{ url: string; live: string; test: string; agency: string }>((resolve, reject) => {
    const onOutput = (chunk: Buffer) => {
      output += chunk;
      const url = /listening on (\S+)/.exec(output)?.[1];
      const live = /LIVE {2}(svc_pk_LIVE_\w+)/.exec(output)?.[1];
      const test = /TEST {2}(svc_pk_TEST_\w+)/.exec(output)?.[1];
      const agency = /Demo agency created: (\S+)/.exec(output)?.[1];
      const done = (keys: { url: string; live: string; test: string; agency: string }) => {
        // Later output is not read again: a chatty server would make every chunk rescan all of it.
        child.stdout!.off('data', onOutput);
        child.stdout!.resume();
        resolve(keys);
      };
      if (url && live && test && agency && /curl/.test(output)) done({ url, live, test, agency });
      // DEMO=0 (a second server on an existing database): no keys are printed.
      else if (url && env.DEMO === '0') done({ url, live: '', test: '', agency: '' });
    };
    child.stdout!.on('data', onOutput);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, processRssMb(child.pid!));
  }, 100);
  return {
    url: ready.url,
    liveKey: ready.live,
    testKey: ready.test,
    agencyId: ready.agency,
    child,
    databaseUrl,
    peakRssMb: () => Math.round(peak),
    cpuMs: () => processCpuMs(child.pid!),
    databaseCpuMs,
    async stop() {
      clearInterval(sampler);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await dropDatabase();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Requests answered in the whole run. */
  requests: number;
  p50: number;
  /** autocannon's histogram has no p95: the percentiles either side of it. */
  p90: number;
  p97_5: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export async function load(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ connections: 20, duration: 8, ...options });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    requests: result.requests.total,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Two servers under the same load: what `b` costs against `a` (compareServers). */
export interface Comparison {
  results: { a: LoadResult[]; b: LoadResult[] };
  /** Mean throughput over the rounds. */
  rps: { a: number; b: number };
  /** Each round's b/a throughput ratio, sorted. */
  ratios: number[];
  /** 1 − the median of `ratios`: what b costs, in throughput. */
  cost: number;
  /** The server's CPU time per request, µs (from /proc). */
  cpuPerRequest: { a: number; b: number };
}

/**
 * The same load on two servers in alternating rounds, and which goes first alternates too, so
 * that a neighbour's load or the machine's drift falls on both alike and neither always follows
 * the other's warm caches. Each round's pair ran back to back: the median of the pairs' ratios is
 * the cost, with the drift from one round to the next left out (means move by several percent
 * from run to run on a shared 2-core machine). The CPU time per request (from /proc) is given
 * too. Loading both at the same time was tried: the load generator then limits both, and the
 * throughput ratio showed a third of the CPU the costlier server spent per request.
 */
export async function compareServers(
  a: { server: BenchServer; request: autocannon.Options },
  b: { server: BenchServer; request: autocannon.Options },
  { rounds = 8, seconds = 5 } = {},
): Promise<Comparison> {
  for (const side of [a, b]) await load({ ...side.request, duration: 3 }); // warm-up: JIT, caches
  const results: Comparison['results'] = { a: [], b: [] };
  const cpu = { a: { ms: 0, requests: 0 }, b: { ms: 0, requests: 0 } };
  for (let round = 0; round < rounds; round += 1) {
    for (const which of round % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const)) {
      const side = which === 'a' ? a : b;
      const before = side.server.cpuMs();
      const result = await load({ ...side.request, duration: seconds });
      cpu[which].ms += side.server.cpuMs() - before;
      cpu[which].requests += result.requestsPerSecond * seconds;
      results[which].push(result);
    }
  }
  const mean = (list: LoadResult[]) => list.reduce((sum, r) => sum + r.requestsPerSecond, 0) / list.length;
  const ratios = results.b.map((r, i) => r.requestsPerSecond / results.a[i]!.requestsPerSecond).sort((x, y) => x - y);
  return {
    results,
    rps: { a: mean(results.a), b: mean(results.b) },
    ratios,
    cost: 1 - ratios[Math.floor(ratios.length / 2)]!,
    cpuPerRequest: { a: (cpu.a.ms / cpu.a.requests) * 1000, b: (cpu.b.ms / cpu.b.requests) * 1000 },
  };
}

export async function adminCall(server: BenchServer, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}/admin/api${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** CPU seconds (user + system) a process has used, from /proc: what the work cost, whatever the neighbours' load. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU seconds the PostgreSQL server of `client` has used: its postmaster, the live processes it
 * started (backends, WAL writer, checkpointer, autovacuum…) and those that have exited (counted
 * in the postmaster's children time once reaped). Reads /proc: the server must run on this
 * machine, as scripts/with-postgres.sh's does.
 */
export async function postgresCpu(client: pg.Client): Promise<() => number> {
  const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
  const postmaster = Number(readFileSync(join(rows[0]!.data_directory, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const stat = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return () => {
    const own = stat(postmaster);
    // utime, stime, then cutime and cstime: the children already reaped.
    let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const fields = stat(Number(entry));
        if (Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        /* gone meanwhile: its time is in the postmaster's children time */
      }
    }
    return ticks / 100;
  };
}

/** The machine's load averages, to print beside figures measured on a shared machine. */
export const loadAverages = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

export interface BenchWorker {
  child: ChildProcess;
  /** CPU time the worker process has used so far, in ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/**
 * `listing-sync worker` of the build on `databaseUrl`, as production runs it beside servers
 * started with WORKER=0: the background work (jobs, mail, deliveries) alone, in its own process.
 * Resolves once it says it runs.
 */
export async function startBenchWorker(
  databaseUrl: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  root = process.env.BENCH_ROOT ?? process.cwd(),
): Promise<BenchWorker> {
  const child = spawn(process.execPath, [...startFlags(root), ...nodeArgs, join(root, 'dist/src/main/cli/main.js'), 'worker'], {
    env: { ...startEnv(root), ...process.env, LOG_LEVEL: 'warn', DEMO: '0', ...env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onOutput = (chunk: Buffer) => {
      output += chunk;
      if (!output.includes('worker running')) return;
      child.stdout!.off('data', onOutput);
      child.stdout!.resume();
      resolve();
    };
    child.stdout!.on('data', onOutput);
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${output}`)));
  });
  return {
    child,
    cpuMs: () => processCpuMs(child.pid!),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
