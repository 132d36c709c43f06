import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childEnv, cliArgs, collect, exited, waitFor } from './cli/server-process.js';
import { createEmptyPostgresDatabase, databaseKind, onPostgres } from '../helpers/database.js';
import { openDatabase } from '../../src/platform/db/open.js';
import { ADMIN_TOKEN } from '../helpers/app.js';
import { DESKTOP_UA } from '../helpers/audience.js';
import { v1Body } from '../helpers/v1.js';

/**
 * docs/decisions.md §17: the audience is counted in memory and written every AUDIENCE_FLUSH_MS.
 * A real server process is killed (SIGKILL: no stop path runs) after visits of two kinds:
 * those older than a flush period, which must all be in the database, and those of its last
 * moment, which are the only ones it may lose. A graceful stop (SIGINT) loses none.
 */
const FLUSH_MS = 500;
const dir = mkdtempSync(join(tmpdir(), 'listing-sync-audience-'));
const dataDir = join(dir, 'data');
let database: { url: string; drop(): Promise<void> } | null = null;
/** Servers still running when a test fails are stopped, or the file would never end. */
const running = new Set<ChildProcess>();
after(async () => {
  for (const child of running) {
    child.kill('SIGKILL');
    await exited(child);
  }
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

interface Server {
  child: ChildProcess;
  url: string;
  liveKey: string | null;
}

/** `first`: the first start on the database, which prints the demo agency's LIVE key after the banner. */
async function startServer(first: boolean): Promise<Server> {
  const env = childEnv({ PORT: '0', DATA_DIR: dataDir, ADMIN_TOKEN, AUDIENCE_FLUSH_MS: String(FLUSH_MS), LOG_LEVEL: 'warn' });
  if (database) env.DATABASE_URL = database.url;
  const child = spawn(process.execPath, [...cliArgs, 'serve'], { env });
  running.add(child);
  child.on('exit', () => running.delete(child));
  const output = collect(child);
  const [, url] = await waitFor('the banner', () => /listening on (\S+) \(pid/.exec(output.stdout), output);
  const liveKey = first ? (await waitFor('the demo keys', () => /LIVE {2}(svc_pk_LIVE_\S+)/.exec(output.stdout), output))[1]! : null;
  return { child, url: url!, liveKey };
}

async function counted(serviceId: string): Promise<number> {
  const db = await openDatabase({ databaseUrl: database?.url ?? null, dataDir: database ? null : dataDir });
  try {
    const { rows } = await db.query<{ v: number }>(
      'SELECT coalesce(sum(detail_views), 0)::float8 AS v FROM listing_audience WHERE listing_id = $1',
      [serviceId],
    );
    return rows[0]!.v;
  } finally {
    await db.close();
  }
}

const visit = async (server: Server, serviceId: string, times: number) => {
  for (let i = 0; i < times; i++) {
    const response = await fetch(`${server.url}/listings/${serviceId}`, { headers: { 'user-agent': DESKTOP_UA } });
    assert.equal(response.status, 200);
    await response.arrayBuffer();
  }
};

test(
  `[${databaseKind}] a killed server loses only the visits of its last flush period; a stopped one loses none`,
  { timeout: 240_000 },
  async () => {
    if (onPostgres) database = await createEmptyPostgresDatabase();
    let server = await startServer(true);
    const call = (path: string, key: string, body?: unknown) =>
      fetch(`${server.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const created = await call('/v1/listings', server.liveKey!, v1Body('CRASH-1'));
    assert.equal(created.status, 201, await created.clone().text());
    const serviceId = ((await created.json()) as { serviceId: string }).serviceId;
    await call(`/admin/api/listings/${serviceId}/moderation`, ADMIN_TOKEN, { decision: 'approve' });

    // Older than a flush period when the process dies: written by the timer, so never lost.
    await visit(server, serviceId, 20);
    await new Promise((resolve) => setTimeout(resolve, FLUSH_MS * 3));
    // The last moment: these may be lost, and nothing else may.
    const lastMoment = performance.now();
    await visit(server, serviceId, 7);
    const lastMomentMs = Math.round(performance.now() - lastMoment);
    server.child.kill('SIGKILL');
    await exited(server.child);
    const afterCrash = await counted(serviceId);
    console.log(
      `  after SIGKILL: ${afterCrash} of 27 views written; ${27 - afterCrash} lost, all from the last ${lastMomentMs} ms before the kill (AUDIENCE_FLUSH_MS ${FLUSH_MS})`,
    );
    assert.ok(afterCrash >= 20, `every visit older than a flush period was written (${afterCrash})`);
    assert.ok(afterCrash <= 27);

    // A graceful stop writes what is left before it exits.
    server = await startServer(false);
    await visit(server, serviceId, 5);
    server.child.kill('SIGINT');
    assert.equal(await exited(server.child), 0);
    assert.equal(await counted(serviceId), afterCrash + 5, 'the stop path wrote the last counts');
  },
);
