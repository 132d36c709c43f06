import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { ingestItem } from '../../helpers/listings.js';
import { v1Body } from '../../helpers/v1.js';

const { t } = useTestApp();

test(`[${databaseKind}] a tour of every documented operation stays inside the OpenAPI description`, async () => {
  const a = await t.agency({ plan: 'reseau' });
  // Each `call` throws on a response outside the description; this tour makes every operation answer.
  await t.call('GET', '/v1/me', a.live);
  const created = (await t.call('POST', '/v1/listings', a.live, v1Body('C-1'))).json();
  await t.call('POST', '/v1/listings', a.live, v1Body('C-1'));
  await t.call('POST', '/v1/listings', a.live, v1Body('C-x', { price: 'x' }));
  await t.call('POST', '/v1/listings', a.live, v1Body('C-y', { dpe: 'A', ges: 'G' }));
  await t.call('POST', '/v1/listings', a.live, v1Body('C-1'), { 'if-none-match': '*' });
  await t.call('GET', '/v1/listings?pageSize=5', a.live);
  await t.call('GET', `/v1/listings/${created.serviceId}`, a.live);
  await t.call('GET', '/v1/listings/lst_missing', a.live);
  await t.call('GET', '/v1/listings/by-external/C-1', a.live);
  await t.call('PUT', `/v1/listings/${created.serviceId}`, a.live, { price: 300000 });
  await t.call('PUT', `/v1/listings/${created.serviceId}`, a.live, { price: 300001 }, { 'if-match': '"v1"' });
  await t.call('PATCH', `/v1/listings/${created.serviceId}/status`, a.live, { status: 'sold' });
  await t.call('POST', '/v1/listings/batch', a.live, { listings: [v1Body('C-2'), v1Body('C-3', { price: -1 })] });
  await t.call('DELETE', `/v1/listings/${created.serviceId}`, a.live);
  await t.call('POST', '/ingest/ingestListings', a.live, { listings: [ingestItem('I-1'), ingestItem('I-2', { price: 0 })] });
  await t.call('POST', '/ingest/ingestListings', a.live, { nope: true });
  await t.call('GET', '/ingest/agencyListings?limit=1', a.live);
  await t.call('GET', '/ingest/listingByExternalId?externalId=I-1', a.live);
  await t.call('DELETE', '/ingest/listingByExternalId?externalId=I-1', a.live);
  const session = (await t.call('POST', '/ingest/syncSessions', a.live)).json();
  await t.call('POST', '/ingest/syncSessions', a.live);
  await t.call('POST', '/ingest/ingestListings', a.live, { listings: [ingestItem('I-2')], syncId: session.syncId });
  await t.call('GET', `/ingest/syncSessions/${session.syncId}`, a.live);
  await t.call('GET', '/ingest/syncSessions?state=open', a.live);
  await t.call('POST', `/ingest/syncSessions/${session.syncId}/complete`, a.live, {});
  await t.call('POST', `/ingest/syncSessions/${session.syncId}/complete`, a.live, {});
  await t.call('GET', '/ingest/syncSessions/syn_0000000missing', a.live);
  const abandoned = (await t.call('POST', '/ingest/syncSessions', a.live)).json();
  await t.call('DELETE', `/ingest/syncSessions/${abandoned.syncId}`, a.live);
  await t.call('DELETE', `/ingest/syncSessions/${abandoned.syncId}`, a.live);
  await t.call('POST', '/ingest/contentHashes', a.live, { listings: [ingestItem('I-1'), ingestItem('I-3', { price: 0 }), 7] });
  await t.call('POST', '/ingest/poliris', a.live, '{}', { 'content-type': 'application/json' });
  await t.call('GET', '/sandbox/v1/me', a.test);
  const sandboxed = (await t.call('POST', '/sandbox/v1/listings', a.test, v1Body('C-S', { title: '[review] T3' }))).json();
  await t.call('POST', `/sandbox/v1/listings/${sandboxed.serviceId}/moderation`, a.test, { decision: 'approve' });
  await t.call('POST', `/sandbox/v1/listings/${sandboxed.serviceId}/moderation`, a.test, { decision: 'approve', version: 9 });
  await t.call('GET', '/healthz', null);
  await t.call('GET', '/readyz', null);
  const replayKey = { 'idempotency-key': 'contract-replay-1' };
  await t.call('POST', '/v1/listings', a.live, v1Body('C-R'), replayKey);
  const replayed = await t.call('POST', '/v1/listings', a.live, v1Body('C-R'), replayKey);
  assert.equal(replayed.headers['idempotent-replayed'], 'true');
  assert.equal(
    replayed.headers.location,
    `http://localhost:8080/v1/listings/${replayed.json().serviceId}`,
    'a replayed 201 keeps its Location',
  );
  const hook = (
    await t.call('POST', '/v1/webhooks', a.live, { url: 'https://crm.example.com/hooks', events: ['listing.published'] })
  ).json();
  await t.call('POST', '/v1/webhooks', a.live, { url: 'http://crm.example.com/hooks' });
  const hookUrl = `/v1/webhooks/${hook.webhook.webhookId}`;
  await t.call('GET', '/v1/webhooks', a.live);
  await t.call('GET', hookUrl, a.live);
  await t.call('GET', '/v1/webhooks/whk_missing', a.live);
  await t.call('PATCH', hookUrl, a.live, { description: 'CRM' });
  await t.call('POST', `${hookUrl}/rotate-secret`, a.live);
  const queued = (await t.call('POST', `${hookUrl}/test`, a.live)).json();
  await t.call('GET', `${hookUrl}/deliveries?limit=5`, a.live);
  await t.call('POST', `${hookUrl}/deliveries/${queued.deliveryId}/retry`, a.live);
  await t.call('DELETE', hookUrl, a.live);
  const lead = (
    await t.call('POST', '/sandbox/v1/leads', a.test, {
      serviceId: sandboxed.serviceId,
      name: 'Camille',
      email: 'c@example.org',
      message: 'Bonjour',
    })
  ).json();
  await t.call('POST', '/sandbox/v1/leads', a.test, {
    serviceId: created.serviceId,
    name: 'Camille',
    email: 'c@example.org',
    message: 'Bonjour',
  });
  await t.call('GET', '/sandbox/v1/leads?limit=1', a.test);
  await t.call('GET', '/v1/leads?after=bad*cursor', a.live);
  await t.call('GET', `/sandbox/v1/leads/${lead.leadId}`, a.test);
  await t.call('GET', '/v1/leads/lead_0000000missing', a.live);
  await t.call('POST', `/sandbox/v1/leads/${lead.leadId}/messages`, a.test, { text: 'Bonjour Camille' });
  await t.call('POST', `/sandbox/v1/leads/${lead.leadId}/messages`, a.test, { text: ' ' });
  await t.call('PATCH', `/sandbox/v1/leads/${lead.leadId}`, a.test, { status: 'archived' });
  await t.call('GET', `/v1/listings/${created.serviceId}/performance?from=2026-03-01&to=2026-03-07`, a.live);
  await t.call('GET', `/v1/listings/${created.serviceId}/performance?from=2026-03-08&to=2026-03-07`, a.live);
  await t.call('GET', '/v1/listings/lst_0000000missing/performance', a.live);
  await t.call('GET', '/v1/performance', a.live);
  await t.call('GET', '/v1/performance?to=2026-02-30', a.live);
  const readOnly = (await t.admin('POST', `/agencies/${a.agencyId}/keys`, { env: 'live', scopes: ['listings:read'] })).json().key;
  await t.call('POST', '/v1/listings', readOnly, v1Body('C-9'));
  await t.call('GET', '/v1/leads', readOnly);
  const missing = t.contract.documented.filter((op) => !t.contract.seen.has(op));
  assert.deepEqual(missing, [], 'every documented operation was exercised');
  assert.ok(t.contract.checked >= 20);
});

