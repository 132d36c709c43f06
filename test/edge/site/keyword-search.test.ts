import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { approve, catchUpKeywords, listedIds, page, publicListing, uniqueCity } from '../../helpers/site.js';

/** docs/decisions.md §18: keywords on GET /listings, searched in the public title and description. */
const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

const city = uniqueCity('Motsville');
const ids: Record<string, string> = {};

/** This file's listings, oldest first: each is there for what one test looks at. */
const LISTINGS: Record<string, Record<string, unknown>> = {
  bright: {
    title: 'Appartement lumineux au 3e étage',
    description: 'Cuisine rénovée et équipée, au cœur du quartier. Parquet ancien.',
    price: 280000,
  },
  poolInTitle: {
    category: 'house',
    title: 'Maison avec piscine',
    description: 'Quatre chambres, jardin arboré, garage double.',
    price: 540000,
  },
  poolInText: {
    category: 'house',
    title: 'Maison familiale',
    description: 'Quatre chambres, jardin arboré et piscine chauffée.',
    price: 490000,
  },
  quiet: {
    title: 'Studio calme',
    description: 'Au calme, proche du tramway. Parquet ancien et moulures.',
    price: 120000,
    type: 'rental',
    fees: { agencyFees: 300, feesPaidBy: 'tenant', feeIncluded: null },
  },
  contact: {
    title: 'Duplex sous les toits',
    description:
      'Belle hauteur sous plafond, poutres apparentes. Pour visiter, appelez le 06 47 21 93 58 ou écrivez à jean.dupont@exemple-agence.fr.',
    addressLine: '7 impasse des Glycines',
    price: 365000,
  },
};

let created: Promise<void> | undefined;
const setUp = () => (created ??= createListings());
async function createListings() {
  for (const [name, overrides] of Object.entries(LISTINGS)) {
    ids[name] = await publicListing(t, agency.live, `WORDS-${name}`, { city, postcode: '97110', ...overrides });
  }
  await catchUpKeywords(t, agency.agencyId);
}

const names = (found: string[]) => found.map((id) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? id);
/** The listings of this file's city that a search with these keywords shows, in order. */
const find = async (q: string, more = '') => {
  await setUp();
  const response = await page(t, `/listings?city=${encodeURIComponent(city)}&q=${encodeURIComponent(q)}${more}`);
  assert.equal(response.statusCode, 200, `${q}: ${response.body.slice(0, 300)}`);
  return names(listedIds(response.body));
};

test(`[${databaseKind}] words are French-stemmed and their accents folded, every word must be there`, async () => {
  assert.deepEqual(await find('appartements lumineux'), ['bright'], 'plural finds singular');
  assert.deepEqual(await find('Lumineuse'), ['bright'], 'feminine finds masculine, case ignored');
  for (const q of ['etage', 'ÉTAGES', 'étage', 'renovee', 'rénové', 'equipe', 'coeur', 'cœur'])
    assert.deepEqual(await find(q), ['bright'], q);
  assert.deepEqual(new Set(await find('parquet ancien')), new Set(['bright', 'quiet']));
  assert.deepEqual(await find('parquet moulures'), ['quiet'], 'all the words, not any of them');
  assert.deepEqual(await find('appartement piscine'), [], 'no listing holds both');
  assert.deepEqual(new Set(await find('jardin')), new Set(['poolInText', 'poolInTitle']));
  // Mojibake, words of no listing, and stop words alone: a page, never a 500.
  for (const q of ['Ã©tage Ã¨', 'xylophone', 'la de du']) assert.deepEqual(await find(q), [], q);
});

