import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { ingestItem } from '../../helpers/listings.js';

const { t, agency } = useTestApp();

test(`[${databaseKind}] every route family refuses a missing key and accepts a valid one`, async () => {
  const routes: Array<[string, string, string, unknown?]> = [
    ['GET', '/v1/me', 'live'],
    ['GET', '/sandbox/v1/me', 'test'],
    ['POST', '/ingest/ingestListings', 'live', { listings: [ingestItem('F-1')] }],
    ['POST', '/sandbox/ingest/ingestListings', 'test', { listings: [ingestItem('F-1')] }],
    ['GET', '/ingest/agencyListings', 'live'],
    ['GET', '/sandbox/ingest/agencyListings', 'test'],
    ['GET', '/ingest/listingByExternalId?externalId=F-1', 'live'],
    ['GET', '/sandbox/ingest/listingByExternalId?externalId=F-1', 'test'],
    ['DELETE', '/ingest/listingByExternalId?externalId=F-1', 'live'],
    ['DELETE', '/sandbox/ingest/listingByExternalId?externalId=F-1', 'test'],
  ];
  for (const [method, url, env, body] of routes) {
    const anonymous = await t.call(method as 'GET', url, null, body);
    assert.equal(anonymous.statusCode, 401, `${method} ${url} without a key`);
    const wrong = await t.call(method as 'GET', url, env === 'live' ? agency.test : agency.live, body);
    assert.equal(wrong.statusCode, 401, `${method} ${url} with the other environment's key`);
    const ok = await t.call(method as 'GET', url, env === 'live' ? agency.live : agency.test, body);
    assert.equal(ok.statusCode, 200, `${method} ${url}: ${ok.body}`);
  }
});

test(`[${databaseKind}] a key without the route's scope gets 403 forbidden naming the scope`, async () => {
  const readOnly = (await t.admin('POST', `/agencies/${agency.agencyId}/keys`, { env: 'live', scopes: ['listings:read'] })).json().key;
  const push = await t.call('POST', '/ingest/ingestListings', readOnly, { listings: [ingestItem('S-1')] });
  assert.equal(push.statusCode, 403);
  assert.equal(push.json().code, 'forbidden');
  assert.match(push.json().detail, /listings:write/);
  const del = await t.call('DELETE', '/ingest/listingByExternalId?externalId=S-1', readOnly);
  assert.equal(del.statusCode, 403);
  assert.match(del.json().detail, /listings:delete/);
  assert.equal((await t.call('GET', '/ingest/agencyListings', readOnly)).statusCode, 200);
  assert.equal((await t.call('GET', '/v1/me', readOnly)).statusCode, 200, '/v1/me needs only a valid key');
  const writeOnly = (await t.admin('POST', `/agencies/${agency.agencyId}/keys`, { env: 'live', scopes: ['listings:write'] })).json().key;
  const read = await t.call('GET', '/ingest/agencyListings', writeOnly);
  assert.equal(read.statusCode, 403);
  assert.match(read.json().detail, /listings:read/);
});

test(`[${databaseKind}] no CORS header is ever sent, preflights included`, async () => {
  const origin = { origin: 'https://evil.example' };
  const answers = [
    await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/me',
      headers: { ...origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    }),
    await t.app.inject({
      method: 'OPTIONS',
      url: '/ingest/ingestListings',
      headers: { ...origin, 'access-control-request-method': 'POST' },
    }),
    await t.app.inject({ method: 'GET', url: '/v1/me', headers: { ...origin, authorization: `Bearer ${agency.live}` } }),
    await t.app.inject({ method: 'GET', url: '/v1/me', headers: origin }),
    await t.app.inject({ method: 'GET', url: '/healthz', headers: origin }),
    await t.app.inject({ method: 'GET', url: '/openapi.json', headers: origin }),
  ];
  for (const answer of answers) {
    const cors = Object.keys(answer.headers).filter((name) => name.toLowerCase().startsWith('access-control-'));
    assert.deepEqual(cors, [], `${answer.statusCode} carried ${cors.join(', ')}`);
    assert.ok((answer.statusCode !== 204 && answer.statusCode !== 200) || !answer.headers['access-control-allow-origin']);
  }
  assert.ok(answers[0]!.statusCode >= 400, 'a preflight is not granted');
});

test(`[${databaseKind}] every answer carries X-Request-Id and security headers; a sane client id is kept`, async () => {
  const mine = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'client-req-12345' } });
  assert.equal(mine.headers['x-request-id'], 'client-req-12345');
  const hostile = await t.app.inject({ method: 'GET', url: '/nope', headers: { 'x-request-id': 'bad id with spaces\u0000' } });
  assert.match(hostile.headers['x-request-id'] as string, /^req_/);
  assert.equal(hostile.statusCode, 404);
  assert.equal(hostile.json().code, 'not_found');
  assert.equal(hostile.json().requestId, hostile.headers['x-request-id']);
  assert.equal(mine.headers['x-content-type-options'], 'nosniff');
  // Helmet's set, on an answer, a 404 and a refused request alike (security-headers.ts).
  const refused = await t.app.inject({
    method: 'POST',
    url: '/v1/listings',
    payload: '{',
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(refused.statusCode >= 400 && refused.statusCode < 500, true, refused.body);
  for (const answer of [mine, hostile, refused]) {
    const label = `${answer.statusCode} ${answer.body.slice(0, 60)}`;
    assert.match(String(answer.headers['content-security-policy']), /^default-src 'self';.*img-src 'self' data: https: http:/, label);
    assert.equal(answer.headers['x-frame-options'], 'SAMEORIGIN', label);
    assert.equal(answer.headers['cross-origin-resource-policy'], 'same-origin', label);
    assert.equal(answer.headers['cross-origin-opener-policy'], 'same-origin', label);
    assert.equal(answer.headers['referrer-policy'], 'no-referrer', label);
    assert.equal(answer.headers['x-content-type-options'], 'nosniff', label);
    assert.equal(answer.headers['strict-transport-security'], undefined, `${label}: not over plain HTTP`);
  }
});

test(`[${databaseKind}] healthz answers without a database and readyz checks it`, async () => {
  assert.deepEqual((await t.app.inject({ method: 'GET', url: '/healthz' })).json(), { status: 'ok' });
  const ready = (await t.app.inject({ method: 'GET', url: '/readyz' })).json();
  assert.equal(ready.status, 'ready');
  assert.equal(typeof ready.details.webhooks.pending, 'number');
});

test(`[${databaseKind}] a server fault is a 500 server_error with no stack or SQL in the body`, async () => {
  const broken = await createTestApp({
    db: t.db,
    routes: (app) =>
      app.get('/boom', async () => {
        throw new Error('relation "secret_table" does not exist at line 12');
      }),
  });
  try {
    const response = await broken.app.inject({ method: 'GET', url: '/boom' });
    assert.equal(response.statusCode, 500);
    assert.equal(response.json().code, 'server_error');
    assert.ok(!response.body.includes('secret_table'));
    assert.ok(!response.body.includes('at '));
  } finally {
    await broken.close();
  }
});

test(`[${databaseKind}] request bodies that are not JSON get 415`, async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/ingest/ingestListings',
    headers: { authorization: `Bearer ${agency.live}`, 'content-type': 'text/plain' },
    payload: 'hello',
  });
  assert.equal(response.statusCode, 415);
  assert.equal(response.json().code, 'unsupported_media_type');
});
