import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../helpers/app.js';
import { databaseKind } from '../helpers/database.js';
import { ingestItem } from '../helpers/listings.js';
import { v1Body } from '../helpers/v1.js';
import { approve, page } from '../helpers/site.js';
import { catchUpRelay, relayFeed } from '../helpers/relay.js';
import { findPublicListing } from '../../src/domain/public-listings/find.js';
import { polirisFieldsOf } from '../../src/domain/poliris/write-listing.js';
import { RANK } from '../../src/domain/poliris/ranks.js';

/**
 * Bedrooms as the agency stated them (docs/decisions.md §6, "Bedrooms"): pages show « Chambres »
 * only when a number was given; the interfaces' answers keep the documented default, as many as
 * rooms; leaving bedrooms out or stating the default hashes alike.
 */
const RELAY_TOKEN = 'relay-token-bedrooms-0123456789';
const { t, agency } = useTestApp({ env: { RELAY_TOKEN }, agency: { plan: 'reseau' } });

async function push(...listings: Array<Record<string, unknown>>) {
  const response = await t.call('POST', '/ingest/ingestListings', agency.live, { listings });
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as { results: Array<{ outcome: string; serviceId: string }>; errors: unknown[] };
}

/** The listing page's « Chambres » fact: its value, or null when the page shows none. */
async function bedroomsShown(serviceId: string): Promise<string | null> {
  const response = await page(t, `/listings/${serviceId}`);
  assert.equal(response.statusCode, 200, response.body);
  assert.match(response.body, /<dt>Pièces<\/dt>/, 'the facts list is there');
  return /<dt>Chambres<\/dt>\s*<dd>([^<]*)<\/dd>/.exec(response.body)?.[1] ?? null;
}

test(`[${databaseKind}] a studio and a T3 pushed without bedrooms show no « Chambres »; a listing stating 2 shows « Chambres 2 »`, async () => {
  const studio = ingestItem('BEDS-STUDIO', { type: 'STUDIO', rooms: 1, surface: 24, price: 145000, bedrooms: undefined });
  const t3 = ingestItem('BEDS-T3', { rooms: 3, bedrooms: undefined });
  const stated = ingestItem('BEDS-T3-STATED', { rooms: 3, bedrooms: 2 });
  const pushed = await push(studio, t3, stated);
  assert.deepEqual(pushed.errors, []);
  const [studioId, t3Id, statedId] = pushed.results.map((result) => result.serviceId);
  for (const id of [studioId!, t3Id!, statedId!]) await approve(t, id);
  assert.equal(await bedroomsShown(studioId!), null, 'no « Chambres 1 » taken from rooms');
  assert.equal(await bedroomsShown(t3Id!), null, 'no « Chambres 3 » taken from rooms');
  assert.equal(await bedroomsShown(statedId!), '2');

  // Through v1 alike, and a stated 0 is stated.
  const v1Studio = await t.call('POST', '/v1/listings', agency.live, v1Body('BEDS-V1', { bedrooms: undefined, rooms: 2 }));
  const v1Zero = await t.call('POST', '/v1/listings', agency.live, v1Body('BEDS-V1-ZERO', { bedrooms: 0, rooms: 1 }));
  for (const created of [v1Studio, v1Zero]) {
    assert.equal(created.statusCode, 201, created.body);
    await approve(t, created.json().serviceId);
  }
  assert.equal(await bedroomsShown(v1Studio.json().serviceId), null);
  assert.equal(await bedroomsShown(v1Zero.json().serviceId), '0');
});