test(`[${databaseKind}] results are ranked by relevance unless the visitor chose an order`, async () => {
  // poolInText is newer, but "piscine" is in poolInTitle's title.
  assert.deepEqual(await find('piscine'), ['poolInTitle', 'poolInText']);
  assert.deepEqual(await find('piscine', '&sort=relevance'), ['poolInTitle', 'poolInText']);
  assert.deepEqual(await find('piscine', '&sort=newest'), ['poolInText', 'poolInTitle']);
  assert.deepEqual(await find('piscine', '&sort=price_asc'), ['poolInText', 'poolInTitle']);
  assert.deepEqual(await find('maison', '&sort=price_desc'), ['poolInTitle', 'poolInText']);
  // The canonical address leaves the default order out: relevance with keywords.
  const ranked = await page(t, `/listings?q=piscine&city=${encodeURIComponent(city)}&sort=relevance`);
  assert.match(ranked.body, /<link rel="canonical" href="[^"]*\/listings\?q=piscine&(amp;)?city=[^"&]*"/);
  assert.match(ranked.body, /<option value="relevance" selected>Pertinence<\/option>/);
  assert.match(ranked.body, /<meta name="robots" content="noindex, follow"/, 'keyword pages are not for search engines');
  const newest = await page(t, `/listings?q=piscine&sort=newest`);
  assert.match(newest.body, /<link rel="canonical" href="[^"]*\/listings\?q=piscine&(amp;)?sort=newest"/);
  // Without keywords relevance is the newest first, and the address is the plain one.
  const plain = await page(t, `/listings?city=${encodeURIComponent(city)}&sort=relevance`);
  assert.deepEqual(names(listedIds(plain.body)), ['contact', 'quiet', 'poolInText', 'poolInTitle', 'bright']);
  assert.match(plain.body, /<link rel="canonical" href="[^"]*\/listings\?city=[^"&]*"/);
});

test(`[${databaseKind}] keywords combine with the filters`, async () => {
  assert.deepEqual(await find('parquet', '&transaction=rental'), ['quiet']);
  assert.deepEqual(await find('parquet', '&priceMin=200000'), ['bright']);
  assert.deepEqual(await find('chambres', '&category=house&priceMax=500000'), ['poolInText']);
  assert.deepEqual(await find('chambres', '&category=apartment'), []);
});

test(`[${databaseKind}] the masked text is searched, never the contact details nor the street address`, async () => {
  assert.deepEqual(await find('poutres apparentes'), ['contact'], 'the description is searched');
  for (const q of [
    '06 47 21 93 58',
    '0647219358',
    '47 21 93',
    '+33647219358',
    'jean.dupont@exemple-agence.fr',
    'dupont',
    'exemple-agence',
    'Glycines',
  ]) {
    assert.deepEqual(await find(q), [], `${q} finds nothing`);
    // Nor anywhere on the site.
    const everywhere = await page(t, `/listings?q=${encodeURIComponent(q)}`);
    assert.ok(!listedIds(everywhere.body).includes(ids.contact!), `${q} does not find the listing`);
  }
  // The masking text is no keyword either: every listing that had contact details holds it.
  assert.deepEqual(await find('coordonnées masquées messagerie'), []);
});

test(`[${databaseKind}] pages of 20 by relevance, each matching listing on exactly one page`, async () => {
  const pagedCity = uniqueCity('Pagemots');
  const pushed = await t.call('POST', '/ingest/ingestListings', agency.live, {
    listings: Array.from({ length: 25 }, (_, i) => ({
      externalId: `WORDS-PAGE-${i}`,
      title: i % 5 === 0 ? `Appartement avec terrasse ${i}` : `Appartement ${i}`,
      description: `Séjour double, terrasse de ${10 + i} m² plein sud, cuisine ouverte.`,
      transaction: 'VENTE',
      type: 'APPARTEMENT',
      price: 100000 + i * 9000,
      surface: 30 + i * 3,
      rooms: 2,
      city: pagedCity,
      postcode: '97120',
      dpe: 'C',
    })),
  });
  assert.equal(pushed.json().created, 25, pushed.body);
  for (const result of pushed.json().results) await approve(t, result.serviceId);
  await catchUpKeywords(t, agency.agencyId);
  const first = await page(t, `/listings?q=terrasses&city=${encodeURIComponent(pagedCity)}`);
  assert.match(first.body, /25 annonces/);
  assert.match(first.body, /href="\/listings\?q=terrasses&(amp;)?city=[^"]*&(amp;)?page=2"/, 'pages keep the keywords');
  const seen: string[] = [];
  for (const n of [1, 2]) {
    const response = await page(t, `/listings?q=terrasses&city=${encodeURIComponent(pagedCity)}&page=${n}`);
    assert.equal(response.statusCode, 200);
    seen.push(...listedIds(response.body));
  }
  assert.equal(seen.length, 25);
  assert.equal(new Set(seen).size, 25);
  // The five with the word in their title come first.
  const titled = new Set(
    pushed
      .json()
      .results.filter((_: unknown, i: number) => i % 5 === 0)
      .map((r: { serviceId: string }) => r.serviceId),
  );
  assert.deepEqual(new Set(seen.slice(0, 5)), titled);
});

