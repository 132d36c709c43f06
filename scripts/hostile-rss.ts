/**
 * Memory of a running server under hostile requests (issue 14): starts the built server
 * (`npm run build` first) as its own process, sends rounds of requests generated like the
 * suite's campaign, and prints its RSS and its live heap after each round (from V8's own
 * --trace-gc lines, the heap that survived the last full collection).
 *
 *   npm run hostile:rss -- [requests per round, 10000] [rounds, 2]
 *
 * On PostgreSQL: scripts/with-postgres.sh npm run hostile:rss
 * Memory that grows round after round is retained; RSS that rises once and stays while the
 * live heap does not is heap V8 has not returned to the system.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Services } from '../src/main/app.js';
import { describedOperations, operatorOperations, requestsFor, type Description } from '../test/helpers/hostile.js';

const perRound = Number(process.argv[2] ?? 10_000);
const rounds = Number(process.argv[3] ?? 2);
const port = Number(process.env.RSS_PORT ?? 18443);
const adminToken = 'hostile-rss-admin-token-0123';
const base = `http://127.0.0.1:${port}`;

const server = spawn(process.execPath, ['--trace-gc', 'dist/src/main/cli/main.js', 'serve'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_TOKEN: adminToken,
    DEMO: '0',
    LOG_LEVEL: 'silent',
    KEY_QUOTA_LIVE: '100000000',
    KEY_QUOTA_TEST: '100000000',
    ...(process.env.DATABASE_URL ? {} : { DATA_DIR: mkdtempSync(join(tmpdir(), 'hostile-rss-')) }),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let liveHeapMb = NaN;
let output = '';
server.stdout.on('data', (chunk: Buffer) => {
  output += chunk.toString();
  // "Mark-Compact 61.2 (70.3) -> 45.1 (68.9) MB": what survived the last full collection.
  for (const match of chunk.toString().matchAll(/Mark-Compact[^\n]*?-> ([\d.]+) \(/g)) liveHeapMb = Number(match[1]);
});

const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  for (let i = 0; !output.includes('listening on'); i++) {
    if (i > 600) throw new Error(`server did not start:\n${output}`);
    await sleep(100);
  }
  const created = await (
    await fetch(`${base}/admin/api/agencies`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Hostile', plan: 'reseau', verified: true }),
    })
  ).json();
  const credentials = { live: created.keys.live, test: created.keys.test, admin: adminToken };
  const description = (await (await fetch(`${base}/openapi.json`)).json()) as Description;
  const operations = [
    ...describedOperations(description),
    ...(await operatorOperations({ config: { adminToken: 'probe-token' } } as unknown as Services)),
  ];
  console.log(`server pid ${server.pid}, ${operations.length} operations; RSS at start ${rssMb().toFixed(0)} MB`);
  const statuses = new Map<number, number>();
  for (let round = 1; round <= rounds; round++) {
    const started = Date.now();
    const perOperation = Math.ceil(perRound / operations.length);
    const requests = operations.flatMap((op) =>
      fc.sample(requestsFor(description, op, credentials), perOperation).map((request) => ({ op, request })),
    );
    // A few at a time, as a campaign from one client would.
    for (let i = 0; i < requests.length; i += 8) {
      await Promise.all(
        requests.slice(i, i + 8).map(async ({ op, request }) => {
          try {
            const response = await fetch(`${base}${request.url}`, {
              method: op.method,
              headers: request.headers,
              body: request.payload,
              signal: AbortSignal.timeout(10_000),
            });
            await response.arrayBuffer();
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          } catch {
            statuses.set(0, (statuses.get(0) ?? 0) + 1); // refused by the client itself (invalid URL or header)
          }
        }),
      );
    }
    await sleep(3000);
    console.log(
      `round ${round}: ${requests.length} requests in ${((Date.now() - started) / 1000).toFixed(1)} s; RSS ${rssMb().toFixed(0)} MB; live heap after the last full GC ${liveHeapMb} MB`,
    );
  }
  console.log('statuses:', Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])));
} finally {
  server.kill('SIGTERM');
}
