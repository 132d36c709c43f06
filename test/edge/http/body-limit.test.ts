import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { ingestItem } from '../../helpers/listings.js';
import { v1Body } from '../../helpers/v1.js';

const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

/** A body of about `bytes`, its size in one description (schema checks come after the size check). */
const padded = (bytes: number) => 'x'.repeat(bytes);

test(`[${databaseKind}] a 413 says the endpoint's limit in bytes and, for a push, that 500 listings is the most a request takes`, async () => {
  const push = await t.call('POST', '/ingest/ingestListings', agency.live, {
    listings: [ingestItem('BIG', { description: padded(33 * 1024 * 1024) })],
  });
  assert.equal(push.statusCode, 413);
  assert.equal(
    push.json().detail,
    'The request body is larger than the 33,554,432 bytes (32 MiB) this endpoint accepts; it takes at most 500 listings a request: send more in several requests',
  );

  const one = await t.call('POST', '/v1/listings', agency.live, v1Body('BIG-1', { description: padded(1024 * 1024) }));
  assert.equal(one.statusCode, 413);
  assert.equal(one.json().detail, 'The request body is larger than the 1,048,576 bytes (1 MiB) this endpoint accepts');

  const batch = await t.call('POST', '/v1/listings/batch', agency.live, {
    listings: [v1Body('BIG-2', { description: padded(8 * 1024 * 1024) })],
  });
  assert.equal(batch.statusCode, 413);
  assert.match(batch.json().detail, /8,388,608 bytes \(8 MiB\).*at most 10, 50 or 100 listings/);
});