test('the contract checker does fail on a response outside the description', () => {
  const ok = JSON.stringify({ status: 'ok' });
  assert.deepEqual(t.contract.check('GET', '/docs/', 200, {}, '<html>'), [], 'undocumented pages are not part of the contract');
  assert.deepEqual(t.contract.check('GET', '/healthz', 200, { 'content-type': 'application/json' }, ok), []);
  assert.ok(
    t.contract
      .check('GET', '/healthz', 200, { 'content-type': 'application/json' }, '{"status":"up"}')
      .some((v) => /body does not match/.test(v)),
  );
  const quotaHeaders = t.contract.check('GET', '/v1/me', 200, { 'content-type': 'application/json' }, '{}');
  assert.ok(
    quotaHeaders.some((v) => /X-RateLimit-Remaining missing/.test(v)),
    'rate-limit headers are required on authenticated answers',
  );
  const created = t.contract.check('POST', '/v1/listings', 201, { 'content-type': 'application/json' }, '{}');
  assert.ok(created.some((v) => /Location missing/.test(v)));
  assert.ok(!created.some((v) => /Idempotent-Replayed/.test(v)), 'Idempotent-Replayed is optional');
  const wrongBody = t.contract.check(
    'GET',
    '/v1/listings/lst_1',
    200,
    { 'content-type': 'application/json', etag: '"v1"' },
    JSON.stringify({ serviceId: 1 }),
  );
  assert.ok(wrongBody.some((v) => /body does not match/.test(v)));
  const wrongStatus = t.contract.check('GET', '/v1/listings/lst_1', 418, { 'content-type': 'application/json' }, '{}');
  assert.ok(wrongStatus.some((v) => /status not documented/.test(v)));
  const missingHeader = t.contract.check('GET', '/v1/listings/by-external/x', 200, { 'content-type': 'application/json' }, '{}');
  assert.ok(missingHeader.some((v) => /ETag missing/.test(v)));
  const wrongType = t.contract.check('GET', '/v1/listings/lst_1', 404, { 'content-type': 'application/json' }, '{}');
  assert.ok(wrongType.some((v) => /content type application\/json not documented/.test(v)));
  assert.ok(t.contract.check('POST', '/v1/unknown', 200, {}, '{}').some((v) => /not documented/.test(v)));
});