test(`[${databaseKind}] the interfaces' answers keep the documented default: ingestion read-back, v1, relay feed; the passerelle line leaves it empty`, async () => {
  const pushed = await push(ingestItem('BEDS-READ', { rooms: 4, bedrooms: null, shareWithRelay: true }));
  const serviceId = pushed.results[0]!.serviceId;
  await approve(t, serviceId);
  const ingestRead = await t.call('GET', '/ingest/listingByExternalId?externalId=BEDS-READ', agency.live);
  assert.equal(ingestRead.json().bedrooms, 4);
  const v1Read = await t.call('GET', `/v1/listings/${serviceId}`, agency.live);
  assert.equal(v1Read.json().bedrooms, 4);
  const stored = await t.db.query<{ bedrooms: unknown }>(`SELECT content -> 'bedrooms' AS bedrooms FROM listings WHERE id = $1`, [
    serviceId,
  ]);
  assert.equal(stored.rows[0]!.bedrooms, null, 'stored as stated: none');

  await catchUpRelay(t, agency);
  const relayed = [];
  for (let after = 0; ;) {
    const feed = (await relayFeed(t, `?afterSeq=${after}&limit=500`, RELAY_TOKEN)).json();
    relayed.push(...feed.listings);
    if (feed.nextAfterSeq === null) break;
    after = feed.nextAfterSeq;
  }
  const item = relayed.find((entry: { serviceId: string }) => entry.serviceId === serviceId);
  assert.equal(item?.listing.content.bedrooms, 4);

  const lookup = await findPublicListing(t.db, serviceId);
  assert.ok(lookup.kind === 'public');
  // A passerelle reader reads an empty rank 19 as many as rooms: not given stays not given.
  assert.equal(polirisFieldsOf(lookup.listing).at(RANK.bedrooms - 1), '', 'rank 19 of the passerelle export');
});

test(`[${databaseKind}] leaving bedrooms out or stating the default is unchanged, for a listing stored before and one stored now`, async () => {
  const first = await push(ingestItem('BEDS-HASH', { rooms: 3, bedrooms: undefined }));
  assert.equal(first.results[0]!.outcome, 'created');
  const serviceId = first.results[0]!.serviceId;
  const hashOf = async () =>
    (await t.db.query<{ content_hash: string }>('SELECT content_hash FROM listings WHERE id = $1', [serviceId])).rows[0]!.content_hash;
  const hash = await hashOf();
  assert.equal((await push(ingestItem('BEDS-HASH', { rooms: 3, bedrooms: undefined }))).results[0]!.outcome, 'unchanged');
  assert.equal((await push(ingestItem('BEDS-HASH', { rooms: 3, bedrooms: 3 }))).results[0]!.outcome, 'unchanged');
  assert.equal(await hashOf(), hash);
  // A listing stored before bedrooms were kept as stated holds the default in its content, and
  // the hash made of it: the same content pushed again, bedrooms left out, changes nothing.
  await t.db.query(`UPDATE listings SET content = jsonb_set(content, '{bedrooms}', '3') WHERE id = $1`, [serviceId]);
  assert.equal((await push(ingestItem('BEDS-HASH', { rooms: 3, bedrooms: undefined }))).results[0]!.outcome, 'unchanged');
  const computed = await t.call('POST', '/ingest/contentHashes', agency.live, {
    listings: [ingestItem('BEDS-HASH', { rooms: 3, bedrooms: undefined })],
  });
  assert.equal(computed.json().results[0].contentHash, hash, 'reconciliation finds it the same');
  // Another change stores what that push stated.
  assert.equal((await push(ingestItem('BEDS-HASH', { rooms: 3, bedrooms: undefined, price: 310000 }))).results[0]!.outcome, 'updated');
  const stored = await t.db.query<{ bedrooms: unknown }>(`SELECT content -> 'bedrooms' AS bedrooms FROM listings WHERE id = $1`, [
    serviceId,
  ]);
  assert.equal(stored.rows[0]!.bedrooms, null);
});

test(`[${databaseKind}] fewer rooms on a listing without bedrooms is accepted; more bedrooms than rooms is still refused`, async () => {
  const created = await t.call('POST', '/v1/listings', agency.live, v1Body('BEDS-PUT', { bedrooms: undefined, rooms: 4 }));
  assert.equal(created.statusCode, 201, created.body);
  const serviceId = created.json().serviceId;
  const fewer = await t.call('PUT', `/v1/listings/${serviceId}`, agency.live, { rooms: 2 });
  assert.equal(fewer.statusCode, 200, 'the default follows rooms: nothing was stated to contradict');
  assert.equal(fewer.json().bedrooms, 2);
  const more = await t.call('PUT', `/v1/listings/${serviceId}`, agency.live, { bedrooms: 3 });
  assert.equal(more.statusCode, 422, more.body);
  assert.equal(more.json().errors[0].field, 'bedrooms');
  const pushed = await push(ingestItem('BEDS-MORE', { rooms: 2, bedrooms: 3 }));
  assert.equal(pushed.errors.length, 1);
});
