import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { startServer, startWorker } from '../../src/main/server.js';
import { backgroundTasks } from '../../src/main/schedule.js';
import { loadConfig } from '../../src/platform/config.js';
import type { Services } from '../../src/main/app.js';
import { createEmptyPostgresDatabase, databaseKind, onPostgres } from '../helpers/database.js';

/**
 * `listing-sync serve` and `listing-sync worker` start exactly what src/main/schedule.ts lists
 * (`backgroundTasks`), nothing more: every timer and loop of the process is on that list.
 */
const listed = (services: Services) =>
  backgroundTasks({ ...services, config: services.config }).map((task) => `${task.name} (${task.owner}, ${task.kind})`);
const running = (services: Services) => {
  const owners = new Map(services.background.tasks.map((task) => [task.name, `${task.name} (${task.owner}, ${task.kind})`]));
  return services.background.running().map((name) => owners.get(name));
};

async function withProcess(kind: 'serve' | 'worker', env: Record<string, string>, check: (services: Services) => void) {
  const dir = mkdtempSync(join(tmpdir(), `listing-sync-${kind}-`));
  const pg = onPostgres ? await createEmptyPostgresDatabase() : null;
  const config = loadConfig({
    DATA_DIR: join(dir, 'data'),
    LOG_LEVEL: 'silent',
    PORT: '0',
    DEMO: '0',
    ...env,
    ...(pg ? { DATABASE_URL: pg.url } : {}),
  });
  const started = kind === 'serve' ? await startServer(config, { print: () => {} }) : await startWorker(config, { print: () => {} });
  try {
    check(started.services);
  } finally {
    await started.stop();
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

test(`[${databaseKind}] serve runs exactly the listed background tasks: the jobs runner, the mail sender, the webhook dispatcher and the buffers`, async () => {
  await withProcess('serve', { SMTP_URL: 'smtp://127.0.0.1:9' }, (services) => {
    assert.deepEqual(running(services), listed(services));
    assert.deepEqual(services.background.running(), [
      'request-log.flush',
      'audience.flush',
      'quotas.release-idle',
      'mail.sender',
      'jobs.runner',
      'webhooks.dispatcher',
    ]);
  });
});

test(`[${databaseKind}] serve with WORKER=0 leaves the loops to workers; a worker runs them, from the same list`, async () => {
  await withProcess('serve', { WORKER: '0' }, (services) => {
    assert.deepEqual(running(services), listed(services));
    assert.deepEqual(services.background.running(), ['request-log.flush', 'audience.flush', 'quotas.release-idle']);
  });
  await withProcess('worker', {}, (services) => {
    assert.deepEqual(running(services), listed(services));
    for (const loop of ['mail.sender', 'jobs.runner', 'webhooks.dispatcher']) assert.ok(services.background.running().includes(loop), loop);
  });
});
