import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { firstJsonSyntaxFault, positionOf } from '../../../src/platform/validation/json-syntax.js';

/**
 * The scanner behind « The body is not valid JSON: … at line L, column C » agrees with
 * JSON.parse on what is JSON, for JSON texts, their cuts and their one-character edits, and
 * places an early end at the text's end.
 */
const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** JSON texts, whole, cut, or with one character replaced, inserted or removed. */
const texts = fc.oneof(
  fc.json(),
  fc.tuple(fc.json(), fc.nat()).map(([json, at]) => json.slice(0, at % (json.length + 1))),
  fc
    .tuple(
      fc.json(),
      fc.nat(),
      fc.constantFrom(',', '}', ']', '"', '\\', ':', '0', '-', '.', 'e', 't', ' ', '\u0001', "'", '{', '['),
      fc.nat(2),
    )
    .map(([json, at, char, edit]) => {
      const i = at % (json.length + 1);
      return edit === 0
        ? json.slice(0, i) + char + json.slice(i + 1)
        : edit === 1
          ? json.slice(0, i) + char + json.slice(i)
          : json.slice(0, i) + json.slice(i + 1);
    }),
);

test('the scanner finds a fault exactly when JSON.parse refuses the text', () => {
  fc.assert(
    fc.property(texts, (text) => {
      assert.equal(firstJsonSyntaxFault(text) === null, isJson(text), JSON.stringify(text));
    }),
    { numRuns: 20_000 },
  );
});

test('a text cut inside a JSON document ends early, at its end', () => {
  const whole = JSON.stringify({ listings: [{ externalId: 'A-1', price: 250000, title: 'Maison à Évry', photos: [true, null, -1.5e3] }] });
  for (let length = 1; length < whole.length; length++) {
    assert.deepEqual(firstJsonSyntaxFault(whole.slice(0, length)), { offset: length, reason: 'unexpected end of the body' });
  }
});

test('positions count lines from 1, columns in characters and offsets in UTF-8 bytes', () => {
  assert.deepEqual(positionOf('{\n  "é": 1,\n}', 12), { line: 3, column: 1, byte: 13 });
  assert.deepEqual(positionOf('["😀", x]', 6), { line: 1, column: 6, byte: 8 });
});
