import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { sameListing } from '../../helpers/places.js';
import { V1_LISTING_EXAMPLE, V1_RECORD_EXAMPLE } from '../../../src/edge/v1/examples.js';

const { t, agency } = useTestApp();

test(`[${databaseKind}] the record example of the OpenAPI description is what the service answers for the request example`, async () => {
  assert.equal((await t.call('POST', '/v1/listings', agency.live, V1_LISTING_EXAMPLE)).statusCode, 201);
  const answer = await t.call('GET', `/v1/listings/by-external/${V1_LISTING_EXAMPLE.externalId}`, agency.live);
  assert.deepEqual(sameListing(answer.json()), sameListing(V1_RECORD_EXAMPLE));
  assert.deepEqual(t.contract.check('GET', '/v1/listings/lst_x', 200, answer.headers, JSON.stringify(V1_RECORD_EXAMPLE)), []);
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  assert.deepEqual(doc.components.schemas.ListingRecord.examples[0].location.inseeCode, '69383', 'the description shows a location');
});
