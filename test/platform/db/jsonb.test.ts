import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { BinaryJsonbArray, binaryJsonbArray, jsonStringParts, TextJsonArray } from '../../../src/platform/db/jsonb.js';
import { databaseKind, openTestDatabase } from '../../helpers/database.js';

// Texts whose UTF-8 takes 1, 2, 3 and 4 bytes a unit, escapes, and lengths that overflow the first allocation.
const samples = [
  { plain: 'ascii only', n: 1 },
  { accents: 'Évry, 2 pièces à rénover, cœur de ville’' },
  { cjk: '東京の物件'.repeat(400) },
  { emoji: '🏠🔑'.repeat(1000), escaped: 'quote " backslash \\ newline \n tab \t' },
  { nested: { list: [1, 2.5, null, true], deep: { x: 'y' } } },
  [],
  'just a string',
  42,
];
const texts = samples.map((sample) => JSON.stringify(sample));

test('binaryJsonbArray is the version byte then the UTF-8 of the JSON array', () => {
  for (const subset of [[], texts.slice(0, 1), texts, [...texts].reverse(), texts.filter((_, i) => i === 3 || i === 2)]) {
    const bytes = binaryJsonbArray(subset);
    assert.equal(bytes[0], 1);
    assert.equal(bytes.subarray(1).toString('utf8'), `[${subset.join(',')}]`);
    assert.deepEqual(
      JSON.parse(bytes.subarray(1).toString('utf8')),
      subset.map((text) => JSON.parse(text)),
    );
  }
});

test(`[${databaseKind}] a JSON array parameter reaches the database as the same values`, async () => {
  const db = await openTestDatabase();
  after(() => db.close());
  const { rows } = await db.query<{ value: unknown }>(
    'SELECT value FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(value, i) ORDER BY i',
    [db.jsonArray(texts)],
  );
  assert.deepEqual(
    rows.map((row) => row.value),
    samples,
  );
  await db.transaction(async (tx) => {
    const { rows: inTx } = await tx.query<{ n: number }>('SELECT jsonb_array_length($1::jsonb) AS n', [tx.jsonArray(texts)]);
    assert.equal(inTx[0]!.n, samples.length);
  });
});

test('a JSON array built element by element, from strings and from bytes at hand, is the same array', () => {
  const encoded = (text: string) => ({ text, bytes: Buffer.from(text, 'utf8') });
  for (const expectedBytes of [16, 1 << 16]) {
    const binary = new BinaryJsonbArray(expectedBytes);
    const plain = new TextJsonArray();
    for (const text of texts) {
      // Each element in three parts: a string, the middle as bytes, a string.
      // (never between the two halves of a surrogate pair, which no JSON text splits)
      const at = (i: number) => (/[\uDC00-\uDFFF]/.test(text[i] ?? '') ? i + 1 : i);
      const cut = [at(Math.floor(text.length / 3)), at(Math.floor((2 * text.length) / 3))] as const;
      const parts = [text.slice(0, cut[0]), encoded(text.slice(cut[0], cut[1])), text.slice(cut[1])];
      binary.add(...parts);
      plain.add(...parts);
    }
    assert.equal(binary.count, texts.length);
    assert.deepEqual(binary.finish(), binaryJsonbArray(texts));
    assert.equal(plain.finish(), `[${texts.join(',')}]`);
  }
});

test('jsonStringParts: the parts joined are JSON.stringify’s text, and a text with nothing to escape goes as itself', () => {
  const strings = [
    '',
    'ascii only',
    'Évry, cœur de ville’, 70 m², 1 840 €',
    'quote " inside',
    'backslash \\ inside',
    'line\nbreak and\ttab',
    'bell \u0007 and NUL-free control \u001f',
    'emoji 🏠 pair',
    'lone high \ud83c end',
    'lone low \udfe0 end',
    'line separator \u2028 and paragraph \u2029',
    '東京の物件'.repeat(50),
  ];
  for (const value of strings) {
    const parts = jsonStringParts(value);
    assert.equal(parts.join(''), JSON.stringify(value), value);
    if (!/["\\]/.test(value) && [...value].every((c) => c >= ' ' && c.length === 1 && !(c >= '\ud800' && c <= '\udfff')))
      assert.equal(parts[1], value, 'the string itself, not a copy');
  }
  assert.deepEqual(jsonStringParts(null), ['null']);
});
