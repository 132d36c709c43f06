import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ListingContent } from '../../../src/domain/listing-model/model.js';
import type { PublicListing } from '../../../src/domain/public-listings/model.js';
import { polirisFieldsOf } from '../../../src/domain/poliris/write-listing.js';
import { readPolirisLine } from '../../../src/domain/poliris/read-listing.js';
import { PHOTO_RANKS, POLIRIS_FIELD_COUNT, POLIRIS_VERSION_WRITTEN, PRIVATE_RANKS, RANK } from '../../../src/domain/poliris/ranks.js';
import { AGENCY_FILE } from '../../fixtures/poliris/agency-file.js';

/** A public listing as the projection gives it: the content without address, title and description, which come masked. */
function publicListing(content: ListingContent, serviceId = 'lst_01HZX3R9W2'): PublicListing {
  const { addressLine: _address, title, description, ...publicContent } = content;
  return {
    serviceId,
    agencyId: 'agc_01HZX3QW8Q',
    version: 1,
    title,
    description,
    content: publicContent,
    status: 'active',
    agencyName: 'Agence du Vieux-Port',
    firstPublishedAt: new Date('2025-01-10T09:00:00Z'),
    updatedAt: new Date('2025-01-10T09:00:00Z'),
  };
}

function readContent(fields: string[]): ListingContent {
  const mapped = readPolirisLine({ line: 1, fields });
  assert.ok(mapped.ok, mapped.ok ? '' : JSON.stringify(mapped.errors));
  return mapped.draft.content;
}

test('a public listing written as a line reads back to the same listing, the address aside', () => {
  for (const listing of AGENCY_FILE) {
    const content = readContent(listing.line);
    const fields = polirisFieldsOf(publicListing(content));
    const back = readPolirisLine({ line: 1, fields });
    assert.ok(back.ok, `${listing.externalId}: ${back.ok ? '' : JSON.stringify(back.errors)}`);
    assert.equal(back.externalId, 'lst_01HZX3R9W2', 'rank 175 is the service id');
    assert.deepEqual(back.draft.content, { ...content, addressLine: null }, listing.externalId);
    assert.deepEqual(back.warnings, [], listing.externalId);
  }
});

test('the line has every rank, the agency at 1, the reference at 2 (or the service id), the service id at 175', () => {
  const content = readContent(AGENCY_FILE[0]!.line);
  const fields = polirisFieldsOf(publicListing(content));
  assert.equal(fields.length, POLIRIS_FIELD_COUNT);
  assert.deepEqual(
    [fields[RANK.agencyId - 1], fields[RANK.reference - 1], fields[RANK.technicalId - 1], fields[RANK.version - 1]],
    ['agc_01HZX3QW8Q', 'VA-1001', 'lst_01HZX3R9W2', POLIRIS_VERSION_WRITTEN],
  );
  const unnamed = polirisFieldsOf(publicListing({ ...content, reference: null }));
  assert.equal(unnamed[RANK.reference - 1], 'lst_01HZX3R9W2');
  assert.equal(fields[RANK.title - 1], content.title);
  assert.equal(fields[RANK.price - 1], '385000');
  assert.equal(fields[RANK.fees - 1], '4.5', 'decimals with a point');
  assert.equal(fields[RANK.dpeDate - 1], '03/02/2024');
  assert.equal(fields[RANK.dpeVersion - 1], 'DPE_v07-2021');
});

test('no address, contact, mandate or owner rank is ever written', () => {
  for (const listing of AGENCY_FILE) {
    const content = readContent(listing.line);
    // Even an object that wrongly still holds the address: the writer never reads it.
    const leaky = {
      ...publicListing(content),
      content: { ...publicListing(content).content, addressLine: '12 rue Sainte' },
    } as PublicListing;
    const fields = polirisFieldsOf(leaky);
    for (const rank of [RANK.address, ...PRIVATE_RANKS]) assert.equal(fields[rank - 1], '', `rank ${rank} of ${listing.externalId}`);
    assert.ok(!fields.includes('12 rue Sainte'));
  }
});

test('the masked texts are the ones written', () => {
  const content = readContent(AGENCY_FILE[0]!.line);
  const masked = { ...publicListing(content), title: 'T4 [coordonnées masquées]', description: 'Appelez le [coordonnées masquées].' };
  const fields = polirisFieldsOf(masked);
  assert.equal(fields[RANK.title - 1], 'T4 [coordonnées masquées]');
  assert.equal(fields[RANK.description - 1], 'Appelez le [coordonnées masquées].');
});

test('a price given without the buyer’s fees is written with them, as the format’s price holds them', () => {
  const content = readContent(AGENCY_FILE[0]!.line);
  const without = {
    ...content,
    price: 300000,
    feesPercent: null,
    fees: { agencyFees: 15000, feesPaidBy: 'buyer' as const, feeIncluded: false },
  };
  const fields = polirisFieldsOf(publicListing(without));
  assert.deepEqual(
    [RANK.price, RANK.priceWithoutBuyerFees, RANK.feesPaidBy, RANK.fees].map((rank) => fields[rank - 1]),
    ['315000', '300000', '1', '5'],
  );
});

test('only the first 30 photos are written, in their order', () => {
  const content = readContent(AGENCY_FILE[0]!.line);
  const photos = Array.from({ length: 35 }, (_, i) => ({ url: `https://p.fr/${34 - i}.jpg`, label: null, order: 34 - i }));
  const fields = polirisFieldsOf(publicListing({ ...content, photos }));
  assert.deepEqual(
    PHOTO_RANKS.map((rank) => fields[rank - 1]),
    Array.from({ length: 30 }, (_, i) => `https://p.fr/${i}.jpg`),
  );
});
