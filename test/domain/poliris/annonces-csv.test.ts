import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { RawLine, UnreadableLine } from '../../../src/domain/poliris/contract.js';
import { annoncesLines, encodeAnnoncesLine, splitAnnoncesLine } from '../../../src/domain/poliris/annonces-csv.js';
import { FIELD_COUNTS } from '../../../src/domain/poliris/versions.js';
import { annoncesText, fieldsAt } from '../../fixtures/poliris/archives.js';

/**
 * The line syntax of Annonces.csv (src/domain/poliris/annonces-csv.ts): what is read as fields,
 * what is an unreadable line and its French reason, and the writer read back by the reader.
 */

const RUNS = Number(process.env.POLIRIS_RUNS ?? 200);

async function* chunks(...parts: string[]): AsyncGenerator<string> {
  for (const part of parts) yield part;
}
async function read(...parts: string[]): Promise<(RawLine | UnreadableLine)[]> {
  const out: (RawLine | UnreadableLine)[] = [];
  for await (const line of annoncesLines(chunks(...parts))) out.push(line);
  return out;
}
const isRaw = (line: RawLine | UnreadableLine): line is RawLine => 'fields' in line;
const raw = (line: RawLine | UnreadableLine | undefined): RawLine => {
  assert.ok(line && isRaw(line), `expected fields, got ${JSON.stringify(line)}`);
  return line;
};
const issueOf = (line: RawLine | UnreadableLine | undefined) => {
  assert.ok(line && !isRaw(line), `expected an unreadable line, got ${JSON.stringify(line)?.slice(0, 200)}`);
  return line.issue;
};

test('a line of 334 quoted fields is read rank by rank; CRLF and LF both end a line; physical line numbers', async () => {
  const a = fieldsAt({ 1: 'agence', 2: 'REF-1', 20: 'Maison 5 pièces', 175: 'id-1', 301: '4.09' });
  const b = fieldsAt({ 2: 'REF-2', 175: 'id-2' });
  const lines = await read(annoncesText([a], { eol: '\r\n' }) + '\r\n   \r\n' + annoncesText([b], { eol: '\n' }));
  assert.equal(lines.length, 2);
  assert.deepEqual(raw(lines[0]), { line: 1, fields: a });
  assert.deepEqual(raw(lines[1]), { line: 4, fields: b });
});

test('every 4.x field count is read; the last line may lack its line break; a UTF-8 BOM is dropped', async () => {
  for (const count of FIELD_COUNTS) {
    const [line] = await read('\uFEFF' + annoncesText([fieldsAt({ 2: `R${count}` }, count)]).trimEnd());
    assert.equal(raw(line).fields.length, count);
    assert.equal(raw(line).fields[1], `R${count}`);
  }
});

test('<BR> in any case and form becomes a line break; an apostrophe stays; !# inside quotes is text', async () => {
  const fields = fieldsAt({ 21: 'Séjour<BR>Cuisine<br/>Cave<br />Jardin<Br>Fin', 20: "L'Atelier !# d'artiste", 2: 'A!#B' });
  const [line] = await read(annoncesText([fields]));
  assert.equal(raw(line).fields[20], 'Séjour\nCuisine\nCave\nJardin\nFin');
  assert.equal(raw(line).fields[19], "L'Atelier !# d'artiste");
  assert.equal(raw(line).fields[1], 'A!#B');
});

test('spaces around !#, around the line, and a trailing !# are tolerated', async () => {
  const spaced = fieldsAt({ 2: 'R1', 3: ' vente ' })
    .map((f) => `"${f}"`)
    .join(' !# ');
  const [a] = await read(`  ${spaced}\t \r\n`);
  assert.equal(raw(a).fields.length, 334);
  assert.equal(raw(a).fields[2], ' vente ');
  const [b] = await read(annoncesText([fieldsAt({ 2: 'R2' })]).replace('\r\n', '!#\r\n'));
  assert.equal(raw(b).fields.length, 334);
});

