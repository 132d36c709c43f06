import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../helpers/app.js';
import { databaseKind } from '../helpers/database.js';
import { ingestItem } from '../helpers/listings.js';
import { v1Body } from '../helpers/v1.js';

const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

const push = async (listing: Record<string, unknown>) =>
  (await t.call('POST', '/ingest/ingestListings', agency.live, { listings: [listing] })).json();
/**
 * The remarks on the listing's text (a long title, masked contact details): the test listings'
 * postcodes are made up, so their place gets a remark of its own (test/edge/v1/listing-places.test.ts).
 */
const textual = <W extends { code: string }>(list: W[]) =>
  list.filter((w) => w.code !== 'postcode_unknown' && w.code !== 'postcode_city_mismatch');
const warningsOf = (list: Array<{ code: string; field: string; message: string }>) => textual(list).map((w) => [w.field, w.message]);

test(`[${databaseKind}] bedrooms not given is rooms, through either interface (spec 2.1)`, async () => {
  const { rooms: _rooms, bedrooms: _bedrooms, ...body } = v1Body('BED-v1');
  const created = await t.call('POST', '/v1/listings', agency.live, { ...body, rooms: 4 });
  assert.equal(created.statusCode, 201);
  const viaV1 = (await t.call('GET', '/v1/listings/by-external/BED-v1', agency.live)).json();
  assert.equal(viaV1.bedrooms, 4);
  await push(ingestItem('BED-in', { rooms: 4, bedrooms: undefined }));
  assert.equal((await t.call('GET', '/v1/listings/by-external/BED-in', agency.live)).json().bedrooms, 4);
  const cleared = await t.call('PUT', `/v1/listings/${viaV1.serviceId}`, agency.live, { bedrooms: null, rooms: 3 });
  assert.equal(cleared.statusCode, 200);
  assert.equal(cleared.json().bedrooms, 3, 'null clears to the default: as many as rooms');
  const batch = (
    await t.call('POST', '/v1/listings/batch', agency.live, { listings: [{ ...body, externalId: 'BED-b', rooms: 2 }] })
  ).json();
  assert.equal(batch.results[0].outcome, 'created');
  assert.equal((await t.call('GET', '/v1/listings/by-external/BED-b', agency.live)).json().bedrooms, 2);
});

test(`[${databaseKind}] masking warnings say where the contact details were, the same on both interfaces`, async () => {
  const title = 'T3 lumineux, appelez le 06 12 34 56 78';
  const description = 'Écrivez à contact@agence-exemple.fr pour visiter.';
  const pushed = await push(ingestItem('W-in', { title, description }));
  const expected = [
    ['title', 'contact details in the title are masked on the public site (phone number); the public text is in publicTitle'],
    [
      'description',
      'contact details in the description are masked on the public site (e-mail address); the public text is in publicDescription',
    ],
  ];
  assert.deepEqual(warningsOf(pushed.warnings), expected);
  assert.ok(pushed.warnings.every((w: { index: number; externalId: string }) => w.index === 0 && w.externalId === 'W-in'));

  const created = await t.call('POST', '/v1/listings', agency.live, v1Body('W-v1', { title, description }));
  assert.equal(created.statusCode, 201);
  assert.deepEqual(warningsOf(created.json().warnings), expected);
  const batch = (await t.call('POST', '/v1/listings/batch', agency.live, { listings: [v1Body('W-b', { title, description })] })).json();
  assert.deepEqual(warningsOf(batch.results[0].warnings), expected);

  const titleOnly = await push(ingestItem('W-title', { title }));
  assert.deepEqual(warningsOf(titleOnly.warnings), [expected[0]], 'a phone in the title is not reported as being in publicDescription');

  const { serviceId } = created.json();
  const put = await t.call('PUT', `/v1/listings/${serviceId}`, agency.live, {
    description: 'Visites sur rendez-vous, www.agence-exemple.fr',
  });
  assert.equal(put.statusCode, 200);
  assert.deepEqual(warningsOf(put.json().warnings), [
    expected[0],
    [
      'description',
      'contact details in the description are masked on the public site (web address); the public text is in publicDescription',
    ],
  ]);
  const clean = await t.call('POST', '/v1/listings', agency.live, v1Body('W-clean'));
  assert.deepEqual(textual(clean.json().warnings), []);
});

test(`[${databaseKind}] a title over 100 characters is accepted with the same warning on both interfaces`, async () => {
  const title = 'T'.repeat(120);
  const pushed = await push(ingestItem('LT-in', { title }));
  const created = await t.call('POST', '/v1/listings', agency.live, v1Body('LT-v1', { title }));
  assert.equal(created.statusCode, 201);
  assert.equal(textual(pushed.warnings).length, 1);
  assert.deepEqual(warningsOf(created.json().warnings), warningsOf(pushed.warnings));
  assert.match(textual<{ code: string; message: string }>(created.json().warnings)[0]!.message, /title is 120 characters/);
});

test(`[${databaseKind}] a field sent under the other interface's name is refused naming this interface's, on both interfaces`, async () => {
  type Detail = { field: string; message: string };
  const unknownFields = (details: Detail[]) => details.filter((d) => / is not a known field/.test(d.message));
  // A v1 body pushed as it is.
  const pushed = await push(v1Body('NAMES-in'));
  assert.deepEqual(unknownFields(pushed.errors[0].details), [
    { field: 'category', message: 'category is not a known field of a listing; this interface calls it type' },
    { field: 'priceUnit', message: 'priceUnit is not a known field of a listing' },
    { field: 'photos', message: 'photos is not a known field of a listing; this interface calls it imageUrls' },
  ]);
  // A push's listing sent to v1 as it is, with its status: the same words, v1's names.
  const expected = [
    { field: 'transaction', message: 'transaction is not a known field; this interface calls it type' },
    { field: 'imageUrls', message: 'imageUrls is not a known field; this interface calls it photos' },
    { field: 'status', message: 'status is not a known field; this interface sets it with PATCH /v1/listings/{serviceId}/status' },
  ];
  const ingestBody = ingestItem('NAMES-v1', { status: 'active' });
  const created = await t.call('POST', '/v1/listings', agency.live, ingestBody);
  assert.equal(created.statusCode, 400);
  assert.deepEqual(unknownFields(created.json().errors), expected);
  const batch = (await t.call('POST', '/v1/listings/batch', agency.live, { listings: [ingestBody] })).json();
  assert.deepEqual(unknownFields(batch.results[0].error.errors), expected);
  const { serviceId } = (await t.call('POST', '/v1/listings', agency.live, v1Body('NAMES-put'))).json();
  const { transaction, imageUrls, status } = ingestBody;
  const put = await t.call('PUT', `/v1/listings/${serviceId}`, agency.live, { transaction, imageUrls, status });
  assert.deepEqual(put.json().errors, expected);
  // Names no other interface gives a listing's field, and bodies that are not listings, get no hint.
  const colour = await push(ingestItem('NAMES-x', { colour: 'blue' }));
  assert.deepEqual(colour.errors[0].details, [{ field: 'colour', message: 'colour is not a known field of a listing' }]);
  const webhook = await t.call('POST', '/v1/webhooks', agency.live, { url: 'https://hooks.example.com/x', transaction: 'VENTE' });
  assert.deepEqual(webhook.json().errors, [{ field: 'transaction', message: 'transaction is not a known field' }]);
});
