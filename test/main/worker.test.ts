import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { listenFailure, startWorker } from '../../src/main/server.js';
import { loadConfig } from '../../src/platform/config.js';
import { createEmptyPostgresDatabase, databaseKind, onPostgres } from '../helpers/database.js';

/**
 * `listing-sync worker` (docs/operations.md, "Metrics"): with METRICS_PORT it serves GET /metrics
 * there, behind METRICS_TOKEN, and counts the jobs it runs; nothing else is served.
 */
const METRICS_TOKEN = 'worker-metrics-token-0123456789';

test(`[${databaseKind}] a worker with METRICS_PORT serves its own /metrics, with the jobs it ran`, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'listing-sync-worker-'));
  const pg = onPostgres ? await createEmptyPostgresDatabase() : null;
  const lines: string[] = [];
  const worker = await startWorker(
    loadConfig({
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'silent',
      METRICS_TOKEN,
      METRICS_PORT: '0',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    }),
    { print: (line) => lines.push(line) },
  );
  try {
    assert.match(worker.metricsUrl ?? '', /^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    assert.ok(
      lines.some((line) => line.includes(`metrics at ${worker.metricsUrl}`)),
      lines.join('\n'),
    );
    const scrape = (token?: string) => fetch(worker.metricsUrl!, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    assert.equal((await scrape()).status, 401);
    assert.equal((await scrape('not-the-metrics-token-0123')).status, 401);
    // The keyword indexer runs every 2 s: its attempts are counted by the process that ran them.
    let text = '';
    for (const started = Date.now(); Date.now() - started < 15_000; await new Promise((resolve) => setTimeout(resolve, 200))) {
      const response = await scrape(METRICS_TOKEN);
      assert.equal(response.status, 200);
      text = await response.text();
      if (/^listing_sync_job_attempts_total\{job="search\.index",outcome="done"\} [1-9]/m.test(text)) break;
    }
    assert.match(text, /^listing_sync_job_attempts_total\{job="search\.index",outcome="done"\} [1-9]/m, 'the jobs it ran');
    assert.match(text, /^listing_sync_jobs_oldest_waiting_seconds /m, 'the backlogs, as every process reports them');
    // Nothing but /metrics: no page, no API.
    assert.equal((await fetch(worker.metricsUrl!.replace('/metrics', '/v1/me'))).status, 404);
    assert.equal((await fetch(worker.metricsUrl!.replace('/metrics', '/'))).status, 404);
  } finally {
    await worker.stop();
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a worker without METRICS_PORT serves nothing; METRICS_PORT needs METRICS_TOKEN', () => {
  assert.equal(loadConfig({}).metricsPort, null);
  assert.throws(() => loadConfig({ METRICS_PORT: '9464' }), /METRICS_PORT needs METRICS_TOKEN/);
  assert.throws(() => loadConfig({ METRICS_TOKEN, METRICS_PORT: 'x' }), /METRICS_PORT must be a whole number/);
});

test(`[${databaseKind}] a worker whose METRICS_PORT is taken stops, and says which variable to change`, async () => {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const { port } = taken.address() as AddressInfo;
  const dir = mkdtempSync(join(tmpdir(), 'listing-sync-worker-'));
  const pg = onPostgres ? await createEmptyPostgresDatabase() : null;
  try {
    const config = loadConfig({
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'silent',
      METRICS_TOKEN,
      METRICS_PORT: String(port),
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    });
    const error = await startWorker(config, { print: () => {} }).then(
      () => assert.fail('the worker started on a taken port'),
      (failure: unknown) => failure,
    );
    assert.equal(
      listenFailure(error, { host: config.host, port }, 'METRICS_PORT'),
      `Port ${port} on 127.0.0.1 is already in use: stop the program using it, or set METRICS_PORT to a free port (for example METRICS_PORT=${port + 1} listing-sync worker).`,
    );
  } finally {
    taken.close();
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});