test('a double quote inside a field, an unquoted field or an unclosed quote is broken quoting, naming the rank', async () => {
  const good = fieldsAt({ 2: 'REF-9' });
  const stray = [...good];
  stray[19] = 'Maison "Les Tilleuls"';
  const unquoted = annoncesText([good]).replace('"!#"REF-9"', '"!#REF-9"');
  const unclosed = annoncesText([good]).replace(/"\r\n$/, '\r\n');
  const lines = await read(annoncesText([stray]) + unquoted + unclosed);
  assert.deepEqual(
    lines.map((l) => [l.line, issueOf(l).code, issueOf(l).rank]),
    [
      [1, 'broken_quoting', 20],
      [2, 'broken_quoting', 2],
      [3, 'broken_quoting', 334],
    ],
  );
  assert.equal(issueOf(lines[0]).reference, 'REF-9');
  assert.match(issueOf(lines[0]).message, /rang 20.*apostrophe/);
});

test('a count no 4.x revision has is too_few_fields or too_many_fields, naming the count found and expected', async () => {
  const short = fieldsAt({ 2: 'R-short', 301: '4.09' }, 333);
  const long = fieldsAt({ 2: 'R-long' }, 335);
  const between = fieldsAt({ 2: 'R-mid' }, 301);
  const [a, b, c, d] = await read(annoncesText([short, long, between]) + '"seul"\r\n');
  assert.equal(issueOf(a).code, 'too_few_fields');
  assert.match(issueOf(a).message, /333 champs au lieu de 334 \(version indiquée au rang 301 : « 4\.09 »\)/);
  assert.equal(issueOf(a).reference, 'R-short');
  assert.equal(issueOf(b).code, 'too_many_fields');
  assert.match(issueOf(b).message, /335 champs au lieu de 334/);
  assert.equal(issueOf(c).code, 'too_many_fields');
  assert.match(issueOf(c).message, /301 champs au lieu de 300/);
  assert.equal(issueOf(d).code, 'too_few_fields');
  assert.equal(d?.line, 4);
});

test('a NUL byte makes its line unreadable; the next line is still read', async () => {
  const nul = fieldsAt({ 2: 'R1', 21: 'a\u0000b' });
  const lines = await read(annoncesText([nul, fieldsAt({ 2: 'R2' })]));
  assert.equal(issueOf(lines[0]).code, 'nul_byte');
  assert.match(issueOf(lines[0]).message, /caractère nul/);
  assert.equal(raw(lines[1]).fields[1], 'R2');
});

test('a line past the limit is unreadable, wherever the chunks cut it', async () => {
  const long = fieldsAt({ 2: 'R1', 21: 'x'.repeat(5_000) });
  const text = annoncesText([fieldsAt({ 2: 'R0' }), long, fieldsAt({ 2: 'R2' })]);
  for (const size of [7, 1000, 4096, text.length]) {
    const parts = text.match(new RegExp(`[^]{1,${size}}`, 'g'))!;
    const out: (RawLine | UnreadableLine)[] = [];
    for await (const line of annoncesLines(chunks(...parts), { maxLineChars: 4_000 })) out.push(line);
    assert.deepEqual(
      out.map((l) => [l.line, isRaw(l) ? l.fields[1] : l.issue.code]),
      [
        [1, 'R0'],
        [2, 'line_too_long'],
        [3, 'R2'],
      ],
      `chunks of ${size}`,
    );
  }
});

test('a gigabyte with no line break is one unreadable line, never held (a string that long cannot exist)', async () => {
  const piece = 'x'.repeat(64 * 1024);
  async function* gigabyte(): AsyncGenerator<string> {
    for (let i = 0; i < 16 * 1024; i++) yield piece;
    yield '\n' + annoncesText([fieldsAt({ 2: 'after' })]);
  }
  const out: (RawLine | UnreadableLine)[] = [];
  for await (const line of annoncesLines(gigabyte())) out.push(line);
  assert.deepEqual(
    out.map((l) => [l.line, isRaw(l) ? l.fields[1] : l.issue.code]),
    [
      [1, 'line_too_long'],
      [2, 'after'],
    ],
  );
});

test('reading streams: the first lines come out of an endless source', async () => {
  const line = annoncesText([fieldsAt({ 2: 'R' })]);
  async function* endless(): AsyncGenerator<string> {
    for (;;) yield line;
  }
  let seen = 0;
  for await (const read of annoncesLines(endless())) {
    assert.equal(raw(read).line, ++seen);
    if (seen === 3) break;
  }
  assert.equal(seen, 3);
});

test('writing: quotes become apostrophes, line breaks <BR>, !# inside a text "! #", CRLF at the end', () => {
  assert.equal(encodeAnnoncesLine(['a', 'Le "Clos"', 'x\r\ny\nz\rw', 'A!#B', '']), `"a"!#"Le 'Clos'"!#"x<BR>y<BR>z<BR>w"!#"A! #B"!#""\r\n`);
  assert.equal(encodeAnnoncesLine(['!#!#', '!!##']).split('!#').length, 2);
});

// Texts a field may hold once written: no `"` (written as an apostrophe), no CR (line breaks
// come back as LF), no `!#` (written `! #`), no `<br` (read back as a line break), no NUL.
const cleanText = fc
  .string({ unit: fc.constantFrom('a', 'É', '€', 'œ', ' ', '\t', "'", '!', '#', '<', '>', 'b', 'r', '/', '\n', '😀', ';', ',') })
  .filter((s) => !s.includes('!#') && !/<br/i.test(s));
const anyText = fc.string({ unit: 'grapheme', maxLength: 30 }).map((s) => s.split('\u0000').join(''));

test('property: written lines read back as the same fields, whatever the chunking', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(cleanText, { minLength: 1, maxLength: 40 }),
      fc.constantFrom(...FIELD_COUNTS),
      fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 20 }),
      async (values, count, cuts) => {
        const fields = fieldsAt(Object.fromEntries(values.map((v, i) => [1 + ((i * 37) % count), v])), count);
        const text = encodeAnnoncesLine(fields) + encodeAnnoncesLine(fields.map((f) => f.toUpperCase()));
        const parts: string[] = [];
        let at = 0;
        for (const cut of cuts) parts.push(text.slice(at, (at += cut)));
        parts.push(text.slice(at));
        const lines = await read(...parts);
        assert.deepEqual(lines, [
          { line: 1, fields },
          { line: 2, fields: fields.map((f) => f.toUpperCase()) },
        ]);
      },
    ),
    { numRuns: RUNS },
  );
});

