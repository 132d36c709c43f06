import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import { ADMIN_TOKEN } from '../../helpers/app.js';
import { databaseKind, openTestDatabase } from '../../helpers/database.js';
import { buildApp, closeServices, createServices } from '../../../src/main/app.js';
import { loadConfig } from '../../../src/platform/config.js';
import { redactedUrl, requestSerializers } from '../../../src/edge/http/log-redaction.js';

test('secret path segments are redacted, other paths kept as they are', () => {
  const token = 'k'.repeat(43);
  assert.equal(redactedUrl(`/messages/${token}`), '/messages/[secret]');
  assert.equal(redactedUrl(`/messages/${token}/delete?x=1`), '/messages/[secret]/delete?x=1');
  assert.equal(redactedUrl(`/pro/invitation/${token}`), '/pro/invitation/[secret]');
  assert.equal(redactedUrl('/listings?city=Lyon'), '/listings?city=Lyon');
});

test(`[${databaseKind}] with LOG_REQUESTS, a visitor's private link never reaches the log lines`, async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = pino({ level: 'info', serializers: requestSerializers }, sink);
  const db = await openTestDatabase();
  const services = await createServices(loadConfig({ ADMIN_TOKEN, PORT: '0', DEMO: '0', WORKER: '0' }), db);
  const app = await buildApp(services, { logger, logRequests: true });
  try {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE';
    const response = await app.inject({ method: 'GET', url: `/messages/${token}` });
    assert.equal(response.statusCode, 404);
    assert.ok(
      lines.some((line) => line.includes('/messages/[secret]')),
      'the request is logged',
    );
    assert.ok(!lines.some((line) => line.includes(token)), 'without its token');
  } finally {
    await app.close();
    await closeServices(services);
    await db.close();
  }
});
