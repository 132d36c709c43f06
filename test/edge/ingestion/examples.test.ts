import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { sameListing } from '../../helpers/places.js';
import { INGEST_PUSH_EXAMPLE, INGEST_RECORD_EXAMPLE } from '../../../src/edge/ingestion/examples.js';

const { t, agency } = useTestApp();

test(`[${databaseKind}] the lookup example of the OpenAPI description is what the service answers for the push example`, async () => {
  assert.equal((await t.call('POST', '/ingest/ingestListings', agency.live, INGEST_PUSH_EXAMPLE)).json().created, 1);
  const url = `/ingest/listingByExternalId?externalId=${INGEST_PUSH_EXAMPLE.listings[0]!.externalId}`;
  const answer = await t.call('GET', url, agency.live);
  assert.deepEqual(sameListing(answer.json()), sameListing(INGEST_RECORD_EXAMPLE));
  assert.deepEqual(t.contract.check('GET', url, 200, answer.headers, JSON.stringify(INGEST_RECORD_EXAMPLE)), []);
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  const media = doc.paths['/ingest/listingByExternalId'].get.responses['200'].content['application/json'];
  assert.equal(media.example.location.commune, 'Nantes', 'the description shows a location');
});
