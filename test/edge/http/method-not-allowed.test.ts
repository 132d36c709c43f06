import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_TOKEN, useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';

/** A path that exists, called with a method it does not take: 405 with Allow, not 404 (src/edge/http/errors.ts). */
const { t, agency } = useTestApp();

test(`[${databaseKind}] GET on the push says to POST: 405, Allow: POST, the usual problem body`, async () => {
  for (const [url, key] of [
    ['/ingest/ingestListings', null],
    ['/ingest/ingestListings?limit=10', agency.live],
    ['/sandbox/ingest/ingestListings', agency.test],
  ] as const) {
    const response = await t.call('GET', url, key);
    assert.equal(response.statusCode, 405, `${url}: ${response.body}`);
    assert.equal(response.headers.allow, 'POST');
    assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
    const path = url.split('?')[0];
    assert.deepEqual(response.json(), {
      type: 'http://localhost:8080/errors/method_not_allowed',
      title: 'Method not allowed',
      status: 405,
      code: 'method_not_allowed',
      detail: `GET is not allowed on ${path}: it takes POST`,
      requestId: response.headers['x-request-id'],
    });
  }
});

test(`[${databaseKind}] v1 and the operator API name every method the path takes`, async () => {
  const webhooks = await t.call('DELETE', '/v1/webhooks', agency.live);
  assert.equal(webhooks.statusCode, 405);
  assert.equal(webhooks.headers.allow, 'GET, HEAD, POST');
  assert.equal(webhooks.json().detail, 'DELETE is not allowed on /v1/webhooks: it takes GET, HEAD, POST');
  const listing = await t.call('POST', '/v1/listings/lst_0000000Unknown', agency.live, {});
  assert.equal(listing.statusCode, 405);
  assert.equal(listing.headers.allow, 'GET, HEAD, PUT, DELETE');
  const agencies = await t.call('PUT', '/admin/api/agencies', ADMIN_TOKEN, {});
  assert.equal(agencies.statusCode, 405);
  assert.match(String(agencies.headers.allow), /^GET, HEAD, POST$/);
  assert.equal(agencies.json().code, 'method_not_allowed');
});

test(`[${databaseKind}] a path no route has, and a resource a route does not find, stay 404`, async () => {
  const unknown = await t.call('GET', '/ingest/ingestListing', agency.live);
  assert.equal(unknown.statusCode, 404);
  assert.equal(unknown.json().detail, 'No route GET /ingest/ingestListing');
  assert.equal(unknown.headers.allow, undefined);
  const missing = await t.call('GET', '/v1/listings/lst_0000000Unknown', agency.live);
  assert.equal(missing.statusCode, 404);
  assert.equal(missing.headers.allow, undefined);
});

test(`[${databaseKind}] HEAD and OPTIONS get the 405 with Allow, no body for HEAD and no CORS header`, async () => {
  const head = await t.app.inject({ method: 'HEAD', url: '/ingest/ingestListings' });
  assert.equal(head.statusCode, 405);
  assert.equal(head.headers.allow, 'POST');
  assert.equal(head.body, '');
  const preflight = await t.app.inject({
    method: 'OPTIONS',
    url: '/v1/listings',
    headers: { origin: 'https://crm.example', 'access-control-request-method': 'POST' },
  });
  assert.equal(preflight.statusCode, 405);
  assert.equal(preflight.headers.allow, 'GET, HEAD, POST');
  assert.deepEqual(
    Object.keys(preflight.headers).filter((name) => name.startsWith('access-control-')),
    [],
  );
});

test(`[${databaseKind}] a browser on the site keeps its page introuvable; other clients of a page's path get the 405`, async () => {
  const browser = await t.app.inject({ method: 'POST', url: '/', headers: { accept: 'text/html' } });
  assert.equal(browser.statusCode, 404);
  assert.match(String(browser.headers['content-type']), /^text\/html/);
  assert.equal(browser.headers.allow, undefined);
  const client = await t.app.inject({ method: 'POST', url: '/' });
  assert.equal(client.statusCode, 405);
  assert.equal(client.headers.allow, 'GET, HEAD');
  // An interface path answers a browser with the problem body, as its 404s do.
  const typed = await t.app.inject({ method: 'GET', url: '/ingest/ingestListings', headers: { accept: 'text/html' } });
  assert.equal(typed.statusCode, 405);
  assert.equal(typed.json().code, 'method_not_allowed');
});
