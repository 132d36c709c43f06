import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { ingestItem } from '../../helpers/listings.js';
import { v1Body } from '../../helpers/v1.js';

/** Writes at the edges: concurrent create-only posts, text and times PostgreSQL cannot store, deleted externalIds. */
const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

test(`[${databaseKind}] concurrent create-only POSTs of one externalId: one 201, one 409`, async () => {
  const headers = { 'if-none-match': '*' };
  const answers = await Promise.all([
    t.call('POST', '/v1/listings', agency.live, v1Body('CO-1'), headers),
    t.call('POST', '/v1/listings', agency.live, v1Body('CO-1', { price: 200000 }), headers),
  ]);
  assert.deepEqual(answers.map((a) => a.statusCode).sort(), [201, 409]);
});

test(`[${databaseKind}] NUL characters and lone surrogates are refused as bad input, never a 500`, async () => {
  const push = await t.call('POST', '/ingest/ingestListings', agency.live, {
    listings: [ingestItem('NUL-1', { description: 'abc\u0000def' }), ingestItem('SUR-1', { title: 'x\ud800y' }), ingestItem('OK-1')],
  });
  assert.equal(push.statusCode, 200);
  assert.equal(push.json().created, 1);
  assert.deepEqual(
    push.json().errors.map((e: { details: Array<{ field: string }> }) => e.details[0]!.field),
    ['description', 'title'],
  );
  const v1 = await t.call('POST', '/v1/listings', agency.live, v1Body('NUL-2', { description: 'a\u0000b' }));
  assert.equal(v1.statusCode, 400);
  assert.equal(v1.json().errors[0].field, 'description');
  const batch = await t.call('POST', '/v1/listings/batch', agency.live, {
    listings: [v1Body('NUL-3', { photos: [{ url: 'https://a.example/x.jpg', label: '\udc00', order: 0 }] }), v1Body('OK-2')],
  });
  assert.deepEqual(
    batch.json().results.map((r: { outcome: string }) => r.outcome),
    ['error', 'created'],
  );
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
