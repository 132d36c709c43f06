import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, useTestApp } from '../../helpers/app.js';

/** Webhook endpoints through v1 (docs/decisions.md §9): caps per plan and environment, URL rules, secrets, isolation. */
const { t, agency } = useTestApp({ agency: { plan: 'agence' } });

const create = (key: string, body: unknown, prefix = '') => t.call('POST', `${prefix}/v1/webhooks`, key, body);
const hook = (path: string) => `https://hooks.example.com/${path}`;

test('each plan has its cap of endpoints per environment, and the refusal names the plan', async () => {
  const solo = await t.agency({ plan: 'solo' });
  const refused = await create(solo.live, { url: hook('solo') });
  assert.equal(refused.statusCode, 403);
  assert.equal(refused.json().code, 'forbidden');
  assert.match(refused.json().detail, /Pro Solo plan has no webhooks/);

  const agence = await t.agency({ plan: 'agence' });
  assert.equal((await create(agence.live, { url: hook('a1') })).statusCode, 201);
  const second = await create(agence.live, { url: hook('a2') });
  assert.equal(second.statusCode, 403);
  assert.match(second.json().detail, /Pro Agence plan allows 1 webhook endpoint per environment; this agency has 1 LIVE endpoint/);
  // The sandbox counts apart.
  assert.equal((await create(agence.test, { url: 'http://hooks.example.com/sandbox' }, '/sandbox')).statusCode, 201);

  const reseau = await t.agency({ plan: 'reseau' });
  for (const n of [1, 2, 3]) assert.equal((await create(reseau.live, { url: hook(`r${n}`) })).statusCode, 201);
  const fourth = await create(reseau.live, { url: hook('r4') });
  assert.equal(fourth.statusCode, 403);
  assert.match(fourth.json().detail, /Pro Réseau plan allows 3 webhook endpoints/);

  // A deleted endpoint frees its place.
  const [first] = (await t.call('GET', '/v1/webhooks', reseau.live)).json().webhooks;
  assert.equal((await t.call('DELETE', `/v1/webhooks/${first.webhookId}`, reseau.live)).statusCode, 200);
  assert.equal((await create(reseau.live, { url: hook('r4') })).statusCode, 201);
});

