import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { decodeChunks, decodeSmallText, decodeWindows1252, encodeWindows1252, Utf8Watch } from '../../../src/domain/poliris/encoding.js';

/** The two encodings of a passerelle file (src/domain/poliris/encoding.ts), decided once per file. */

const RUNS = Number(process.env.POLIRIS_RUNS ?? 200);

function cutAt(bytes: Buffer, cuts: number[]): Buffer[] {
  const parts: Buffer[] = [];
  let at = 0;
  for (const cut of cuts) parts.push(bytes.subarray(at, (at = Math.min(bytes.length, at + cut))));
  parts.push(bytes.subarray(at));
  return parts;
}
async function* each<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}
async function decodeAll(parts: Buffer[], encoding: 'utf-8' | 'windows-1252'): Promise<string> {
  let text = '';
  for await (const piece of decodeChunks(each(parts), encoding)) text += piece;
  return text;
}

test('Windows-1252: € (0x80), œ (0x9C), Œ, ’, « » and the accents come out right', () => {
  const bytes = Buffer.from([0x80, 0x9c, 0x8c, 0x92, 0xab, 0xbb, 0xe9, 0xe8, 0xe0, 0xe7, 0xf4, 0xc9]);
  assert.equal(decodeWindows1252(bytes), '€œŒ’«»éèàçôÉ');
  assert.deepEqual(encodeWindows1252('€œŒ’«»éèàçôÉ'), bytes);
});

test('Windows-1252: every byte decodes as the WHATWG table does (checked against TextDecoder on Node 24)', (t) => {
  if (Number(process.versions.node.split('.')[0]) < 24) return t.skip('older ICU tables');
  const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  assert.equal(decodeWindows1252(all), new TextDecoder('windows-1252').decode(all));
});

test('property: UTF-8 text cut anywhere, even inside a character, is seen as UTF-8 and decoded whole', async () => {
  await fc.assert(
    fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.array(fc.integer({ min: 0, max: 7 })), async (text, cuts) => {
      const bytes = Buffer.from(text, 'utf8');
      const watch = new Utf8Watch();
      const parts = cutAt(bytes, cuts);
      for (const part of parts) watch.push(part);
      assert.equal(watch.end(), 'utf-8');
      assert.equal(await decodeAll(parts, 'utf-8'), text.replace(/^\uFEFF/, ''));
    }),
    { numRuns: RUNS },
  );
});

test('property: any bytes cut anywhere get the verdict of the whole (valid UTF-8 or not)', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 40 }), fc.array(fc.integer({ min: 0, max: 5 })), (array, cuts) => {
      const bytes = Buffer.from(array);
      const watch = new Utf8Watch();
      for (const part of cutAt(bytes, cuts)) watch.push(part);
      assert.equal(watch.end(), isUtf8(bytes) ? 'utf-8' : 'windows-1252');
    }),
    { numRuns: RUNS * 2 },
  );
});

test('a byte order mark is dropped in both encodings; a French Windows-1252 file is not UTF-8', async () => {
  const bom = Buffer.from([0xef, 0xbb, 0xbf]);
  assert.equal(await decodeAll([bom, Buffer.from('"Séjour"', 'utf8')], 'utf-8'), '"Séjour"');
  const latin = encodeWindows1252('"Prix : 250 000 € – cœur de ville"');
  const watch = new Utf8Watch();
  watch.push(latin);
  assert.equal(watch.end(), 'windows-1252');
  assert.equal(await decodeAll([Buffer.concat([bom, latin])], 'windows-1252'), '"Prix : 250 000 € – cœur de ville"');
});

test('a small file decides its own encoding', () => {
  assert.equal(decodeSmallText(Buffer.from('\uFEFFApplication=Négo 2\r\n', 'utf8')), 'Application=Négo 2\r\n');
  assert.equal(decodeSmallText(encodeWindows1252('Application=Négo €')), 'Application=Négo €');
});
