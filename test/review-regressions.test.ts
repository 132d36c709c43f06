import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp, type TestAgency } from './helpers/app.js';
import { databaseKind } from './helpers/database.js';
import { ingestItem } from './helpers/listings.js';
import { v1Body } from './helpers/v1.js';
import { KeyCache } from '../src/keys/key-cache.js';
import { QuotaGate } from '../src/quotas/quota-gate.js';
import type { Database } from '../src/db/database.js';

let t: TestApp;
let agency: TestAgency;
before(async () => {
  t = await createTestApp();
  agency = await t.agency({ plan: 'reseau' });
});
after(() => t.close());

test('a key lookup that overlaps a revocation notice is not cached', async () => {
  let queries = 0;
  let release: () => void = () => {};
  const row = { id: 'key_1', agency_id: 'agc_1', env: 'live', name: 'k', display: 'd', scopes: [], created_at: new Date(), last_used_at: null, revoked_at: null, key_hash: 'ab', plan: 'solo', agency_name: 'A', agency_verified: true };
  const db = {
    kind: 'pglite',
    async query() {
      queries += 1;
      await new Promise<void>((resolve) => (release = resolve));
      return { rows: [row], rowCount: 1 };
    },
    async listen() {
      return async () => {};
    },
  } as unknown as Database;
  const cache = new KeyCache(db);
  await cache.start();
  const slow = cache.lookup('ab');
  await new Promise((resolve) => setImmediate(resolve));
  cache.clear(); // the NOTIFY of a revocation arrives while the lookup is in flight
  release();
  await slow;
  const again = cache.lookup('ab');
  await new Promise((resolve) => setImmediate(resolve));
  release();
  await again;
  assert.equal(queries, 2, 'the answer read before the revocation was not kept');
  await cache.close();
});

test(`[${databaseKind}] reserved quota calls are never lost when an idle return races a call`, async () => {
  const gate = new QuotaGate(t.db, () => new Date(), { idleReturnMs: 0 });
  const subjects = [{ id: `key:race-${Date.now()}`, name: 'key' as const, limit: 100_000 }];
  let admitted = 0;
  for (let round = 0; round < 6; round++) {
    const [, admission] = await Promise.all([gate.releaseIdle(), gate.admit(subjects), gate.releaseIdle()]);
    if (admission.allowed) admitted += 1;
  }
  await gate.close();
  const { rows } = await t.db.query<{ n: number }>('SELECT coalesce(sum(used), 0)::int AS n FROM quota_buckets WHERE subject = $1', [subjects[0]!.id]);
  assert.equal(rows[0]!.n, admitted);
});

test(`[${databaseKind}] concurrent create-only POSTs of one externalId: one 201, one 409`, async () => {
  const headers = { 'if-none-match': '*' };
  const answers = await Promise.all([t.call('POST', '/v1/listings', agency.live, v1Body('CO-1'), headers), t.call('POST', '/v1/listings', agency.live, v1Body('CO-1', { price: 200000 }), headers)]);
  assert.deepEqual(answers.map((a) => a.statusCode).sort(), [201, 409]);
});

test(`[${databaseKind}] NUL characters and lone surrogates are refused as bad input, never a 500`, async () => {
  const push = await t.call('POST', '/ingest/ingestListings', agency.live, {
    listings: [ingestItem('NUL-1', { description: 'abc\u0000def' }), ingestItem('SUR-1', { title: 'x\ud800y' }), ingestItem('OK-1')],
  });
  assert.equal(push.statusCode, 200);
  assert.equal(push.json().created, 1);
  assert.deepEqual(push.json().errors.map((e: { details: Array<{ field: string }> }) => e.details[0]!.field), ['description', 'title']);
  const v1 = await t.call('POST', '/v1/listings', agency.live, v1Body('NUL-2', { description: 'a\u0000b' }));
  assert.equal(v1.statusCode, 400);
  assert.equal(v1.json().errors[0].field, 'description');
  const batch = await t.call('POST', '/v1/listings/batch', agency.live, { listings: [v1Body('NUL-3', { photos: [{ url: 'https://a.example/x.jpg', label: '\udc00', order: 0 }] }), v1Body('OK-2')] });
  assert.deepEqual(batch.json().results.map((r: { outcome: string }) => r.outcome), ['error', 'created']);
  assert.equal(batch.json().results[0].error.errors[0].field, 'photos[0].label');
  for (const url of ['/v1/listings/abc%00def', '/v1/listings/by-external/a%00b', '/ingest/listingByExternalId?externalId=a%00b']) {
    assert.equal((await t.call('GET', url, agency.live)).statusCode, 400, url);
  }
  assert.equal((await t.call('DELETE', '/ingest/listingByExternalId?externalId=a%00b', agency.live)).statusCode, 400);
});

test(`[${databaseKind}] timestamps that cannot exist are a 400, never a 500`, async () => {
  for (const value of ['2016-12-31T23:59:60Z', '2026-02-30T10:00:00Z', '2026-03-01t09:30:00z']) {
    const response = await t.call('POST', '/v1/listings', agency.live, v1Body(`TS-${value}`, { createdAtExternal: value }));
    assert.equal(response.statusCode, 400, value);
    assert.equal(response.json().errors[0].field, 'createdAtExternal');
  }
  assert.equal((await t.call('GET', '/v1/listings?modifiedSince=2016-12-31T23:59:60Z', agency.live)).statusCode, 400);
  assert.equal((await t.call('GET', '/ingest/agencyListings?afterTs=99999999999999999999', agency.live)).statusCode, 400);
});

test(`[${databaseKind}] PUT onto the externalId of a deleted listing is a 409 that says so`, async () => {
  const gone = (await t.call('POST', '/v1/listings', agency.live, v1Body('DEL-X'))).json();
  await t.call('DELETE', `/v1/listings/${gone.serviceId}`, agency.live);
  const other = (await t.call('POST', '/v1/listings', agency.live, v1Body('DEL-Y'))).json();
  const put = await t.call('PUT', `/v1/listings/${other.serviceId}`, agency.live, { externalId: 'DEL-X' });
  assert.equal(put.statusCode, 409);
  assert.match(put.json().detail, /deleted listing/);
});
