import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

/**
 * The fleet `scripts/cluster.sh` started (HAProxy in front of server processes and a worker),
 * as it describes it to the command it runs. Null outside it.
 */
export interface Fleet {
  /** HAProxy's frontend. */
  url: string;
  statsUrl: string;
  /** Pid files, each process's log, haproxy.log, HAProxy's admin socket. */
  dir: string;
  /** HAProxy's names for the server processes (s1, s2, …), with each one's own port. */
  servers: Array<{ name: string; port: number }>;
  adminToken: string;
}

export function fleetFromEnv(env: NodeJS.ProcessEnv = process.env): Fleet | null {
  if (!env.CLUSTER_URL || !env.CLUSTER_DIR || !env.CLUSTER_STATS_URL || !env.CLUSTER_SERVER_PORTS || !env.ADMIN_TOKEN) return null;
  return {
    url: env.CLUSTER_URL,
    statsUrl: env.CLUSTER_STATS_URL,
    dir: env.CLUSTER_DIR,
    servers: env.CLUSTER_SERVER_PORTS.split(' ').map((port, i) => ({ name: `s${i + 1}`, port: Number(port) })),
    adminToken: env.ADMIN_TOKEN,
  };
}

/** HAProxy's statistics of each server process (s1, s2, …), by the CSV's column names (status, connect, reuse, …). */
export async function serverStats(fleet: Fleet): Promise<Record<string, Record<string, string>>> {
  const [header, ...lines] = (await (await fetch(`${fleet.statsUrl};csv`)).text()).split('\n');
  const names = header!.replace(/^# /, '').split(',');
  const stats: Record<string, Record<string, string>> = {};
  for (const line of lines) {
    const fields = line.split(',');
    if (fields[0] === 'servers' && /^s\d+$/.test(fields[1] ?? ''))
      stats[fields[1]!] = Object.fromEntries(names.map((name, i) => [name, fields[i] ?? '']));
  }
  return stats;
}

/** HAProxy's view of each server: UP, "UP 1/2" (a check failed), DOWN, "DOWN 1/2" (coming back), MAINT. */
export async function serverStates(fleet: Fleet): Promise<Record<string, string>> {
  const stats = await serverStats(fleet);
  return Object.fromEntries(Object.entries(stats).map(([name, fields]) => [name, fields.status!]));
}

/** The pid of a process of the fleet (s1…, worker) now: its supervisor writes it at each start. */
export const pidOf = (fleet: Fleet, name: string): number => Number(readFileSync(join(fleet.dir, `${name}.pid`), 'utf8'));

/** A command to HAProxy's runtime API (e.g. `set server servers/s2 state maint`); resolves with its answer. */
export function haproxyCommand(fleet: Fleet, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(join(fleet.dir, 'haproxy.sock'));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('end', () => resolve(answer.trim()));
    socket.on('error', reject);
    socket.end(`${command}\n`);
  });
}

/** Whether a new TCP connection to the port is accepted. */
export const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every `everyMs` until it gives a value; throws naming `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 60_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** Waits until HAProxy has every server UP again (each process restarted and checked twice). */
export const allUp = (fleet: Fleet, timeoutMs = 90_000) =>
  waitFor(
    'every server UP in HAProxy',
    async () => {
      const states = await serverStates(fleet);
      return fleet.servers.every(({ name }) => states[name] === 'UP');
    },
    timeoutMs,
    100,
  );
