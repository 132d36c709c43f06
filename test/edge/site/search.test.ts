import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { approve, listedIds, page, uniqueCity } from '../../helpers/site.js';
import { v1Body } from '../../helpers/v1.js';

/** docs/decisions.md §12: every filter and sort of GET /listings, numbered pages, and bad query values. */
const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

const city = uniqueCity('Saint-Étienne-des-Tests');
const other = uniqueCity('Autreville');
const ids: Record<string, string> = {};
let postcode: string;

/** The listings of this file, by name: each differs in what one filter or sort looks at. */
const LISTINGS: Record<string, Record<string, unknown>> = {
  cheapFlat: { price: 150000, surface: 40, rooms: 2, bedrooms: 1, dpe: 'B', ges: 'A' },
  bigHouse: { category: 'house', price: 620000, surface: 180, rooms: 7, bedrooms: 4, dpe: 'D', ges: 'C' },
  midFlat: { price: 310000, surface: 75, rooms: 4, bedrooms: 3, dpe: 'E', ges: 'E' },
  rental: {
    type: 'rental',
    price: 900,
    charges: 60,
    surface: 50,
    rooms: 2,
    bedrooms: 1,
    dpe: 'C',
    ges: 'C',
    fees: { agencyFees: 600, feesPaidBy: 'tenant', feeIncluded: null },
  },
  annuity: {
    type: 'life_annuity_sale',
    category: 'house',
    price: 95000,
    surface: 110,
    rooms: 5,
    bedrooms: 3,
    dpe: 'F',
    ges: 'F',
    fees: null,
  },
};

/** The listings, created by the first test that needs them (after the app's own set-up). */
let created: Promise<void> | undefined;
const setUp = () => (created ??= createListings());
async function createListings() {
  // A postcode of this run: a department no other test file uses (97x overseas) and a random commune.
  postcode = `975${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
  for (const [name, overrides] of Object.entries(LISTINGS)) {
    const response = await t.call('POST', '/v1/listings', agency.live, v1Body(`SEARCH-${name}`, { city, postcode, ...overrides }));
    assert.equal(response.json().status, 'active', `${name} is approved by the rules: ${response.body}`);
    ids[name] = response.json().serviceId;
  }
  const elsewhere = await t.call(
    'POST',
    '/v1/listings',
    agency.live,
    v1Body('SEARCH-elsewhere', { city: other, postcode: '97400', price: 200000, surface: 60 }),
  );
  ids.elsewhere = elsewhere.json().serviceId;
}

const search = async (query: string) => {
  await setUp();
  const response = await page(t, `/listings?${query}`);
  assert.equal(response.statusCode, 200, `${query}: ${response.body.slice(0, 300)}`);
  return listedIds(response.body);
};
const names = (found: string[]) => found.map((id) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? id);
const inCity = (query = '') => search(`city=${encodeURIComponent(city)}${query}`);

test(`[${databaseKind}] each filter keeps exactly the listings it should`, async () => {
  assert.deepEqual(new Set(names(await inCity())), new Set(Object.keys(LISTINGS)));
  // The city matches whatever the case, accents, hyphens and spaces.
  const typed = city.toUpperCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/-/g, ' ');
  assert.deepEqual(new Set(names(await search(`city=${encodeURIComponent(`  ${typed} `)}`))), new Set(Object.keys(LISTINGS)));
  assert.deepEqual(names(await inCity('&transaction=rental')), ['rental']);
  assert.deepEqual(names(await inCity('&transaction=life_annuity_sale')), ['annuity']);
  assert.deepEqual(new Set(names(await inCity('&transaction=sale'))), new Set(['cheapFlat', 'bigHouse', 'midFlat']));
  assert.deepEqual(new Set(names(await inCity('&category=house'))), new Set(['bigHouse', 'annuity']));
  assert.deepEqual(
    new Set(names(await inCity('&priceMin=150000&priceMax=310000'))),
    new Set(['cheapFlat', 'midFlat']),
    'bounds are inclusive',
  );
  assert.deepEqual(new Set(names(await inCity('&priceMax=100+000'))), new Set(['rental', 'annuity']), 'a number typed with a space');
  assert.deepEqual(new Set(names(await inCity('&surfaceMin=75'))), new Set(['bigHouse', 'midFlat', 'annuity']));
  assert.deepEqual(new Set(names(await inCity('&roomsMin=5'))), new Set(['bigHouse', 'annuity']));
  assert.deepEqual(new Set(names(await inCity('&dpeMax=C'))), new Set(['cheapFlat', 'rental']));
  assert.deepEqual(new Set(names(await inCity('&dpeMax=d'))), new Set(['cheapFlat', 'rental', 'bigHouse']));
  assert.deepEqual(new Set(names(await search(`postcode=${postcode}`))), new Set(Object.keys(LISTINGS)), 'a whole postcode');
  const department = new Set(names(await search('postcode=975')));
  for (const name of Object.keys(LISTINGS)) assert.ok(department.has(name), `the department finds ${name}`);
  assert.ok(!department.has('elsewhere'));
  assert.deepEqual(names(await search(`city=${encodeURIComponent(other)}`)), ['elsewhere']);
  assert.deepEqual(await inCity('&transaction=rental&category=house'), [], 'filters combine');
});

test(`[${databaseKind}] sorts: newest first by default, by price both ways, largest first`, async () => {
  assert.deepEqual(names(await inCity()), ['annuity', 'rental', 'midFlat', 'bigHouse', 'cheapFlat']);
  assert.deepEqual(names(await inCity('&sort=price_asc')), ['rental', 'annuity', 'cheapFlat', 'midFlat', 'bigHouse']);
  assert.deepEqual(names(await inCity('&sort=price_desc')), ['bigHouse', 'midFlat', 'cheapFlat', 'annuity', 'rental']);
  assert.deepEqual(names(await inCity('&sort=surface_desc')), ['bigHouse', 'annuity', 'midFlat', 'rental', 'cheapFlat']);
});

test(`[${databaseKind}] numbered pages of 20, each listing on exactly one page`, async () => {
  const pagedCity = uniqueCity('Pageville');
  const pushed = await t.call('POST', '/ingest/ingestListings', agency.live, {
    listings: Array.from({ length: 45 }, (_, i) => ({
      externalId: `PAGE-${i}`,
      title: `Appartement ${i}`,
      transaction: 'VENTE',
      type: 'APPARTEMENT',
      price: 100000 + i * 9000,
      surface: 30 + i * 3,
      rooms: 2,
      city: pagedCity,
      postcode: '97600',
      dpe: 'C',
    })),
  });
  assert.equal(pushed.json().created, 45, pushed.body);
  // Some look like duplicates of each other to the rules: the operator lets them through.
  for (const result of pushed.json().results) await approve(t, result.serviceId);
  const first = await page(t, `/listings?city=${encodeURIComponent(pagedCity)}&sort=price_asc`);
  assert.match(first.body, /45 annonces/);
  assert.match(first.body, /<span aria-current="page">1<\/span>/);
  for (const n of [2, 3]) assert.ok(first.body.includes(`page=${n}"`), `a link to page ${n}`);
  const seen: string[] = [];
  for (const n of [1, 2, 3]) seen.push(...(await search(`city=${encodeURIComponent(pagedCity)}&sort=price_asc&page=${n}`)));
  assert.equal(seen.length, 45);
  assert.equal(new Set(seen).size, 45);
  const past = await page(t, `/listings?city=${encodeURIComponent(pagedCity)}&page=4`);
  assert.equal(past.statusCode, 404);
  assert.match(past.body, /Cette page de résultats n’existe pas/);
});

