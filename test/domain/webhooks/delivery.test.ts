import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { Webhook } from 'standardwebhooks';
import { createTestApp, ADMIN_TOKEN, type TestAgency, type TestApp } from '../../helpers/app.js';
import { isolatedTestDatabase, onPostgres } from '../../helpers/database.js';
import { Receiver, type Received } from '../../helpers/receiver.js';
import { v1Body } from '../../helpers/v1.js';
import { contact } from '../../helpers/site.js';
import { cliArgs } from '../../main/cli/server-process.js';
import { claimDeliveries } from '../../../src/domain/webhooks/deliveries.js';
import { RETRY_DELAYS_MS } from '../../../src/domain/webhooks/delivery-policy.js';

/**
 * Delivery of the outbox to a local receiver (docs/decisions.md §9): signatures, filters, the retry
 * schedule under an injected clock, bad receivers, SSRF at delivery time, process death.
 */
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
const receiver = new Receiver();
let t: TestApp;
let database: Awaited<ReturnType<typeof isolatedTestDatabase>>;
const errors: unknown[] = [];

/** Names resolve to the local receiver, as DNS would for a public name; anything else does not exist. */
const resolve = async (hostname: string) => {
  if (hostname === 'receiver.test' || hostname === 'rebind.test') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

// A database of its own: its dispatchers would otherwise deliver other files' endpoints, and theirs its own.
before(async () => {
  await receiver.start();
  database = await isolatedTestDatabase();
  t = await createTestApp({
    db: database.db,
    now,
    resolve,
    env: { WEBHOOK_DELIVERY: '1', WEBHOOK_ALLOW_PRIVATE: '1' },
    onError: (e) => errors.push(e),
  });
});
after(async () => {
  await t.close();
  await database.close();
  await receiver.close();
});

const drain = () => t.services.webhooks!.drain();

async function endpoint(owner: TestAgency, path: string, body: Record<string, unknown> = {}, prefix = '') {
  const created = await t.call('POST', `${prefix}/v1/webhooks`, prefix ? owner.test : owner.live, { url: receiver.url(path), ...body });
  assert.equal(created.statusCode, 201, created.body);
  return created.json() as { webhook: { webhookId: string }; secret: string };
}

const log = async (owner: TestAgency, webhookId: string, prefix = '') =>
  (await t.call('GET', `${prefix}/v1/webhooks/${webhookId}/deliveries?limit=100`, prefix ? owner.test : owner.live)).json()
    .deliveries as Array<{
    deliveryId: string;
    state: string;
    eventType: string;
    nextAttemptAt: string | null;
    attempts: Array<{ attempt: number; at: string; status: number | null; error: string | null; answer: string | null }>;
  }>;

/**
 * The body, once its signature checks out: through the standardwebhooks package itself while the
 * clock is real; with the clock moved ahead (its timestamp would be "too new" for the package),
 * by signing the same id, timestamp and body with the package and finding that signature.
 */
function verified(secret: string, request: Received): { type: string; timestamp: string; data: Record<string, unknown> } {
  const headers = request.headers as Record<string, string>;
  if (offsetMs === 0) return new Webhook(secret).verify(request.body, headers) as ReturnType<typeof verified>;
  const expected = new Webhook(secret).sign(headers['webhook-id']!, new Date(Number(headers['webhook-timestamp']) * 1000), request.body);
  if (!headers['webhook-signature']!.split(' ').includes(expected)) throw new Error('no valid signature');
  return JSON.parse(request.body);
}

test('every event type reaches the endpoint, signed so that the standardwebhooks package verifies it, with no address', async () => {
  const owner = await t.agency({ plan: 'reseau' });
  const all = await endpoint(owner, '/all');
  const published = await endpoint(owner, '/published', { events: ['listing.published'] });

  const clean = await t.call('POST', '/v1/listings', owner.live, v1Body('WH-1'));
  assert.equal(clean.statusCode, 201, clean.body);
  const serviceId = clean.json().serviceId;
  const updated = await t.call(
    'PUT',
    `/v1/listings/${serviceId}`,
    owner.live,
    v1Body('WH-1', { price: 330000, description: 'Rénové en 2024, proche du métro.' }),
  );
  assert.equal(updated.statusCode, 200, updated.body);
  const moved = await t.call('PATCH', `/v1/listings/${serviceId}/status`, owner.live, { status: 'paused' });
  assert.equal(moved.statusCode, 200, moved.body);
  assert.equal((await t.call('PATCH', `/v1/listings/${serviceId}/status`, owner.live, { status: 'active' })).statusCode, 200);
  const lead = await contact(
    t,
    serviceId,
    { name: 'Camille Martin', email: 'camille@example.org', message: 'Bonjour, le bien est-il toujours disponible ?' },
    '198.51.100.77',
  );
  assert.equal(
    lead.statusCode,
    200,
    lead.body
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .slice(-600),
  );
  const held = await t.call(
    'POST',
    '/v1/listings',
    owner.live,
    v1Body('WH-2', { type: 'rental', price: 950, charges: 80, surface: 45, rooms: 2, bedrooms: 1, fees: null, dpe: 'G', ges: 'G' }),
  );
  // A class G rental is refused by the rules themselves: listing.rejected, decided automatically.
  assert.equal(held.json().status, 'rejected', held.body);
  assert.equal((await t.call('DELETE', `/v1/listings/${serviceId}`, owner.live)).statusCode, 200);
  assert.equal((await t.call('POST', `/v1/webhooks/${all.webhook.webhookId}/test`, owner.live)).statusCode, 202);
  await drain();

  const bodies = receiver.at('/all').map((request) => verified(all.secret, request));
  const types = new Set(bodies.map((b) => b.type));
  for (const type of [
    'listing.created',
    'listing.updated',
    'listing.status_changed',
    'listing.deleted',
    'listing.published',
    'listing.rejected',
    'lead.received',
    'webhook.test',
  ]) {
    assert.ok(types.has(type), `${type} delivered (got ${[...types].join(', ')})`);
  }
  for (const request of receiver.at('/all')) {
    assert.ok(!/addressLine|rue Garibaldi/.test(request.body), 'no street address in any event');
    assert.match(request.headers['webhook-id'] as string, /^msg_/);
  }
  const rejected = bodies.find((b) => b.type === 'listing.rejected')!;
  assert.equal(rejected.data.externalId, 'WH-2');
  assert.ok(Array.isArray(rejected.data.reasons) && (rejected.data.reasons as unknown[]).length > 0);
  assert.equal(bodies.find((b) => b.type === 'listing.status_changed' && b.data.status === 'paused')!.data.previousStatus, 'active');

  // The filter: only listing.published reaches the second endpoint, each exactly once.
  const filtered = receiver.at('/published').map((request) => verified(published.secret, request));
  assert.ok(filtered.length >= 2);
  assert.ok(filtered.every((b) => b.type === 'listing.published'));
  assert.equal(filtered.length, bodies.filter((b) => b.type === 'listing.published').length);
  assert.equal(new Set(receiver.at('/all').map((r) => r.headers['webhook-id'])).size, receiver.at('/all').length, 'each delivery once');
  const entries = await log(owner, all.webhook.webhookId);
  assert.ok(
    entries.every(
      (d) => d.state === 'succeeded' && d.attempts.length === 1 && d.attempts[0]!.status === 200 && d.attempts[0]!.answer === 'thanks',
    ),
  );
});

test('a sandbox endpoint receives sandbox events only, a LIVE endpoint never sees them', async () => {
  const owner = await t.agency({ plan: 'agence' });
  await endpoint(owner, '/live-only');
  const sandbox = await endpoint(owner, '/sandbox-only', {}, '/sandbox');
  assert.equal((await t.call('POST', '/sandbox/v1/listings', owner.test, v1Body('SB-1'))).statusCode, 201);
  assert.equal((await t.call('POST', '/v1/listings', owner.live, v1Body('LV-1'))).statusCode, 201);
  await drain();
  const sandboxBodies = receiver.at('/sandbox-only').map((r) => verified(sandbox.secret, r));
  assert.ok(sandboxBodies.length >= 1 && sandboxBodies.every((b) => b.data.env === 'test' && b.data.externalId === 'SB-1'));
  assert.ok(receiver.at('/live-only').length >= 1 && receiver.at('/live-only').every((r) => JSON.parse(r.body).data.externalId === 'LV-1'));
});

test('retries follow the schedule on the injected clock, with the same webhook-id every time', async () => {
  const owner = await t.agency({ plan: 'reseau' });
  const flaky = await endpoint(owner, '/flaky');
  receiver.plan('/flaky', 'fail', 'fail', 'ok');
  await t.call('POST', `/v1/webhooks/${flaky.webhook.webhookId}/test`, owner.live);
  await drain();
  let [delivery] = await log(owner, flaky.webhook.webhookId);
  assert.equal(delivery!.attempts.length, 1);
  assert.equal(delivery!.attempts[0]!.status, 500);
  assert.equal(Date.parse(delivery!.nextAttemptAt!) - Date.parse(delivery!.attempts[0]!.at), 5_000);
  offsetMs += 4_000;
  await drain();
  assert.equal(receiver.at('/flaky').length, 1, 'not before its time');
  offsetMs += 1_000;
  await drain();
  [delivery] = await log(owner, flaky.webhook.webhookId);
  assert.equal(delivery!.attempts.length, 2);
  assert.equal(Date.parse(delivery!.nextAttemptAt!) - Date.parse(delivery!.attempts[1]!.at), 5 * 60_000);
  offsetMs += 5 * 60_000;
  await drain();
  [delivery] = await log(owner, flaky.webhook.webhookId);
  assert.equal(delivery!.state, 'succeeded');
  const ids = receiver.at('/flaky').map((r) => r.headers['webhook-id']);
  assert.deepEqual(ids, [delivery!.deliveryId, delivery!.deliveryId, delivery!.deliveryId]);
  for (const request of receiver.at('/flaky')) verified(flaky.secret, request);

  // A receiver that always fails: eight attempts at the schedule's delays, then failed; retried by hand, same id.
  const down = await endpoint(owner, '/down');
  receiver.plan('/down', 'fail');
  await t.call('POST', `/v1/webhooks/${down.webhook.webhookId}/test`, owner.live);
  await drain();
  for (const delay of RETRY_DELAYS_MS) {
    offsetMs += delay;
    await drain();
  }
  const [failed] = await log(owner, down.webhook.webhookId);
  assert.equal(failed!.state, 'failed');
  assert.equal(failed!.nextAttemptAt, null);
  const gaps = failed!.attempts.slice(1).map((a, i) => Date.parse(a.at) - Date.parse(failed!.attempts[i]!.at));
  // The clock runs on between the steps: each gap is the schedule's delay plus a few milliseconds of work.
  assert.equal(gaps.length, RETRY_DELAYS_MS.length);
  gaps.forEach((gap, i) => assert.ok(gap >= RETRY_DELAYS_MS[i]! && gap < RETRY_DELAYS_MS[i]! + 2_000, `retry ${i + 1}: ${gap} ms`));
  receiver.plan('/down', 'ok');
  const retried = await t.call('POST', `/v1/webhooks/${down.webhook.webhookId}/deliveries/${failed!.deliveryId}/retry`, owner.live);
  assert.equal(retried.statusCode, 202);
  await drain();
  const [again] = await log(owner, down.webhook.webhookId);
  assert.equal(again!.state, 'succeeded');
  assert.equal(again!.attempts.length, 9);
  assert.equal(new Set(receiver.at('/down').map((r) => r.headers['webhook-id'])).size, 1);
});

test('slow, redirecting, oversized, resetting and silent receivers are failed attempts and hold nobody else up', async () => {
  const owner = await t.agency({ plan: 'reseau' });
  const other = await t.agency({ plan: 'reseau' });
  const paths = { '/redirect': 'redirect', '/huge': 'huge', '/reset': 'reset', '/never': 'never' } as const;
  const hooks: Record<string, string> = {};
  for (const [path, behaviour] of Object.entries(paths)) {
    receiver.plan(path, behaviour);
    const holder = Object.keys(hooks).length < 3 ? owner : other;
    hooks[path] = (await endpoint(holder, path)).webhook.webhookId;
    await t.call('POST', `/v1/webhooks/${hooks[path]}/test`, holder.live);
  }
  const healthy = await endpoint(other, '/healthy');
  await t.call('POST', `/v1/webhooks/${healthy.webhook.webhookId}/test`, other.live);
  const started = Date.now();
  t.services.webhooks!.nudge();
  await receiver.waitFor('/healthy', 1);
  assert.ok(Date.now() - started < 5_000, 'the healthy endpoint is served while /never is still waiting');
  await drain();
  const expected: Record<string, RegExp> = {
    '/redirect': /redirect to https:\/\/elsewhere\.example\/hook not followed/,
    '/huge': /over 64 KiB/,
    '/reset': /ECONNRESET|other side closed|socket/i,
    '/never': /within 10 s|timeout/i,
  };
  for (const [path, rule] of Object.entries(expected)) {
    const holder = path === '/never' ? other : owner;
    const [delivery] = await log(holder, hooks[path]!);
    assert.equal(delivery!.state, 'pending', `${path} will be retried`);
    assert.match(delivery!.attempts[0]!.error ?? '', rule, path);
  }
  // Their retries would keep later tests waiting on the silent receiver.
  for (const [path, webhookId] of Object.entries(hooks))
    await t.call('DELETE', `/v1/webhooks/${webhookId}`, path === '/never' ? other.live : owner.live);
});

test('a name that resolves to a private address is refused at delivery time (DNS rebinding), unless allowed', async () => {
  const owner = await t.agency({ plan: 'agence' });
  t.services.config.webhooks.allowPrivate = false;
  try {
    const created = await t.call('POST', '/v1/webhooks', owner.live, { url: `https://rebind.test:${receiver.port}/rebind` });
    assert.equal(created.statusCode, 201, 'a public-looking name is accepted when created');
    await t.call('POST', `/v1/webhooks/${created.json().webhook.webhookId}/test`, owner.live);
    await drain();
    const [delivery] = await log(owner, created.json().webhook.webhookId);
    assert.match(
      delivery!.attempts[0]!.error!,
      /rebind\.test resolves to 127\.0\.0\.1, a loopback, private, link-local or metadata address/,
    );
    assert.equal(receiver.at('/rebind').length, 0, 'no connection was made');
  } finally {
    t.services.config.webhooks.allowPrivate = true;
  }
});

test('rotation: both secrets sign for 24 hours; an endpoint failing for 5 days is disabled and says why', async () => {
  const owner = await t.agency({ plan: 'reseau' });
  const rotating = await endpoint(owner, '/rotating');
  const { secret: fresh } = (await t.call('POST', `/v1/webhooks/${rotating.webhook.webhookId}/rotate-secret`, owner.live)).json();
  await t.call('POST', `/v1/webhooks/${rotating.webhook.webhookId}/test`, owner.live);
  await drain();
  const [signed] = receiver.at('/rotating');
  verified(rotating.secret, signed!);
  verified(fresh, signed!);
  assert.equal((signed!.headers['webhook-signature'] as string).split(' ').length, 2);
  offsetMs += 24 * 3600_000 + 1_000;
  await t.call('POST', `/v1/webhooks/${rotating.webhook.webhookId}/test`, owner.live);
  await drain();
  const later = receiver.at('/rotating')[1]!;
  verified(fresh, later);
  assert.throws(() => verified(rotating.secret, later), 'the old secret no longer signs');

  const dying = await endpoint(owner, '/dying');
  receiver.plan('/dying', 'fail');
  await t.call('POST', `/v1/webhooks/${dying.webhook.webhookId}/test`, owner.live);
  await drain();
  offsetMs += 5 * 24 * 3600_000;
  await t.call('POST', `/v1/webhooks/${dying.webhook.webhookId}/test`, owner.live);
  await drain();
  const state = (await t.call('GET', `/v1/webhooks/${dying.webhook.webhookId}`, owner.live)).json();
  assert.equal(state.enabled, false);
  assert.equal(state.disabledReason, 'failing');
  const entries = await log(owner, dying.webhook.webhookId);
  assert.ok(
    entries.every((d) => d.state === 'failed'),
    'its waiting deliveries are failed',
  );
});

test('two processes deliver each event once', async () => {
  const owner = await t.agency({ plan: 'agence' });
  const shared = await endpoint(owner, '/shared');
  const second = await createTestApp({ db: t.db, now, resolve, env: { WEBHOOK_DELIVERY: '1', WEBHOOK_ALLOW_PRIVATE: '1' } });
  try {
    const listings = Array.from({ length: 40 }, (_, i) => ({ externalId: `TWO-${i}`, ...ingest(i) }));
    assert.equal((await t.call('POST', '/ingest/ingestListings', owner.live, { listings })).statusCode, 200);
    await Promise.all([drain(), second.services.webhooks!.drain()]);
    await Promise.all([drain(), second.services.webhooks!.drain()]);
    const ids = receiver.at('/shared').map((r) => r.headers['webhook-id']);
    assert.ok(ids.length >= 80, `created and published for each of 40 (${ids.length})`);
    assert.equal(new Set(ids).size, ids.length, 'no event delivered twice');
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND state = 'succeeded'`,
      [shared.webhook.webhookId],
    );
    assert.equal(rows[0]!.n, ids.length);
  } finally {
    await second.close();
  }
});

function ingest(i: number) {
  return {
    title: `Maison ${i}`,
    transaction: 'VENTE',
    type: 'MAISON',
    price: 250_000 + i * 1_000,
    surface: 90 + i,
    rooms: 4,
    city: 'Nantes',
    postcode: `44${String(100 + i)}`,
    dpe: 'C',
  };
}

test('a delivery whose process died mid-send is delivered by another once its lease is over, with the same id', async () => {
  const owner = await t.agency({ plan: 'agence' });
  // The other process runs on the real clock: the test message must be due for it.
  offsetMs = 0;
  const orphan = await endpoint(owner, '/orphan');
  receiver.plan('/orphan', ...(onPostgres ? (['never', 'ok'] as const) : (['ok'] as const)));
  await t.services.webhooks!.stop();
  let child: ReturnType<typeof spawn> | null = null;
  if (onPostgres) {
    // A real server process claims it, hangs on the receiver, and is killed with SIGKILL.
    child = spawn(process.execPath, [...cliArgs, 'serve'], {
      env: { ...process.env, DATABASE_URL: database.url!, PORT: '0', DEMO: '0', ADMIN_TOKEN, WEBHOOK_ALLOW_PRIVATE: '1', WORKER: '1' },
      stdio: 'ignore',
    });
  } else {
    // One embedded database cannot be shared with another process: a claim that is never finished stands for it.
    await t.call('POST', `/v1/webhooks/${orphan.webhook.webhookId}/test`, owner.live);
    const claimed = await claimDeliveries(t.db, {
      runnerId: 'dead-process',
      now: now(),
      leaseMs: 30_000,
      limit: 10,
      perEndpoint: 10,
      busyEndpoints: [],
    });
    assert.ok(claimed.some((d) => d.endpointId === orphan.webhook.webhookId));
  }
  try {
    if (child) {
      await t.call('POST', `/v1/webhooks/${orphan.webhook.webhookId}/test`, owner.live);
      await receiver.waitFor('/orphan', 1, 90_000);
      child.kill('SIGKILL');
      await new Promise((resolve) => child!.once('exit', resolve));
    }
    const later = await createTestApp({
      db: t.db,
      now: () => new Date(Date.now() + offsetMs + 60_000),
      resolve,
      env: { WEBHOOK_DELIVERY: '1', WEBHOOK_ALLOW_PRIVATE: '1' },
    });
    try {
      await later.services.webhooks!.drain();
    } finally {
      await later.close();
    }
    const [delivery] = await log(owner, orphan.webhook.webhookId);
    assert.equal(delivery!.state, 'succeeded');
    const delivered = receiver.at('/orphan');
    assert.equal(delivered.at(-1)!.headers['webhook-id'], delivery!.deliveryId);
    if (child) assert.equal(new Set(delivered.map((r) => r.headers['webhook-id'])).size, 1, 'the same webhook-id both times');
  } finally {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  }
});

test('no delivery error went unreported', () => {
  assert.deepEqual(errors, []);
});
