import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { ingestItem } from '../../helpers/listings.js';
import { page, publicListing } from '../../helpers/site.js';
import { catchUpRelay, relayFeed } from '../../helpers/relay.js';

/**
 * The agency's own reference (docs/interfaces.md, `reference`): what its window cards and the
 * passerelle files show the public. Written by either interface, read back by both, shown on
 * the listing page as « Réf. … » and carried by the relay, masked like any free text.
 */
const RELAY_TOKEN = 'relay-token-reference-0123456789';
const { t, agency } = useTestApp({ env: { RELAY_TOKEN }, agency: { plan: 'reseau' } });
const push = (listings: unknown[]) => t.call('POST', '/ingest/ingestListings', agency.live, { listings });
const ingestRead = (externalId: string) =>
  t.call('GET', `/ingest/listingByExternalId?externalId=${encodeURIComponent(externalId)}`, agency.live);

test(`[${databaseKind}] a pushed reference is read back by both interfaces and shown on the page as « Réf. … »`, async () => {
  const pushed = await push([ingestItem('REF-1', { reference: 'VA-1042' }), ingestItem('REF-2')]);
  assert.equal(pushed.statusCode, 200, pushed.body);
  assert.deepEqual(pushed.json().errors, []);
  const [withReference, without] = pushed.json().results;
  assert.equal((await ingestRead('REF-1')).json().reference, 'VA-1042');
  assert.equal((await ingestRead('REF-2')).json().reference, null, 'absent reads as null');
  const v1Read = (await t.call('GET', '/v1/listings/by-external/REF-1', agency.live)).json();
  assert.equal(v1Read.reference, 'VA-1042');

  assert.match((await page(t, `/listings/${withReference.serviceId}`)).body, /Réf\. VA-1042/);
  assert.doesNotMatch((await page(t, `/listings/${without.serviceId}`)).body, /Réf\./);
});

test(`[${databaseKind}] v1 sets, changes and clears the reference; a longer one than 50 characters is refused by field`, async () => {
  const serviceId = await publicListing(t, agency.live, 'REF-V1', { reference: 'LOC-77' });
  const patch = (body: unknown) => t.call('PUT', `/v1/listings/${serviceId}`, agency.live, body);
  assert.equal((await patch({ reference: 'LOC-78' })).json().reference, 'LOC-78');
  assert.equal((await patch({ reference: null })).json().reference, null);

  const tooLong = await patch({ reference: 'R'.repeat(51) });
  assert.equal(tooLong.statusCode, 400, tooLong.body);
  assert.ok(JSON.stringify(tooLong.json().errors).includes('reference'), tooLong.body);
  const pushedLong = (await push([ingestItem('REF-LONG', { reference: 'R'.repeat(51) })])).json();
  assert.equal(pushedLong.errors[0]?.details[0]?.field, 'reference', JSON.stringify(pushedLong.errors));
});

test(`[${databaseKind}] a phone number written in the reference is masked on the page and in the relay`, async () => {
  const serviceId = await publicListing(t, agency.live, 'REF-PHONE', { reference: 'Appelez 06 98 76 54 32', shareWithRelay: true });
  const html = (await page(t, `/listings/${serviceId}`)).body;
  assert.match(html, /Réf\. Appelez/);
  assert.ok(!html.replace(/\s/g, '').includes('0698765432'), 'no phone number on the page');
  await catchUpRelay(t, agency);
  const items = (await relayFeed(t, '?limit=500', RELAY_TOKEN)).json().listings as Array<{
    serviceId: string;
    listing: { content: { reference: string } };
  }>;
  const relayed = items.find((item) => item.serviceId === serviceId)!.listing;
  assert.match(relayed.content.reference, /^Appelez /);
  assert.ok(!relayed.content.reference.replace(/\s/g, '').includes('0698765432'), relayed.content.reference);
});
