import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { randomBytes } from 'node:crypto';

export const ADMIN_TOKEN = 'bench-admin-token-0123456789';

export function machine() {
  return `${cpus()[0]?.model ?? 'cpu'} ×${cpus().length}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite'}`;
}

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
}

/** Starts the built server as a separate process on a fresh database, the way `npm start` does. */
/** The Node flags `npm start` gives the server (package.json), so the benchmarks measure what runs. */
export function startFlags(root: string): string[] {
  const start: string = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start;
  return start.split(/\s+/).filter((word) => word.startsWith('--'));
}

export async function startBenchServer(
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  root = process.cwd(),
  options: { benchRoutes?: boolean } = {},
): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), 'listing-sync-bench-'));
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};
  if (process.env.DATABASE_URL) {
    const name = `ls_bench_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  // nodeArgs: e.g. ['--cpu-prof'] to profile the server under a benchmark's load.
  // root: another checkout's build, to compare two versions in one run.
  // benchRoutes: the bench entry (bench/server.ts), which adds the bare routes a benchmark compares with.
  const entry = options.benchRoutes ? [join(root, 'dist/bench/server.js')] : [join(root, 'dist/src/main/cli/main.js'), 'serve'];
  const child = spawn(process.execPath, [...startFlags(root), ...nodeArgs, ...entry], {
    env: {
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
  const ready = await new Promise<{ url: string; live: string; test: string; agency: string }>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const url = /listening on (\S+)/.exec(output)?.[1];
      const live = /LIVE {2}(svc_pk_LIVE_\w+)/.exec(output)?.[1];
      const test = /TEST {2}(svc_pk_TEST_\w+)/.exec(output)?.[1];
      const agency = /Demo agency created: (\S+)/.exec(output)?.[1];
      if (url && live && test && agency && /curl/.test(output)) resolve({ url, live, test, agency });
      // DEMO=0 (a second server on an existing database): no keys are printed.
      if (url && env.DEMO === '0') resolve({ url, live: '', test: '', agency: '' });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  let peak = 0;
  const sampler = setInterval(async () => {
    try {
      const { readFileSync } = await import('node:fs');
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      peak = Math.max(peak, rss);
    } catch {
      /* process gone */
    }
  }, 100);
  return {
    url: ready.url,
    liveKey: ready.live,
    testKey: ready.test,
    agencyId: ready.agency,
    child,
    databaseUrl,
    peakRssMb: () => Math.round(peak),
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
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export async function load(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ connections: 20, duration: 8, ...options });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
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