test(`[${databaseKind}] a changed listing is found by its new words; one that leaves the site at once`, async () => {
  await setUp();
  const id = await publicListing(t, agency.live, 'WORDS-change', { city, title: 'Loft industriel', description: 'Verrière et briques.' });
  ids.change = id;
  await catchUpKeywords(t, agency.agencyId);
  assert.deepEqual(await find('verrière'), ['change']);
  const edited = await t.call('PUT', `/v1/listings/${id}`, agency.live, { description: 'Mezzanine et briques.' });
  assert.equal(edited.statusCode, 200, edited.body);
  await approve(t, id);
  await catchUpKeywords(t, agency.agencyId);
  assert.deepEqual(await find('verrière'), []);
  assert.deepEqual(await find('mezzanine'), ['change']);
  // Withdrawn: gone from the results before the index hears of it.
  const withdrawn = await t.call('PATCH', `/v1/listings/${id}/status`, agency.live, { status: 'withdrawn' });
  assert.equal(withdrawn.statusCode, 200, withdrawn.body);
  assert.deepEqual(await find('mezzanine'), []);
  // Nor counted: the index lost its row in the withdrawal's transaction.
  const counted = await page(t, `/listings?city=${encodeURIComponent(city)}&q=mezzanine`);
  assert.match(counted.body, /Aucune annonce ne correspond/);
});

test(`[${databaseKind}] bad keywords: the page with a French message, never a 500`, async () => {
  await setUp();
  const cases: Array<[string, RegExp]> = [
    [`q=${'appartement+'.repeat(900)}`, /Les mots-clés doivent compter au plus 200 caractères/],
    ['q=!!!+%3F%3F+...', /Les mots-clés doivent contenir au moins un mot/],
    ['q=%00piscine', /caractères invalides/],
  ];
  for (const [query, message] of cases) {
    const label = query.slice(0, 40);
    const response = await page(t, `/listings?${query}&city=${encodeURIComponent(city)}`);
    assert.equal(response.statusCode, 400, label);
    assert.match(response.body, message, label);
    assert.match(response.body, /id="f-q"[^>]*aria-invalid="true"/, `${label}: the field is marked`);
    // The search runs without the keywords.
    assert.equal(listedIds(response.body).length, Object.keys(LISTINGS).length, label);
  }
  const long = await page(t, `/listings?q=${'a'.repeat(10_000)}`);
  assert.equal(long.statusCode, 400);
  assert.ok(long.body.includes(`value="${'a'.repeat(200)}"`) && !long.body.includes('a'.repeat(201)), 'the field shows 200 characters');
  // Text-search operators and quotes are plain text: the words around them are searched.
  for (const q of [
    'piscine & !jardin',
    'piscine | studio',
    'piscine <-> chauffée',
    'pisc:*',
    '"piscine chauffée"',
    "'piscine'",
    'piscine\\',
    '(piscine',
  ]) {
    const response = await page(t, `/listings?city=${encodeURIComponent(city)}&q=${encodeURIComponent(q)}`);
    assert.equal(response.statusCode, 200, q);
  }
  assert.deepEqual(await find('piscine & !jardin'), ['poolInTitle', 'poolInText'], '"!jardin" is the word jardin, which both hold');
  assert.deepEqual(await find('piscine | studio'), [], '"|" is no "or"');
  assert.deepEqual(await find('"piscine chauffée"'), ['poolInText']);
  // What was typed comes back as text.
  const typed = await page(t, `/listings?q=${encodeURIComponent('<b>piscine</b>')}&city=${encodeURIComponent(city)}`);
  assert.equal(typed.statusCode, 200);
  assert.ok(typed.body.includes('&lt;b>piscine&lt;/b>'));
  assert.ok(!typed.body.replace(/="[^"]*"/g, '').includes('<b>piscine'));
});

test(`[${databaseKind}] the home page and the results page have a "Mots-clés" field`, async () => {
  const home = await page(t, '/');
  assert.match(home.body, /<label for="f-q">Mots-clés<\/label>/);
  assert.match(home.body, /<input id="f-q" name="q" type="text" value=""[^>]*maxlength="200"/);
  const results = await page(t, `/listings?q=${encodeURIComponent('  parquet   ancien ')}`);
  assert.match(results.body, /<input id="f-q" name="q" type="text" value="parquet {3}ancien"/);
  assert.match(results.body, /<h1>Annonces immobilières «\u00a0parquet ancien\u00a0»<\/h1>/);
});
