import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { isolatedTestDatabase } from '../../helpers/database.js';
import { WebhookDispatcher } from '../../../src/domain/webhooks/dispatcher.js';
import { queueTestMessage } from '../../../src/domain/webhooks/delivery-log.js';
import type { WebhookSender } from '../../../src/domain/webhooks/sender.js';

/**
 * One endpoint with more deliveries due than its share in flight (`perEndpoint`): each finished
 * send claims the next at once. The poll interval is a minute here, so a dispatcher that waited
 * for it once the endpoint's share was taken (the claim then finds nothing) would deliver a
 * share a minute; the lease loop's first version did, and one process delivered 145/s.
 */
let t: TestApp;
let database: Awaited<ReturnType<typeof isolatedTestDatabase>>;

before(async () => {
  database = await isolatedTestDatabase();
  t = await createTestApp({ db: database.db, env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
});
after(async () => {
  await t.close();
  await database.close();
});

test('an endpoint with its share in flight gets its next delivery when a send ends, not at the next poll', async () => {
  const owner = await t.agency({ plan: 'agence' });
  const created = await t.call('POST', '/v1/webhooks', owner.live, { url: 'https://receiver.example/hook' });
  assert.equal(created.statusCode, 201, created.body);
  const { webhookId } = (created.json() as { webhook: { webhookId: string } }).webhook;
  const scope = { agencyId: owner.agencyId, env: 'live' as const };
  for (let i = 0; i < 12; i++) assert.ok((await queueTestMessage(t.db, scope, webhookId, new Date())).ok);

  let inFlight = 0;
  let most = 0;
  let sent = 0;
  const sender = {
    async send() {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight--;
      sent++;
      return { ok: true, status: 204, error: null, latencyMs: 20, answer: '' };
    },
    async close() {},
  } as unknown as WebhookSender;
  const dispatcher = new WebhookDispatcher(t.db, sender, { pollMs: 60_000, perEndpoint: 2, concurrency: 8 });
  await dispatcher.start();
  try {
    const started = Date.now();
    while (sent < 12 && Date.now() - started < 10_000) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(sent, 12, `all 12 sent within 10 s, not one share a poll (${sent} sent)`);
    assert.ok(most <= 4, `at most two shares in flight to one endpoint (${most})`);
  } finally {
    await dispatcher.stop();
  }
});
