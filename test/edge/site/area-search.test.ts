import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useIsolatedTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { catchUpKeywords, listedIds, page, publicListing } from '../../helpers/site.js';
import { ORDER_BY, whereClause } from '../../../src/domain/public-listings/search.js';
import type { SearchFilters } from '../../../src/domain/public-listings/model.js';

/**
 * docs/geography.md: GET /listings by commune (an INSEE code, as the commune field's suggestions
 * give it), département and région, on the place each listing was given from its postcode and
 * city; with keywords too (the keyword index). A database of its own, so that every set is exact.
 */
const { t, agency } = useIsolatedTestApp();
const ids: Record<string, string> = {};

/** Real places, each written as agencies type them. */
const LISTINGS: Record<string, Record<string, unknown>> = {
  ajaccio: { city: 'AJACCIO', postcode: '20000', description: 'Terrasse panoramique sur le golfe.' },
  bastia: { city: 'Bastia', postcode: '20200', description: 'Terrasse panoramique sur le port.' },
  reunion: { city: 'St Denis', postcode: '97400', type: 'rental', price: 1200, fees: null },
  lyon3: { city: 'LYON', postcode: '69003', description: 'Terrasse panoramique sur la Part-Dieu.' },
  villeurbanne: { city: 'Villeurbanne', postcode: '69100', price: 250000 },
  paris11: { city: 'Paris 11e', postcode: '75011', price: 540000 },
  nowhere: { city: 'Nulle-Part', postcode: '99999' },
};

let created: Promise<void> | undefined;
const setUp = () => (created ??= createListings());
async function createListings() {
  for (const [name, overrides] of Object.entries(LISTINGS)) ids[name] = await publicListing(t, agency.live, `AREA-${name}`, overrides);
  await catchUpKeywords(t, agency.agencyId);
}
const names = (found: string[]) => found.map((id) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? id);
async function get(query: string) {
  await setUp();
  return page(t, `/listings?${query}`);
}
async function found(query: string): Promise<Set<string>> {
  const response = await get(query);
  assert.equal(response.statusCode, 200, `${query}: ${response.body.slice(0, 300)}`);
  return new Set(names(listedIds(response.body)));
}
const heading = (body: string) => /<h1>([^<]*)<\/h1>/.exec(body)?.[1];

test(`[${databaseKind}] a département, a région or a commune finds the listings placed there, Corsica and overseas included`, async () => {
  assert.deepEqual(await found('departement=69'), new Set(['lyon3', 'villeurbanne']));
  assert.deepEqual(await found('departement=2A'), new Set(['ajaccio']));
  assert.deepEqual(await found('departement=2B'), new Set(['bastia']));
  assert.deepEqual(await found('departement=974'), new Set(['reunion']));
  assert.deepEqual(await found('departement=75'), new Set(['paris11']));
  assert.deepEqual(await found('region=94'), new Set(['ajaccio', 'bastia']));
  assert.deepEqual(await found('region=84'), new Set(['lyon3', 'villeurbanne']));
  assert.deepEqual(await found('region=04&transaction=rental'), new Set(['reunion']));
  assert.deepEqual(await found('region=84&departement=2A'), new Set(), 'filters combine');
  // A city takes its arrondissements; the name typed beside a chosen commune is not a filter.
  assert.deepEqual(await found('commune=69123'), new Set(['lyon3']));
  assert.deepEqual(await found('commune=69383&city=Lyon+3e'), new Set(['lyon3']));
  assert.deepEqual(await found('commune=75056'), new Set(['paris11']));
  assert.deepEqual(await found('commune=69266&city=Villeurbanne'), new Set(['villeurbanne']));
  assert.deepEqual(await found('commune=13055'), new Set());
  // The postcode field keeps reading the postcode as typed: « 20 » is both of Corsica's.
  assert.deepEqual(await found('postcode=20'), new Set(['ajaccio', 'bastia']));
});

test(`[${databaseKind}] « 2a » is 2A under its canonical address; the heading names the area in French`, async () => {
  const lower = await get('departement=2a&transaction=sale');
  assert.equal(lower.statusCode, 200);
  assert.deepEqual(names(listedIds(lower.body)), ['ajaccio']);
  assert.match(lower.body, /<link rel="canonical" href="[^"]*\/listings\?transaction=sale&departement=2A"/);
  assert.equal(heading(lower.body), 'Annonces immobilières à vendre dans le département de la Corse-du-Sud (2A)');
  assert.equal(heading((await get('departement=69')).body), 'Annonces immobilières dans le département du Rhône (69)');
  assert.equal(heading((await get('departement=01')).body), 'Annonces immobilières dans le département de l’Ain (01)');
  assert.equal(heading((await get('departement=13')).body), 'Annonces immobilières dans le département des Bouches-du-Rhône (13)');
  assert.equal(heading((await get('departement=974')).body), 'Annonces immobilières dans le département de La Réunion (974)');
  assert.equal(heading((await get('region=84&category=house')).body), 'Maisons dans la région Auvergne-Rhône-Alpes');
  assert.equal(heading((await get('commune=69383&city=Lyon')).body), 'Annonces immobilières à Lyon 3e (69)');
  // The alert form carries the area in its hidden fields.
  assert.match((await get('departement=2a')).body, /<input type="hidden" name="departement" value="2A"\/?>/);
});

