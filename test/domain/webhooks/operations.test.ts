import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestAgency, type TestApp } from '../../helpers/app.js';
import { databaseKind, isolatedTestDatabase } from '../../helpers/database.js';
import { Receiver } from '../../helpers/receiver.js';
import { signIn } from '../../helpers/back-office.js';
import { signUpAgency } from '../../helpers/pro.js';
import { RETRY_DELAYS_MS } from '../../../src/domain/webhooks/delivery-policy.js';
import { WebhookSender } from '../../../src/domain/webhooks/sender.js';

/**
 * Webhooks as operated (docs/decisions.md §9, issue 19): the backlog operators watch, the published
 * description of what is sent, slow and silent receivers, the 5-day disable threshold, a retry
 * from the pro space, two processes delivering at once, and the purge of old deliveries and events.
 * Tests run in this order on one clock that only moves forward.
 */
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
const DAY = 24 * 3_600_000;
const receiver = new Receiver();
let t: TestApp;
let database: Awaited<ReturnType<typeof isolatedTestDatabase>>;
const errors: unknown[] = [];
// Its runner runs the purges on the moved clock (its database is its own).
const env = { WEBHOOK_DELIVERY: '1', WEBHOOK_ALLOW_PRIVATE: '1', WORKER: '1' };

// A database of its own: its dispatchers would otherwise deliver other files' endpoints, and its backlog would count theirs.
before(async () => {
  await receiver.start();
  database = await isolatedTestDatabase();
  t = await createTestApp({ db: database.db, now, env, onError: (e) => errors.push(e) });
});
after(async () => {
  await t.close();
  await database.close();
  await receiver.close();
});

const drain = () => t.services.webhooks!.drain();

async function endpoint(owner: TestAgency, path: string): Promise<string> {
  const created = await t.call('POST', '/v1/webhooks', owner.live, { url: receiver.url(path) });
  assert.equal(created.statusCode, 201, created.body);
  return created.json().webhook.webhookId;
}
const sendTest = async (owner: TestAgency, webhookId: string) =>
  assert.equal((await t.call('POST', `/v1/webhooks/${webhookId}/test`, owner.live)).statusCode, 202);
const state = async (owner: TestAgency, webhookId: string) =>
  (await t.call('GET', `/v1/webhooks/${webhookId}`, owner.live)).json() as { enabled: boolean; disabledReason: string | null };
const log = async (owner: TestAgency, webhookId: string) =>
  (await t.call('GET', `/v1/webhooks/${webhookId}/deliveries?limit=100`, owner.live)).json().deliveries as Array<{
    deliveryId: string;
    state: string;
    attempts: Array<{ status: number | null; error: string | null; latencyMs: number; answer: string | null }>;
  }>;

test(`[${databaseKind}] waiting deliveries show in /readyz, the operator API's health and the back-office dashboard`, async () => {
  assert.deepEqual(
    (await t.call('GET', '/readyz', null)).json().details.webhooks,
    { pending: 0, oldestPendingSeconds: null },
    'nothing waits yet',
  );
  const owner = await t.agency({ plan: 'agence' });
  receiver.plan('/backlog', 'fail');
  const hook = await endpoint(owner, '/backlog');
  for (let i = 0; i < 3; i++) await sendTest(owner, hook);
  await drain();
  // Two hours and five minutes later the receiver still fails: the three wait for their next attempt.
  offsetMs += 2 * 3_600_000 + 5 * 60_000;
  for (const figures of [
    (await t.call('GET', '/readyz', null)).json().details.webhooks,
    (await t.admin('GET', '/health')).json().webhooks,
  ]) {
    assert.equal(figures.pending, 3, JSON.stringify(figures));
    assert.ok(figures.oldestPendingSeconds >= 7_500 && figures.oldestPendingSeconds < 7_560, JSON.stringify(figures));
  }
  const dashboard = (await (await signIn(t)).get('/admin')).body;
  assert.match(dashboard, /Livraisons en attente<\/dt><dd><span>3<\/span>/);
  assert.match(dashboard, /Plus ancien changement non livré<\/dt><dd class="late"><span>2 h 05 min<\/span>/, 'over an hour: shown as late');

  assert.equal((await t.call('DELETE', `/v1/webhooks/${hook}`, owner.live)).statusCode, 200);
  assert.deepEqual(
    (await t.admin('GET', '/health')).json().webhooks,
    { pending: 0, oldestPendingSeconds: null },
    'a deleted endpoint leaves no backlog',
  );
});