test(`[${databaseKind}] bad query values: the page, a French message per value, the search without it, never a 500`, async () => {
  const cases: Array<[string, RegExp]> = [
    ['sort=cheapest', /Choisissez un tri de la liste/],
    ['priceMin=-5', /Le prix minimum doit être un nombre entier/],
    ['priceMin=500000&priceMax=100000', /Le prix minimum dépasse le prix maximum/],
    [`city=${'x'.repeat(10_000)}`, /au plus 100 caractères/],
    ['transaction=buy', /Choisissez Acheter, Louer ou Viager/],
    ['category=castle', /type de bien de la liste/],
    ['postcode=6', /code postal à 5 chiffres/],
    ['dpeMax=H', /lettre de A à G/],
    ['page=0', /entre 1 et 50/],
    ['page=51', /entre 1 et 50/],
    ['roomsMin=1e9', /pièces minimum doit être/],
    ['surfaceMin=%00', /caractères invalides/],
  ];
  for (const [query, message] of cases) {
    const response = await page(t, `/listings?${query}`);
    assert.equal(response.statusCode, 400, query);
    assert.match(String(response.headers['content-type']), /^text\/html/, query);
    assert.match(response.body, message, query);
    if (!query.startsWith('page=')) assert.match(response.body, /aria-invalid="true"/, `${query}: the field is marked`);
    assert.match(response.body, /<meta name="robots" content="noindex, follow"/);
    if (!query.startsWith('page=') && !/city|category|transaction|postcode/.test(query))
      assert.match(response.body, /<title>Erreur : Annonces immobilières<\/title>/, `${query}: the tab says so, the site's name once`);
  }
  // The other filters still apply.
  await setUp();
  const kept = await page(t, `/listings?city=${encodeURIComponent(city)}&transaction=rental&sort=nope`);
  assert.deepEqual(names(listedIds(kept.body)), ['rental']);
  const escaped = await page(t, `/listings?city=${encodeURIComponent('<script>alert(1)</script>')}`);
  assert.equal(escaped.statusCode, 200);
  // Inside a quoted attribute "<" is text; everywhere else it must be escaped.
  assert.ok(!escaped.body.replace(/="[^"]*"/g, '').includes('<script>alert'), 'what was typed is shown as text');
  assert.ok(escaped.body.includes('&lt;script>alert(1)&lt;/script>'));
  // Repeated parameters keep their first value; unknown ones are ignored.
  assert.deepEqual(names(await search(`city=${encodeURIComponent(city)}&transaction=rental&transaction=sale&utm_source=x`)), ['rental']);
});
