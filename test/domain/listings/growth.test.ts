import { test } from 'node:test';
import { LYON_3E } from '../../helpers/places.js';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { ingestItem, storedSample as sample } from '../../helpers/listings.js';
import { v1Body } from '../../helpers/v1.js';
import { ADDED_FIELDS, createContentModel, listingContent } from '../../../src/domain/listing-model/content.js';
import { contentHash } from '../../../src/domain/listing-model/content-hash.js';
import type { CommercialStatus, ListingContent } from '../../../src/domain/listing-model/model.js';

const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

/** The model with one more optional field than today (a hypothetical heatingType), as a later release would declare it. */
const grown = createContentModel({ ...ADDED_FIELDS, heatingType: null });
const grownHash = (content: ListingContent, status: CommercialStatus) => contentHash(content, status, grown.canonicalJson(content));

test('the hash of the first release’s fields is the one stored before the model could grow', () => {
  // Computed by the earlier canonicalContent, which wrote every field, nulls included.
  assert.equal(contentHash(sample, 'active'), 'WlS9CW_YUPOd8jrXqrrcbJnZyyNHzXyI');
});

test('an added optional field hashes alike absent and null, and a value changes the hash', () => {
  const withNull = { ...sample, heatingType: null } as unknown as ListingContent;
  const withValue = { ...sample, heatingType: 'gas' } as unknown as ListingContent;
  assert.equal(grownHash(sample, 'active'), contentHash(sample, 'active'), 'absent: the hash stored by the earlier model');
  assert.equal(grownHash(withNull, 'active'), contentHash(sample, 'active'), 'null: the same');
  assert.notEqual(grownHash(withValue, 'active'), contentHash(sample, 'active'));
  // An absent first-release optional field is its default too.
  const { sourceCrm: _dropped, ...withoutSourceCrm } = { ...sample, sourceCrm: null };
  assert.equal(
    listingContent.canonicalJson(withoutSourceCrm as ListingContent),
    listingContent.canonicalJson({ ...sample, sourceCrm: null }),
  );
});

test(`[${databaseKind}] rows written before a field was added: the grown model reads them with its default and finds every stored hash unchanged`, async () => {
  await t.call('POST', '/ingest/ingestListings', agency.live, {
    listings: [ingestItem('G-1'), ingestItem('G-2', { description: null, features: null })],
  });
  await t.call('POST', '/v1/listings', agency.live, v1Body('G-3', { fees: null, photos: [] }));
  const { rows } = await t.db.query<{ content: Record<string, unknown>; content_hash: string; status: CommercialStatus }>(
    `SELECT content, content_hash, status FROM listings WHERE agency_id = $1 AND external_id LIKE 'G-%' ORDER BY external_id`,
    [agency.agencyId],
  );
  assert.equal(rows.length, 3);
  for (const row of rows) {
    assert.ok(!('heatingType' in row.content), 'written before the field existed');
    const read = grown.read(row.content) as ListingContent & { heatingType?: unknown };
    assert.equal(read.heatingType, null, 'filled with its default on read');
    assert.equal(grownHash(read, row.status), row.content_hash, 'the next push of the same content is unchanged');
  }
});

test(`[${databaseKind}] stored content lacking optional keys reads on both interfaces and a re-push of it is unchanged`, async () => {
  await t.call('POST', '/ingest/ingestListings', agency.live, { listings: [ingestItem('OLD-1', { sourceCrm: 'crm_2' })] });
  const pushed = (await t.call('GET', '/ingest/listingByExternalId?externalId=OLD-1', agency.live)).json();
  // What a row written before these fields existed looks like: the keys are missing altogether.
  await t.db.query(
    `UPDATE listings SET content = content - 'ges' - 'fees' - 'updatedAtExternal' - 'charges' WHERE agency_id = $1 AND external_id = 'OLD-1'`,
    [agency.agencyId],
  );
  const v1 = await t.call('GET', '/v1/listings/by-external/OLD-1', agency.live);
  assert.equal(v1.statusCode, 200);
  assert.deepEqual([v1.json().ges, v1.json().fees, v1.json().updatedAtExternal, v1.json().charges], [null, null, null, null]);
  const ingest = await t.call('GET', '/ingest/listingByExternalId?externalId=OLD-1', agency.live);
  assert.equal(ingest.statusCode, 200);
  assert.deepEqual(ingest.json(), pushed);
  const list = await t.call('GET', '/v1/listings?pageSize=200', agency.live);
  assert.equal(list.statusCode, 200);
  const again = (
    await t.call('POST', '/ingest/ingestListings', agency.live, { listings: [ingestItem('OLD-1', { sourceCrm: 'crm_2' })] })
  ).json();
  assert.deepEqual([again.unchanged, again.updated, again.results[0].version], [1, 0, pushed.version]);
  const status = await t.call('PATCH', `/v1/listings/${pushed.serviceId}/status`, agency.live, { status: 'sold' });
  assert.equal(status.statusCode, 200);
  assert.equal(status.json().version, pushed.version + 1);
});

test('a listing’s place is stored beside its content but never hashed: placing a listing changes nothing the agency said', () => {
  const placed = {
    ...sample,
    location: LYON_3E,
  };
  assert.equal(contentHash(placed, 'active'), contentHash(sample, 'active'));
  assert.equal(listingContent.canonicalJson(placed), listingContent.canonicalJson(sample));
});