test(`[${databaseKind}] a département, région or commune that does not exist: a 400 page naming the field and its rule`, async () => {
  const cases: Array<[string, RegExp]> = [
    ['departement=20', /Le département doit être indiqué par son code officiel : 01 à 95, 2A ou 2B pour la Corse, 971 à 976 outre-mer/],
    ['departement=999', /Le département doit être indiqué par son code officiel/],
    ['departement=%3Cscript%3E', /Le département doit être indiqué par son code officiel/],
    ['departement=69%27%20OR%201%3D1', /Le département doit être indiqué par son code officiel/],
    ['region=99', /La région doit être indiquée par son code officiel/],
    ['commune=99999', /La commune choisie est inconnue/],
  ];
  for (const [query, message] of cases) {
    const response = await get(query);
    assert.equal(response.statusCode, 400, query);
    assert.match(response.body, message, query);
    assert.match(response.body, /<title>Erreur : /, query);
    assert.doesNotMatch(response.body, /<script>/, query);
    // The search runs without the refused value.
    assert.equal(listedIds(response.body).length, Object.keys(LISTINGS).length, query);
  }
});

test(`[${databaseKind}] keywords with a département, a région or a commune, by relevance and by date`, async () => {
  for (const sort of ['', '&sort=newest']) {
    assert.deepEqual(await found(`q=panoramique&departement=2A${sort}`), new Set(['ajaccio']));
    assert.deepEqual(await found(`q=panoramique&region=94${sort}`), new Set(['ajaccio', 'bastia']));
    assert.deepEqual(await found(`q=panoramique&commune=69123${sort}`), new Set(['lyon3']));
    assert.deepEqual(await found(`q=panoramique&departement=974${sort}`), new Set());
  }
});

/**
 * The plan of a search, sequential scans off, and sorts where an index gives the order; bitmap
 * scans off for a count, where on a few rows any partial index of the view's condition would do.
 */
async function plan(filters: SearchFilters, sort?: keyof typeof ORDER_BY): Promise<string> {
  const { sql, params } = whereClause(filters);
  return t.db.transaction(async (tx) => {
    for (const method of ['seqscan', sort ? 'sort' : 'bitmapscan']) await tx.query(`SET LOCAL enable_${method} = off`);
    const statement = sort
      ? `SELECT id FROM public_listings ${sql} ORDER BY ${ORDER_BY[sort]} LIMIT 20`
      : `SELECT count(*) FROM public_listings ${sql}`;
    const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement}`, params);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

test(`[${databaseKind}] each area can use its index on listings`, async () => {
  await setUp();
  await t.db.query('ANALYZE listings');
  const expectations: Array<[string, Promise<string>, string]> = [
    ['département', plan({ department: '69', transaction: 'sale' }, 'newest'), 'site_department'],
    ['département by price', plan({ department: '69', transaction: 'sale' }, 'price_asc'), 'site_department_price'],
    ['région', plan({ region: '84', transaction: 'sale' }, 'newest'), 'site_region'],
    ['commune', plan({ commune: '69383' }), 'site_commune'],
  ];
  for (const [what, planned, index] of expectations) {
    const text = await planned;
    assert.ok(text.includes(index), `${what} uses ${index}:\n${text}`);
  }
});

test(`[${databaseKind}] a search on a département or a région keeps it in the form as a ticked box, which unticked searches everywhere`, async () => {
  const page = await t.app.inject({ method: 'GET', url: '/listings?departement=2a&region=94' });
  assert.equal(page.statusCode, 200);
  assert.match(
    page.body,
    /<label class="check"><input type="checkbox" name="departement" value="2A" checked\/?><span>Seulement dans le département de la Corse-du-Sud \(2A\)<\/span><\/label>/,
  );
  assert.match(page.body, /<input type="checkbox" name="region" value="94" checked\/?>/);
  const plain = await t.app.inject({ method: 'GET', url: '/listings?departement=999' });
  assert.doesNotMatch(plain.body, /name="departement" value=/, 'an unknown code is not kept');
});

test(`[${databaseKind}] headings name a typed city as the State does: « bordeaux » is Bordeaux, « st etienne » Saint-Étienne`, async () => {
  const bordeaux = await t.app.inject({ method: 'GET', url: '/listings?transaction=sale&city=bordeaux' });
  assert.match(bordeaux.body, /<h1>[^<]*à vendre à Bordeaux/);
  assert.match(bordeaux.body, /<title>[^<]*à vendre à Bordeaux/);
  const saintEtienne = await t.app.inject({ method: 'GET', url: '/listings?city=st%20etienne' });
  assert.match(saintEtienne.body, /<h1>[^<]*à Saint-Étienne/);
  const unknown = await t.app.inject({ method: 'GET', url: '/listings?city=Partiville' });
  assert.match(unknown.body, /<h1>[^<]*à Partiville/);
});