test(`[${databaseKind}] the OpenAPI description has one webhook per event type, each with an example body of its type`, async () => {
  const types = [
    'listing.created',
    'listing.updated',
    'listing.status_changed',
    'listing.deleted',
    'listing.published',
    'listing.rejected',
    'lead.received',
    'lead.message_received',
    'webhook.test',
  ];
  const response = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  assert.equal(response.statusCode, 200);
  const webhooks = response.json().webhooks as Record<
    string,
    {
      post: {
        requestBody: {
          content: Record<
            string,
            { schema: { properties: { type: { const: string } } }; example: { type: string; data: Record<string, unknown> } }
          >;
        };
      };
    }
  >;
  assert.deepEqual(Object.keys(webhooks).sort(), [...types].sort());
  for (const type of types) {
    const body = webhooks[type]!.post.requestBody.content['application/json']!;
    assert.equal(body.example.type, type);
    assert.equal(body.schema.properties.type.const, type);
    assert.ok(Object.keys(body.example.data).length > 0, `${type}: the example shows its data`);
  }
});

test(`[${databaseKind}] a receiver answering after 3 s succeeds and another endpoint is delivered meanwhile`, async () => {
  const owner = await t.agency({ plan: 'reseau' });
  receiver.plan('/slow', { slowMs: 3_000 });
  const slow = await endpoint(owner, '/slow');
  const quick = await endpoint(owner, '/quick');
  await sendTest(owner, slow);
  await sendTest(owner, quick);
  t.services.webhooks!.nudge();
  const [slowRequest] = await receiver.waitFor('/slow', 1);
  await receiver.waitFor('/quick', 1);
  // The quick delivery is recorded while the slow receiver has not answered yet.
  const deadline = Date.now() + 5_000;
  while ((await log(owner, quick))[0]!.state !== 'succeeded' && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  assert.ok(Date.now() < slowRequest!.at + 3_000, 'recorded before the slow answer came');
  assert.equal((await log(owner, quick))[0]!.state, 'succeeded');
  assert.deepEqual((await log(owner, slow))[0]!.attempts, [], 'the slow one is still being sent');
  await drain();
  const [delivery] = await log(owner, slow);
  assert.equal(delivery!.state, 'succeeded');
  assert.equal(delivery!.attempts.length, 1);
  const [attempt] = delivery!.attempts;
  assert.deepEqual([attempt!.status, attempt!.error, attempt!.answer], [200, null, 'late']);
  assert.ok(attempt!.latencyMs >= 2_900 && attempt!.latencyMs < 10_000, `latency ${attempt!.latencyMs} ms`);
});

test(
  `[${databaseKind}] the whole answer must come within the timeout: a silent or trickling receiver fails with the timeout, in its own words`,
  { timeout: 20_000 },
  async () => {
    const sender = new WebhookSender({ allowPrivate: () => true, timeoutMs: 700 });
    // Headers at once, then a byte every 100 ms for ever: only the deadline on the whole answer stops it.
    const trickle = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => response.write('.'), 100);
      response.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => trickle.listen(0, '127.0.0.1', resolve));
    receiver.plan('/silent', 'never');
    try {
      for (const url of [receiver.url('/silent'), `http://127.0.0.1:${(trickle.address() as AddressInfo).port}/trickle`]) {
        // A backstop, should the deadline not stop it: the attempt is then 5 s long and fails the bounds.
        const result = await sender.send(url, {}, '{}', AbortSignal.timeout(5_000));
        assert.equal(result.ok, false, url);
        assert.equal(result.error, 'no complete answer within 0.7 s', url);
        assert.ok(result.latencyMs >= 690 && result.latencyMs < 2_500, `${url}: ${result.latencyMs} ms`);
      }
    } finally {
      trickle.closeAllConnections();
      await new Promise((resolve) => trickle.close(resolve));
      await sender.close();
    }
  },
);

