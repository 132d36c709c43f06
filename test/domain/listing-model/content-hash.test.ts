import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalJson, contentHash } from '../../../src/domain/listing-model/content-hash.js';
import { reviewHash } from '../../../src/domain/moderation/changes.js';
import { listingContent } from '../../../src/domain/listing-model/content.js';
import type { ListingContent } from '../../../src/domain/listing-model/model.js';
import { storedSample } from '../../helpers/listings.js';

const base = storedSample;

/**
 * The canonical text as the model first defined it: every first-release field in this order,
 * then the added fields that hold something. Stored hashes were computed from this text.
 */
function reference(content: ListingContent): string {
  const c = content as unknown as Record<string, unknown>;
  const photos = [...content.photos].sort((a, b) => a.order - b.order).map((p) => ({ url: p.url, label: p.label ?? null, order: p.order }));
  const fees = content.fees && {
    agencyFees: content.fees.agencyFees,
    feesPaidBy: content.fees.feesPaidBy,
    feeIncluded: content.fees.feeIncluded,
  };
  const first = { ...content, priceUnit: content.priceUnit ?? 'EUR', features: [...content.features], photos, fees };
  const names = ['title', 'transaction', 'propertyType', 'price', 'priceUnit', 'charges', 'surface', 'rooms', 'bedrooms', 'floor', 'city'];
  names.push('postcode', 'neighborhood', 'addressLine', 'dpe', 'ges', 'description', 'features', 'photos', 'fees', 'sourceCrm');
  names.push('createdAtExternal', 'updatedAtExternal');
  const canonical: Record<string, unknown> = {};
  for (const name of names) canonical[name] = (first as Record<string, unknown>)[name] ?? null;
  for (const [name, value] of Object.entries(c)) {
    if (names.includes(name) || value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
    canonical[name] = value;
  }
  return JSON.stringify(canonical);
}

const descriptions = [
  'Appartement traversant.',
  'Au cœur du quartier, 70 m² au 3e étage, 1 840 € de charges ; l’agence vous attend.',
  'Guillemets " et barre \\ oblique, retour\nà la ligne, tabulation\t, cloche \u0007.',
  'Émoji 🏠 et séparateur \u2028 de ligne.',
  '',
  null,
  'Très long. '.repeat(1000),
];

test('the canonical bytes are the UTF-8 of the canonical text, whatever the description holds', () => {
  for (const description of descriptions) {
    for (const content of [
      { ...base, description },
      { ...base, description, fees: null, features: [], photos: [], dpe: null },
      { ...base, description, energyCostMin: 1180, energyCostMax: 1640, georisques: true } as unknown as ListingContent,
    ]) {
      const json = canonicalJson(content);
      assert.equal(json.bytes.toString('utf8'), reference(content), JSON.stringify(description));
      assert.equal(json.text, reference(content));
      assert.equal(listingContent.canonicalJson(content), reference(content));
    }
  }
});

test('bedrooms left out is stored as null and hashed as its default, as many as rooms (docs/decisions.md §6)', () => {
  for (const description of descriptions) {
    const stated = { ...base, description, rooms: 3, bedrooms: 3 };
    const unstated = { ...base, description, rooms: 3, bedrooms: null };
    const stored = canonicalJson(unstated);
    assert.equal(JSON.parse(stored.text).bedrooms, null, 'stored as stated');
    assert.equal(stored.text, reference(unstated));
    assert.equal(Buffer.concat(stored.hashed).toString('utf8'), reference(stated), 'hashed with the default');
    assert.equal(listingContent.hashedJson(unstated), reference(stated));
    assert.equal(contentHash(unstated, 'active'), contentHash(stated, 'active'));
    assert.equal(reviewHash(unstated), reviewHash(stated));
    assert.equal(reviewHash({ ...unstated, price: 1 }), reviewHash(stated), 'a price change alone stays one');
    assert.notEqual(contentHash({ ...unstated, rooms: 4 }, 'active'), contentHash(stated, 'active'), 'the default follows rooms');
    assert.notEqual(contentHash({ ...base, description, rooms: 3, bedrooms: 2 }, 'active'), contentHash(stated, 'active'));
  }
});