test('property: any texts, once written, split into as many fields with no double quote and no line break', () => {
  fc.assert(
    fc.property(fc.array(anyText, { minLength: 1, maxLength: 12 }), (values) => {
      const line = encodeAnnoncesLine(values);
      assert.ok(line.endsWith('\r\n') && !line.slice(0, -2).includes('\n') && !line.slice(0, -2).includes('\r'));
      const split = splitAnnoncesLine(line.slice(0, -2));
      assert.ok(split.ok);
      assert.equal(split.fields.length, values.length);
      for (const field of split.fields) assert.ok(!field.includes('"'));
    }),
    { numRuns: RUNS * 2 },
  );
});

test('property: arbitrary text never throws and every line number is a physical line of the text', async () => {
  const piece = fc.oneof(fc.constantFrom('"', '!#', '"!#"', '\r\n', '\n', '\r', '<BR>', '\u0000', ' ', '""'), fc.string({ maxLength: 8 }));
  await fc.assert(
    fc.asyncProperty(fc.array(piece, { maxLength: 60 }), async (pieces) => {
      const text = pieces.join('');
      const physical = text.split('\n').length;
      for (const line of await read(...pieces)) {
        assert.ok(line.line >= 1 && line.line <= physical);
        if (!isRaw(line)) assert.ok(line.issue.message.length > 0 && line.issue.line === line.line);
      }
    }),
    { numRuns: RUNS * 2 },
  );
});