test(`[${databaseKind}] a failed delivery retried from the pro space is due at once and delivered, with the same webhook-id`, async () => {
  const agency = await signUpAgency(t);
  receiver.plan('/pro-retry', 'fail');
  assert.equal((await agency.browser.post('/pro/webhooks', { url: receiver.url('/pro-retry'), env: 'test' })).statusCode, 201);
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM webhook_endpoints WHERE agency_id = $1', [agency.agencyId]);
  const base = `/pro/webhooks/${rows[0]!.id}`;
  assert.equal((await agency.browser.post(`${base}/test`)).statusCode, 303);
  await drain();
  for (const delay of RETRY_DELAYS_MS) {
    offsetMs += delay;
    await drain();
  }
  const failed = (await agency.browser.get(base)).body;
  assert.match(failed, /message de test · échouée/);
  const deliveryId = /deliveries\/(msg_[A-Za-z0-9]+)\/retry/.exec(failed)?.[1];
  assert.ok(deliveryId, 'the failed delivery has its "Renvoyer maintenant" form');

  receiver.plan('/pro-retry', 'ok');
  const retried = await agency.browser.post(`${base}/deliveries/${deliveryId}/retry`);
  assert.equal(retried.statusCode, 303);
  assert.equal(retried.headers.location, `${base}?fait=relance`);
  // The clock stands still: only a delivery due now is sent, without waiting for a drain.
  await receiver.waitFor('/pro-retry', RETRY_DELAYS_MS.length + 2);
  await drain();
  assert.match((await agency.browser.get(base)).body, /message de test · livrée/);
  const ids = receiver.at('/pro-retry').map((r) => r.headers['webhook-id']);
  assert.deepEqual([...new Set(ids)], [deliveryId]);
});

test(`[${databaseKind}] an endpoint failing everything is disabled after 5 days, not at 4 days 23 hours; a success restarts the count`, async () => {
  const owner = await t.agency({ plan: 'reseau' });
  receiver.plan('/dying', 'fail');
  receiver.plan('/recovering', 'fail', 'ok', 'fail');
  const dying = await endpoint(owner, '/dying');
  const recovering = await endpoint(owner, '/recovering');
  await sendTest(owner, dying);
  await sendTest(owner, recovering);
  await drain();
  const start = offsetMs;
  // Day 3: the retries are due; /recovering answers this one, then fails again.
  offsetMs = start + 3 * DAY;
  await drain();
  assert.equal((await log(owner, recovering))[0]!.state, 'succeeded');
  await sendTest(owner, recovering);
  await drain();

  offsetMs = start + 5 * DAY - 3_600_000;
  await sendTest(owner, dying);
  await drain();
  const alive = await state(owner, dying);
  assert.equal(alive.enabled, true, 'still enabled an hour before the 5 days');
  assert.equal(alive.disabledReason, null);

  offsetMs = start + 5 * DAY + 60_000;
  await sendTest(owner, dying);
  await sendTest(owner, recovering);
  await drain();
  const dead = await state(owner, dying);
  assert.equal(dead.enabled, false);
  assert.equal(dead.disabledReason, 'failing');
  assert.equal((await state(owner, recovering)).enabled, true, 'failing for 2 days only since its success');
  assert.ok((await log(owner, dying)).every((d) => d.state === 'failed'));
  assert.ok((await log(owner, recovering)).some((d) => d.state === 'pending'));
});

test(`[${databaseKind}] two processes deliver each event once to each endpoint`, async () => {
  const owner = await t.agency({ plan: 'reseau' });
  const hooks = [await endpoint(owner, '/twice-a'), await endpoint(owner, '/twice-b')];
  const second = await createTestApp({ db: t.db, now, env });
  try {
    const listings = Array.from({ length: 30 }, (_, i) => ({
      externalId: `TWICE-${i}`,
      ...{
        title: `Maison ${i}`,
        transaction: 'VENTE',
        type: 'MAISON',
        price: 250_000 + i * 1_000,
        surface: 90 + i,
        rooms: 4,
        city: 'Nantes',
        postcode: `44${100 + i}`,
        dpe: 'C',
      },
    }));
    assert.equal((await t.call('POST', '/ingest/ingestListings', owner.live, { listings })).statusCode, 200);
    await Promise.all([drain(), second.services.webhooks!.drain()]);
    await Promise.all([drain(), second.services.webhooks!.drain()]);
  } finally {
    await second.close();
  }
  const { rows } = await t.db.query<{ type: string; service_id: string }>(
    `SELECT type, data->>'serviceId' AS service_id FROM events WHERE agency_id = $1 AND env = 'live'`,
    [owner.agencyId],
  );
  const expected = rows.map((r) => `${r.type} ${r.service_id}`).sort();
  assert.ok(expected.filter((e) => e.startsWith('listing.published ')).length === 30 && expected.length === 60, expected.join(', '));
  for (const [i, path] of ['/twice-a', '/twice-b'].entries()) {
    const received = receiver.at(path).map((r) => JSON.parse(r.body) as { type: string; data: { serviceId: string } });
    assert.deepEqual(received.map((b) => `${b.type} ${b.data.serviceId}`).sort(), expected, `${path}: each (type, serviceId) once`);
    const { rows: deliveries } = await t.db.query<{ state: string; attempts: number }>(
      'SELECT state, attempts FROM webhook_deliveries WHERE endpoint_id = $1',
      [hooks[i]],
    );
    assert.equal(deliveries.length, expected.length);
    assert.ok(
      deliveries.every((d) => d.state === 'succeeded' && d.attempts === 1),
      `${path}: one attempt each`,
    );
  }
  const ids = [...receiver.at('/twice-a'), ...receiver.at('/twice-b')].map((r) => r.headers['webhook-id']);
  assert.equal(new Set(ids).size, 120, 'a webhook-id per endpoint and event');
});

