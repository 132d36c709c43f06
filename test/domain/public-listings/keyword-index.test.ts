import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { hostileText } from '../../helpers/hostile.js';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { approve, catchUpKeywords, listedIds, page, publicListing, uniqueCity } from '../../helpers/site.js';
import { v1Body } from '../../helpers/v1.js';
import { indexKeywords, rebuildKeywordIndex } from '../../../src/domain/public-listings/keyword-index.js';

/**
 * docs/decisions.md §18, "Keyword search": the keyword index holds the words of what the public
 * sees of a listing, follows the outbox, and is rebuilt on demand; a reinstated agency's
 * listings are found again.
 */
const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

const documentOf = async (serviceId: string) => {
  const { rows } = await t.db.query<{ document: string }>('SELECT document::text AS document FROM listing_search WHERE listing_id = $1', [
    serviceId,
  ]);
  return rows[0]?.document ?? null;
};
const lexemes = (document: string) => new Set([...document.matchAll(/'([^']+)':/g)].map((m) => m[1]!));

test(`[${databaseKind}] a document holds the public title and description's words, stemmed and folded, and nothing private`, async () => {
  const id = await publicListing(t, agency.live, 'KWI-private', {
    city: uniqueCity('Docville'),
    title: 'Péniche aménagée',
    description: 'Sur le canal, péniche rénovée. Appelez le 06 47 21 93 58, écrivez à jean.dupont@exemple-agence.fr.',
    addressLine: '7 impasse des Glycines',
    neighborhood: 'Quai des Orfèvres',
  });
  await catchUpKeywords(t, agency.agencyId);
  const words = lexemes((await documentOf(id))!);
  for (const word of ['penich', 'amenag', 'canal', 'renov']) assert.ok(words.has(word), `${word} in ${[...words].join(' ')}`);
  for (const word of [
    '06',
    '47',
    '0647219358',
    'dupont',
    'jean.dupont@exemple-agence.fr',
    'exemple-agence.fr',
    'glycin',
    'orfevr',
    'messager',
    'coordon',
  ])
    assert.ok(!words.has(word), `no ${word} in ${[...words].join(' ')}`);
  for (const word of words) assert.doesNotMatch(word, /[à-ÿœæ]/, `${word}: accents folded`);
});

test(`[${databaseKind}] keywords in a city find a listing in the city it is in now, not the one it left`, async () => {
  const [before, after] = [uniqueCity('Ancienneville'), uniqueCity('Nouvelleville')];
  const id = await publicListing(t, agency.live, 'KWI-moves', { city: before, title: 'Grange à rénover' });
  await catchUpKeywords(t, agency.agencyId);
  const found = async (city: string) =>
    listedIds((await page(t, `/listings?city=${encodeURIComponent(city.toUpperCase())}&q=grange`)).body);
  assert.deepEqual(await found(before), [id], 'the city as a visitor may type it, in capitals');
  const moved = await t.call('PUT', `/v1/listings/${id}`, agency.live, { city: after });
  assert.equal(moved.statusCode, 200, moved.body);
  await approve(t, id);
  await catchUpKeywords(t, agency.agencyId);
  assert.deepEqual(await found(after), [id]);
  assert.deepEqual(await found(before), []);
});

test(`[${databaseKind}] a new price reaches the row, not its document; a listing that leaves the site loses it; a rebuild makes every one again`, async () => {
  const id = await publicListing(t, agency.live, 'KWI-leaves', { city: uniqueCity('Docville'), title: 'Chalet savoyard' });
  await catchUpKeywords(t, agency.agencyId);
  assert.notEqual(await documentOf(id), null);
  // A new price leaves the text as it was: the row gets the new price (what searches filter on),
  // and keeps its document and the hash of its text.
  const row = async () =>
    (
      await t.db.query<{ price: number; text_hash: string; document: string }>(
        'SELECT price, text_hash, document::text FROM listing_search WHERE listing_id = $1',
        [id],
      )
    ).rows[0];
  const first = await row();
  const repriced = await t.call('PUT', `/v1/listings/${id}`, agency.live, { price: 310000 });
  assert.equal(repriced.statusCode, 200, repriced.body);
  await approve(t, id);
  await catchUpKeywords(t, agency.agencyId);
  assert.deepEqual(await row(), { ...first, price: 310000 });
  const sold = await t.call('PATCH', `/v1/listings/${id}/status`, agency.live, { status: 'sold' });
  assert.equal(sold.statusCode, 200, sold.body);
  // Gone in the transaction of the sale (migration 150), before the indexer hears of it.
  assert.equal(await documentOf(id), null);
  await catchUpKeywords(t, agency.agencyId);
  assert.equal(await documentOf(id), null);

  const kept = await publicListing(t, agency.live, 'KWI-rebuilt', { city: uniqueCity('Docville'), title: 'Chalet en rondins' });
  await catchUpKeywords(t, agency.agencyId);
  const before = await documentOf(kept);
  await t.db.query('DELETE FROM listing_search WHERE listing_id = $1', [kept]);
  await rebuildKeywordIndex(t.db);
  while ((await indexKeywords(t.db)) > 0);
  await catchUpKeywords(t, agency.agencyId);
  assert.equal(await documentOf(kept), before);
});

test(`[${databaseKind}] a reinstated agency's listings are found by keyword again, even those approved while it was suspended`, async () => {
  const own = await t.agency({ plan: 'agence' });
  const city = uniqueCity('Suspensionville');
  const shown = await publicListing(t, own.live, 'KWI-shown', { city, title: 'Moulin restauré' });
  // Held by the rules for review: the operator approves it while the agency is suspended.
  const held = await t.call(
    'POST',
    '/v1/listings',
    own.live,
    v1Body('KWI-held', { city, title: 'Moulin à eau', description: 'Étrangers s’abstenir.' }),
  );
  assert.equal(held.statusCode, 201, held.body);
  const heldId: string = held.json().serviceId;
  await catchUpKeywords(t, own.agencyId);
  const search = async () => listedIds((await page(t, `/listings?city=${encodeURIComponent(city)}&q=moulin`)).body);
  assert.deepEqual(await search(), [shown]);

  assert.equal((await t.admin('POST', `/agencies/${own.agencyId}/suspend`, { reason: 'Contrôle' })).statusCode, 200);
  await approve(t, heldId);
  await catchUpKeywords(t, own.agencyId);
  assert.deepEqual(await search(), [], 'a suspended agency is off the site');
  assert.equal(await documentOf(heldId), null, 'approved while suspended: not public, no document');

  assert.equal((await t.admin('POST', `/agencies/${own.agencyId}/reinstate`)).statusCode, 200);
  await catchUpKeywords(t, own.agencyId);
  assert.deepEqual(new Set(await search()), new Set([shown, heldId]), 'both found');
});

/** Text PostgreSQL stores: no NUL, no lone surrogate half (the write path and the search form refuse them). */
const storable = (text: string) => text.replaceAll(String.fromCharCode(0), '').replace(/[\ud800-\udfff]/g, '');
const tricky = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '\u0301',
        '\u0300\u0327',
        "'",
        "''",
        '\\',
        ':*',
        '&',
        '|',
        '!',
        '<->',
        '(',
        '"',
        'œ',
        'Æ',
        'é',
        'e\u0301',
        ' ',
        '-',
        '’',
      ),
      fc.string({ maxLength: 6 }),
      fc.integer({ min: 0x20, max: 0x2fff }).map((point) => String.fromCodePoint(point)),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