test('GET /openapi.json serves OpenAPI 3.1 with both interfaces, security, servers and sandbox', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  assert.equal(doc.openapi, '3.1.0');
  assert.equal(doc.info.version, '1.0.0');
  assert.ok(doc.paths['/v1/listings'] && doc.paths['/ingest/ingestListings']);
  assert.deepEqual(
    doc.servers.map((s: { url: string }) => s.url),
    ['/', '/sandbox', 'http://localhost:8080', 'http://localhost:8080/sandbox'],
  );
  assert.ok(!JSON.stringify(doc).includes('Default Response'), 'every response has a real description');
  assert.equal(doc.paths['/v1/listings'].post.requestBody.content['application/json'].schema.$ref, '#/components/schemas/ListingCreate');
  assert.equal(
    doc.paths['/v1/listings/{serviceId}'].put.requestBody.content['application/json'].schema.$ref,
    '#/components/schemas/ListingUpdate',
  );
  assert.deepEqual(Object.keys(doc.paths['/v1/listings'].post.responses['429'].headers).sort(), [
    'RateLimit',
    'RateLimit-Policy',
    'Retry-After',
    'X-RateLimit-Limit',
    'X-RateLimit-Remaining',
    'X-RateLimit-Reset',
  ]);
  assert.equal(doc.paths['/v1/listings/{serviceId}'].get.responses['200'].headers.ETag.required, true);
  assert.deepEqual(doc.paths['/v1/me'].get.responses['401'].headers, undefined, 'a refused key is not counted, so carries no quota');
  assert.deepEqual(
    Object.keys(doc.paths).filter((p) => doc.paths[p].get?.tags?.includes('service')),
    ['/healthz', '/readyz'],
  );
  assert.equal(doc.info.contact.url, 'http://localhost:8080/support');
  assert.equal((await t.app.inject({ method: 'GET', url: '/support' })).statusCode, 200, 'the contact link leads to a page');
  assert.equal(doc.components.securitySchemes.bearerAuth.scheme, 'bearer');
  assert.ok(!Object.keys(doc.paths).some((p) => p.startsWith('/admin')), 'the operator API is not public');
  const docs = await t.app.inject({ method: 'GET', url: '/docs' });
  assert.ok(docs.statusCode === 200 || docs.statusCode === 302);
  const page = await t.app.inject({ method: 'GET', url: '/docs/' });
  assert.equal(page.statusCode, 200);
  assert.ok(!/https?:\/\/(cdn|unpkg|jsdelivr)/.test(page.body), 'no CDN');
});