test(`[${databaseKind}] the hourly purge removes finished deliveries and events past 30 days, with their attempts, and keeps the rest`, async () => {
  const owner = await t.agency({ plan: 'agence' });
  receiver.plan('/purged', 'fail');
  const hook = await endpoint(owner, '/purged');
  const at = (days: number) => new Date(now().getTime() - days * DAY).toISOString();
  const seeds: Array<[string, string, number | null, number]> = [
    ['msg_oldsucceeded', 'succeeded', 31, 1],
    ['msg_oldfailed', 'failed', 31, 8],
    ['msg_freshsucceeded', 'succeeded', 29, 1],
    ['msg_freshfailed', 'failed', 29, 8],
    // Created 40 days ago and still waiting (its endpoint was down): kept whatever its age.
    ['msg_oldpending', 'pending', null, 3],
  ];
  for (const [id, seeded, finishedDaysAgo, attempts] of seeds) {
    await t.db.query(
      `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, payload, state, attempts, next_attempt_at, event_at, created_at, finished_at)
       VALUES ($1, $2, NULL, 'webhook.test', '{}', $3, $4, $5, $6, $6, $7)`,
      [
        id,
        hook,
        seeded,
        attempts,
        seeded === 'pending' ? new Date(now().getTime() + 10 * 3_600_000).toISOString() : null,
        at(40),
        finishedDaysAgo === null ? null : at(finishedDaysAgo),
      ],
    );
    for (let n = 1; n <= attempts; n++) {
      await t.db.query(
        `INSERT INTO webhook_attempts (delivery_id, attempt, at, status, error, latency_ms) VALUES ($1, $2, $3, 500, 'the receiver answered 500', 12)`,
        [id, n, at(40)],
      );
    }
  }
  for (const [position, days] of [
    [1, 31],
    [2, 29],
  ] as const) {
    await t.db.query(
      `INSERT INTO events (agency_id, env, position, id, type, listing_id, data, at) VALUES ($1, 'test', $2, $3, 'lead.received', NULL, '{}', $4)`,
      [owner.agencyId, position, `evt_purge${position}`, at(days)],
    );
  }
  // An hour later the scheduled jobs run.
  offsetMs += 3_600_000 + 60_000;
  await t.services.jobRunner!.wake();
  await t.services.jobRunner!.wake();

  const kept = (await log(owner, hook)).map((d) => [d.deliveryId, d.attempts.length]);
  assert.deepEqual(kept.sort(), [
    ['msg_freshfailed', 8],
    ['msg_freshsucceeded', 1],
    ['msg_oldpending', 3],
  ]);
  const { rows: orphans } = await t.db.query(`SELECT 1 FROM webhook_attempts WHERE delivery_id IN ('msg_oldsucceeded', 'msg_oldfailed')`);
  assert.equal(orphans.length, 0, 'their attempts went with them');
  const { rows: events } = await t.db.query<{ id: string }>('SELECT id FROM events WHERE agency_id = $1', [owner.agencyId]);
  assert.deepEqual(
    events.map((e) => e.id),
    ['evt_purge2'],
  );
});

test(`[${databaseKind}] no delivery or job error went unreported`, () => {
  assert.deepEqual(errors, []);
});