test(`[${databaseKind}] any text makes a document and a query without an error, and decomposed accents are folded too`, async () => {
  const text = fc.oneof(hostileText, tricky, fc.constant('x'.repeat(3000))).map(storable);
  await fc.assert(
    fc.asyncProperty(text, text, async (words, typed) => {
      const { rows } = await t.db.query<{ found: boolean; itself: boolean }>(
        `SELECT search_document($1, $2) @@ search_query($3) AS found, search_document($1, $2) @@ search_query($2) AS itself`,
        [words, words + typed, typed],
      );
      assert.equal(typeof rows[0]!.found, 'boolean');
      assert.equal(typeof rows[0]!.itself, 'boolean');
    }),
    { numRuns: 150 },
  );
  // An agency's text written decomposed (e + U+0301) and a visitor's, either way.
  const { rows } = await t.db.query<{ matches: boolean[] }>(
    `SELECT array_agg(search_document('Cuisine re\u0301nove\u0301e', NULL) @@ search_query(q) ORDER BY q) AS matches
     FROM unnest(ARRAY['rénovée', 'renovee', 'rénové', 'Re\u0301nove\u0301e', 'RÉNOVÉES']) q`,
  );
  assert.deepEqual(rows[0]!.matches, [true, true, true, true, true]);
});