test('bad URLs and event types are refused with the field and the rule, and nothing is created', async () => {
  const owner = await t.agency({ plan: 'reseau' });
  const cases: Array<[unknown, string, RegExp]> = [
    [{ url: 'http://hooks.example.com/x' }, 'url', /https:\/\/ for a LIVE endpoint/],
    [{ url: 'not a url' }, 'url', /absolute URL/],
    [{ url: 'ftp://hooks.example.com/x' }, 'url', /https:\/\//],
    [{ url: 'https://user:pw@hooks.example.com/x' }, 'url', /user name or password/],
    [{ url: 'https://10.1.2.3/x' }, 'url', /loopback, private, link-local or metadata/],
    [{ url: 'https://169.254.169.254/latest/meta-data' }, 'url', /metadata/],
    [{ url: 'https://[::1]/x' }, 'url', /loopback/],
    [{ url: 'https://[::ffff:127.0.0.1]/x' }, 'url', /loopback/],
    [{ url: 'https://localhost/x' }, 'url', /loopback/],
    [{ url: 'https://100.64.0.1/x' }, 'url', /private/],
    [{ url: hook('x'), events: ['listing.sold'] }, 'events', /must be one of listing.created, .*webhook.test/],
    [{ url: hook('x'), events: [] }, 'events', /events/],
    [{ url: hook('x'), colour: 'red' }, 'colour', /not a known field/],
    [{}, 'url', /required/],
  ];
  for (const [body, field, rule] of cases) {
    const response = await create(owner.live, body);
    assert.equal(response.statusCode, 400, `${JSON.stringify(body)}: ${response.body}`);
    const errors: Array<{ field: string; message: string }> = response.json().errors;
    assert.ok(
      errors.some((e) => e.field.replace(/^\//, '').startsWith(field.split('/')[0]!) && rule.test(e.message)),
      `${JSON.stringify(body)} → ${JSON.stringify(errors)}`,
    );
  }
  assert.deepEqual((await t.call('GET', '/v1/webhooks', owner.live)).json().webhooks, []);
});

test('an unknown event type is told of its own item, the list naming only event types; null is said in words where the field takes it', async () => {
  const owner = await t.agency({ plan: 'reseau' });
  const types =
    'listing.created, listing.updated, listing.status_changed, listing.deleted, listing.published, listing.rejected, lead.received, lead.message_received, webhook.test';
  const expected = [{ field: 'events[1]', message: `events[1] must be one of ${types}` }];
  const created = await create(owner.live, { url: hook('kinds'), events: ['listing.created', 'x'] });
  assert.equal(created.statusCode, 400, created.body);
  assert.deepEqual(created.json().errors, expected);
  const made = await create(owner.live, { url: hook('kinds') });
  assert.equal(made.statusCode, 201, made.body);
  const { webhookId } = made.json().webhook;
  const patched = await t.call('PATCH', `/v1/webhooks/${webhookId}`, owner.live, { events: ['listing.created', 'x'] });
  assert.equal(patched.statusCode, 400, patched.body);
  assert.deepEqual(patched.json().errors, expected);
  // A wrong type of item is the item's rule too, not « an array or null » of the list.
  const number = await create(owner.live, { url: hook('kinds'), events: [5] });
  assert.deepEqual(number.json().errors, [{ field: 'events[0]', message: 'events[0] must be a string' }]);
  const text = await create(owner.live, { url: hook('kinds'), events: 'listing.created' });
  assert.deepEqual(text.json().errors, [{ field: 'events', message: 'events must be an array or null' }]);
});

test('a local receiver is refused with the setting a development start admits it with, in the sandbox and on LIVE', async () => {
  const owner = await t.agency({ plan: 'agence' });
  const message =
    'url must not point to a loopback, private, link-local or metadata address (for local development, an operator can allow them by starting the service with WEBHOOK_ALLOW_PRIVATE=1)';
  for (const [key, prefix, url] of [
    [owner.test, '/sandbox', 'http://localhost:3000/hooks'],
    // On LIVE too the address is named first, not https://: the one setting admits both.
    [owner.live, '', 'http://localhost:3000/hooks'],
    [owner.live, '', 'http://192.168.1.20:8000/hooks'],
  ] as const) {
    const refused = await create(key, { url }, prefix);
    assert.equal(refused.statusCode, 400, refused.body);
    assert.deepEqual(refused.json().errors, [{ field: 'url', message }], `${prefix} ${url}`);
  }
  const { webhook } = (await create(owner.live, { url: hook('local') })).json();
  const moved = await t.call('PATCH', `/v1/webhooks/${webhook.webhookId}`, owner.live, { url: 'https://127.0.0.1:8443/hooks' });
  assert.equal(moved.statusCode, 400);
  assert.deepEqual(moved.json().errors, [{ field: 'url', message }]);

  const development = await createTestApp({ db: t.db, env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
  try {
    const created = await development.call('POST', '/sandbox/v1/webhooks', owner.test, { url: 'http://localhost:3000/hooks' });
    assert.equal(created.statusCode, 201, created.body);
  } finally {
    await development.close();
  }
});

test('the secret is shown once; reads never show it; rotation gives a new one with a 24-hour overlap', async () => {
  const owner = await t.agency({ plan: 'agence' });
  const created = await create(owner.live, { url: hook('secret'), events: ['listing.published', 'listing.rejected'], description: 'CRM' });
  assert.equal(created.statusCode, 201, created.body);
  const { webhook, secret } = created.json();
  assert.match(secret, /^whsec_[A-Za-z0-9+/=]{40,}$/);
  assert.equal(created.headers.location, `/v1/webhooks/${webhook.webhookId}`);
  assert.deepEqual(webhook.events, ['listing.published', 'listing.rejected']);
  assert.equal(webhook.env, 'live');
  for (const read of [
    await t.call('GET', '/v1/webhooks', owner.live),
    await t.call('GET', `/v1/webhooks/${webhook.webhookId}`, owner.live),
  ]) {
    assert.equal(read.statusCode, 200);
    assert.ok(!read.body.includes(secret.slice(6, 20)), 'no read shows the secret');
  }
  const rotated = await t.call('POST', `/v1/webhooks/${webhook.webhookId}/rotate-secret`, owner.live);
  assert.equal(rotated.statusCode, 200);
  assert.notEqual(rotated.json().secret, secret);
  const overlap = Date.parse(rotated.json().webhook.previousSecretValidUntil) - Date.now();
  assert.ok(overlap > 23.9 * 3600_000 && overlap <= 24 * 3600_000, String(overlap));
});

test('changes, disabling and deletion; another agency or the other environment sees nothing', async () => {
  const owner = await t.agency({ plan: 'reseau' });
  const { webhook } = (await create(owner.live, { url: hook('change') })).json();
  const url = `/v1/webhooks/${webhook.webhookId}`;
  const changed = await t.call('PATCH', url, owner.live, { events: ['lead.received'], description: 'Leads only', url: hook('changed') });
  assert.equal(changed.statusCode, 200, changed.body);
  assert.deepEqual(changed.json().events, ['lead.received']);
  assert.equal(changed.json().url, hook('changed'));
  const disabled = (await t.call('PATCH', url, owner.live, { enabled: false })).json();
  assert.equal(disabled.enabled, false);
  assert.equal(disabled.disabledReason, 'manual');
  assert.equal((await t.call('POST', `${url}/test`, owner.live)).statusCode, 409, 'no test message to a disabled endpoint');
  const enabled = (await t.call('PATCH', url, owner.live, { enabled: true, events: null })).json();
  assert.equal(enabled.enabled, true);
  assert.equal(enabled.disabledReason, null);
  assert.equal(enabled.events, null);
  assert.equal((await t.call('PATCH', url, owner.live, {})).statusCode, 400, 'an empty change is refused');

  // Tenant and environment isolation.
  assert.equal((await t.call('GET', url, agency.live)).statusCode, 404);
  assert.equal((await t.call('PATCH', url, agency.live, { enabled: false })).statusCode, 404);
  assert.equal((await t.call('DELETE', url, agency.live)).statusCode, 404);
  assert.equal((await t.call('POST', `${url}/rotate-secret`, agency.live)).statusCode, 404);
  assert.equal((await t.call('GET', `${url}/deliveries`, agency.live)).statusCode, 404);
  assert.equal((await t.call('GET', `/sandbox${url}`, owner.test)).statusCode, 404);
  assert.deepEqual((await t.call('GET', '/sandbox/v1/webhooks', owner.test)).json().webhooks, []);
  assert.equal((await t.call('GET', url, owner.live)).json().enabled, true, 'the refused calls changed nothing');

  assert.equal((await t.call('DELETE', url, owner.live)).statusCode, 200);
  assert.equal((await t.call('GET', url, owner.live)).statusCode, 404);
});

test('a test message is queued and shows in the delivery log; a key without webhooks:manage is refused', async () => {
  const owner = await t.agency({ plan: 'agence' });
  const { webhook } = (await create(owner.live, { url: hook('log') })).json();
  const queued = await t.call('POST', `/v1/webhooks/${webhook.webhookId}/test`, owner.live);
  assert.equal(queued.statusCode, 202);
  const log = (await t.call('GET', `/v1/webhooks/${webhook.webhookId}/deliveries`, owner.live)).json();
  assert.equal(log.deliveries.length, 1);
  assert.equal(log.deliveries[0].deliveryId, queued.json().deliveryId);
  assert.equal(log.deliveries[0].eventType, 'webhook.test');
  assert.equal(log.deliveries[0].state, 'pending');
  assert.equal(JSON.parse(log.deliveries[0].payload).data.webhookId, webhook.webhookId);
  const retry = await t.call('POST', `/v1/webhooks/${webhook.webhookId}/deliveries/${queued.json().deliveryId}/retry`, owner.live);
  assert.equal(retry.statusCode, 202, 'a waiting delivery may be attempted now');
  await t.db.query(
    `UPDATE webhook_deliveries SET locked_by = 'another-process', next_attempt_at = now() + interval '30 seconds' WHERE id = $1`,
    [queued.json().deliveryId],
  );
  const sending = await t.call('POST', `/v1/webhooks/${webhook.webhookId}/deliveries/${queued.json().deliveryId}/retry`, owner.live);
  assert.equal(sending.statusCode, 409, 'not one being sent right now');
  assert.match(sending.json().detail, /being sent right now/);

  // Operators see the backlog: in /readyz's details and in the operator API's health figures.
  const ready = (await t.call('GET', '/readyz', null)).json();
  assert.ok(ready.details.webhooks.pending >= 1 && ready.details.webhooks.oldestPendingSeconds >= 0, JSON.stringify(ready));
  const health = (await t.admin('GET', '/health')).json();
  assert.ok(health.webhooks.pending >= 1, JSON.stringify(health.webhooks));

  const reader = (await t.admin('POST', `/agencies/${owner.agencyId}/keys`, { env: 'live', scopes: ['listings:read'] })).json();
  const refused = await t.call('GET', '/v1/webhooks', reader.key);
  assert.equal(refused.statusCode, 403);
  assert.match(refused.json().detail, /webhooks:manage/);
});
