import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import { addFormats } from '../../../src/platform/validation/schema-validator.js';
import { validateIngestItem } from '../../../src/edge/ingestion/validate.js';
import { IngestListing } from '../../../src/edge/ingestion/schemas.js';
import { ingestItem } from '../../helpers/listings.js';

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const schemaAccepts = ajv.compile(IngestListing);

test('a complete valid item maps onto the model with spec defaults', () => {
  const check = validateIngestItem(ingestItem('V-1', { bedrooms: undefined, status: undefined, transaction: 'LOCATION', charges: 80 }));
  assert.ok(check.ok);
  assert.equal(check.draft.content.transaction, 'rental');
  assert.equal(check.draft.content.propertyType, 'apartment');
  assert.equal(check.draft.content.bedrooms, null, 'bedrooms kept as stated: none (reads answer the default, rooms)');
  assert.equal(check.draft.status, 'active');
  assert.deepEqual(
    check.draft.content.photos.map((p) => p.order),
    [0, 1],
  );
  assert.equal(check.draft.content.createdAtExternal, '2026-01-15T10:00:00.000Z');
});

test('timestamps without an offset are read as UTC; impossible dates are refused', () => {
  const ok = validateIngestItem(
    ingestItem('T', { createdAtExternal: '2026-03-01T09:30:00', updatedAtExternal: '2026-03-01T11:30:00+02:00' }),
  );
  assert.ok(ok.ok);
  assert.equal(ok.draft.content.createdAtExternal, '2026-03-01T09:30:00.000Z');
  assert.equal(ok.draft.content.updatedAtExternal, '2026-03-01T09:30:00.000Z');
  for (const bad of ['2026-13-01', '2026-02-30T00:00:00Z', '01/03/2026', '2026-03-01T25:00:00Z']) {
    const check = validateIngestItem(ingestItem('T', { createdAtExternal: bad }));
    assert.ok(!check.ok, bad);
  }
});

test('UTC timestamps in seconds: leap days, milliseconds and out-of-range fields follow the calendar', () => {
  const stored = (value: string) => {
    const check = validateIngestItem(ingestItem('T', { createdAtExternal: value }));
    return check.ok ? check.draft.content.createdAtExternal : null;
  };
  assert.equal(stored('2024-02-29T23:59:59Z'), '2024-02-29T23:59:59.000Z');
  assert.equal(stored('2000-02-29T00:00:00.250Z'), '2000-02-29T00:00:00.250Z');
  assert.equal(stored('1899-12-31T12:00:00Z'), '1899-12-31T12:00:00.000Z');
  assert.equal(stored('2026-01-15T24:00:00Z'), '2026-01-16T00:00:00.000Z', 'ISO 8601 end of day');
  for (const bad of [
    '2025-02-29T10:00:00Z',
    '1900-02-29T10:00:00Z',
    '2026-04-31T10:00:00Z',
    '2026-01-15T10:60:00Z',
    '2026-01-15T10:00:60Z',
    '2026-00-10T10:00:00Z',
  ]) {
    assert.equal(stored(bad), null, bad);
  }
});

test('the pure validator and the documented JSON schema agree on what is well-formed', () => {
  const variants: Array<Record<string, unknown>> = [
    {},
    { price: 0 },
    { price: 1.5 },
    { price: '12' },
    { surface: 0 },
    { rooms: -1 },
    { floor: null },
    { floor: -11 },
    { dpe: null },
    { dpe: 'Z' },
    { ges: 'B' },
    { ges: 'Z' },
    { ges: null },
    { fees: null },
    { fees: 12 },
    { fees: { agencyFees: 12000, feesPaidBy: 'buyer', feeIncluded: true } },
    { fees: { agencyFees: 1.5 } },
    { fees: { agencyFees: -1 } },
    { fees: { feesPaidBy: 'agency' } },
    { fees: { feeIncluded: 'yes' } },
    { fees: { vat: 20 } },
    { fees: [] },
    { status: 'sold' },
    { status: 'paused' },
    { sourceCrm: 'crm_2' },
    { sourceCrm: 'hektor' },
    { imageUrls: [] },
    { imageUrls: ['https://x.example/a.jpg'] },
    { imageUrls: 'https://x' },
    { features: [''] },
    { postcode: '1234' },
    { postcode: '75001' },
    { title: 'x'.repeat(301) },
    { title: 'x'.repeat(300) },
    { extra: 1 },
    { externalId: '' },
    { externalId: 'x'.repeat(101) },
    { shareWithService: 'yes' },
    { shareWithRelay: false },
    { transaction: 'VIAGER' },
    { type: 'BUREAU', rooms: 0, bedrooms: 0 },
    { city: null },
  ];
  for (const variant of variants) {
    const item = ingestItem('AGREE', variant);
    for (const [k, v] of Object.entries(variant)) if (v === undefined) delete item[k];
    const pure = validateIngestItem(item);
    // Business rules (bedrooms > rooms, charges on a sale…) are beyond a JSON schema.
    const wellFormed = pure.ok || pure.errors.every((e) => /must not exceed|charges are|studio|better than/.test(e.message));
    assert.equal(
      wellFormed,
      schemaAccepts(item),
      `disagreement on ${JSON.stringify(variant)}: ${JSON.stringify(pure.ok ? 'ok' : pure.errors)}`,
    );
  }
});

test('fuzz: the validator never throws and always answers ok or reasons naming a field', () => {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const values = [
    null,
    undefined,
    0,
    -1,
    1.5,
    1e308,
    NaN,
    '',
    'x',
    '06 12 34 56 78',
    true,
    [],
    {},
    ['a'],
    [1],
    { a: 1 },
    'https://x.y/z',
    '2026-01-01',
    '\u0000',
    'é'.repeat(20000),
  ];
  const keys = Object.keys(ingestItem('F'));
  for (let i = 0; i < 3000; i++) {
    const item: Record<string, unknown> = ingestItem(`F-${i}`);
    const mutations = 1 + Math.floor(random() * 4);
    for (let m = 0; m < mutations; m++) {
      const key = random() < 0.9 ? keys[Math.floor(random() * keys.length)]! : `junk${m}`;
      item[key] = values[Math.floor(random() * values.length)];
    }
    const input = random() < 0.05 ? values[Math.floor(random() * values.length)] : item;
    const check = validateIngestItem(input);
    if (!check.ok) {
      assert.ok(check.errors.length > 0);
      for (const error of check.errors)
        assert.ok(error.message.startsWith(error.field.split('[')[0]!) || error.field === 'listing', error.message);
    }
  }
});
