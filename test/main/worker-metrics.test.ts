import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWorker } from '../../src/main/server.js';
import { loadConfig } from '../../src/platform/config.js';
import { createEmptyPostgresDatabase, databaseKind, onPostgres } from '../helpers/database.js';

/**
 * A dedicated `listing-sync worker`'s own /metrics (docs/operations.md, "Metrics") tells how far
 * behind the background work is: the depth and age of the jobs, mail and webhook queues, and
 * each outbox follower's lag. The rows below are work this worker cannot take (a job of a name
 * no runner knows, a mail another sender holds, a delivery due in an hour), so the figures stay.
 */
const METRICS_TOKEN = 'worker-metrics-token-0123456789';
const MINUTE = 60_000;

test(`[${databaseKind}] a worker's /metrics gives the queues' depths and ages and the followers' lag`, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'listing-sync-worker-metrics-'));
  const pg = onPostgres ? await createEmptyPostgresDatabase() : null;
  const worker = await startWorker(
    loadConfig({
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'silent',
      METRICS_TOKEN,
      METRICS_PORT: '0',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    }),
    { print: () => {} },
  );
  try {
    const db = worker.services.db;
    const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();
    await db.query(
      `INSERT INTO jobs (name, payload, run_at, max_attempts, created_at) VALUES ('metrics.unknown-to-runners', '{}', $1, 1, $1)`,
      [ago(10)],
    );
    await db.query(
      `INSERT INTO mails (message_id, from_address, to_address, subject, text_body, html_body, claimed_by, claimed_until, created_at)
       VALUES ('<worker-metrics@test>', 'site@example.test', 'visitor@example.test', 'Bonjour', 'Texte', '<p>Texte</p>', 'another-sender', $1, $2)`,
      [new Date(Date.now() + 60 * MINUTE).toISOString(), ago(20)],
    );
    await db.query(
      `INSERT INTO agencies (id, name, plan, verified, created_at) VALUES ('agc_workermetrics', 'Agence', 'agence', true, $1)`,
      [ago(60)],
    );
    await db.query(
      `INSERT INTO webhook_endpoints (id, agency_id, env, url, secret, event_cursor, created_at, updated_at)
       VALUES ('whk_workermetrics', 'agc_workermetrics', 'live', 'https://hooks.example.test/in', 'whsec_x', 0, $1, $1)`,
      [ago(60)],
    );
    // A retry due in an hour, for a change made 30 minutes ago.
    await db.query(
      `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, payload, state, attempts, next_attempt_at, event_at, created_at)
       VALUES ('msg_workermetrics', 'whk_workermetrics', NULL, 'webhook.test', '{}', 'pending', 1, $1, $2, $2)`,
      [new Date(Date.now() + 60 * MINUTE).toISOString(), ago(30)],
    );

    const response = await fetch(worker.metricsUrl!, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    assert.equal(response.status, 200);
    const text = await response.text();
    const value = (series: string) => {
      const line = text.split('\n').find((l) => l.startsWith(`${series} `));
      assert.ok(line, `${series} in:\n${text}`);
      return Number(line.slice(series.length + 1));
    };
    assert.equal(value('listing_sync_database_up'), 1);
    assert.equal(value('listing_sync_jobs_waiting{job="metrics.unknown-to-runners"}'), 1);
    assert.ok(value('listing_sync_jobs_oldest_waiting_seconds') >= 10 * 60 - 5);
    assert.equal(value('listing_sync_mail_queued'), 1);
    assert.ok(value('listing_sync_mail_oldest_queued_seconds') >= 20 * 60 - 5);
    assert.equal(value('listing_sync_webhook_deliveries_pending'), 1);
    assert.ok(value('listing_sync_webhook_oldest_pending_seconds') >= 30 * 60 - 5);
    for (const consumer of ['keyword_index', 'relay', 'alerts', 'webhooks']) {
      assert.ok(value(`listing_sync_outbox_lag_events{consumer="${consumer}"}`) >= 0);
      assert.ok(value(`listing_sync_outbox_lag_seconds{consumer="${consumer}"}`) >= 0);
    }
  } finally {
    await worker.stop();
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});
