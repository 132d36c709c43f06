import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useIsolatedTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { listedIds, page, publicListing } from '../../helpers/site.js';
import { findPublicListing } from '../../../src/domain/public-listings/find.js';
import { mailedListing } from '../../../src/domain/leads/conversation-mails.js';
import { listingsMail } from '../../../src/domain/alerts/alert-mails.js';
import type { PublicListing } from '../../../src/domain/public-listings/model.js';

/**
 * How the site names places (« Lyon 3e (69) ») and its pages of départements and communes
 * (docs/site-and-spaces.md, « Pages par lieu »), on a database of their own so that every count
 * is this file's.
 */
const { t, agency } = useIsolatedTestApp();

const ids: Record<string, string> = {};
/** A typed city no commune of its postcode bears: placed in its département only. */
const TYPED = 'Nulleville <b>&</b>';

let made: Promise<void> | undefined;
/** This file's listings, made by its first test (each test waits for them). */
const listingsMade = () => (made ??= makeListings());

async function makeListings(): Promise<void> {
  const listings: Array<[string, Record<string, unknown>]> = [
    ['lyon3-sale', { city: 'Lyon', postcode: '69003', surface: 60 }],
    ['lyon3-rent', { city: 'LYON', postcode: '69003', surface: 45, type: 'rental', price: 900, fees: null }],
    ['lyon7', { city: 'Lyon 7e', postcode: '69007', surface: 80 }],
    ['villeurbanne', { city: 'Villeurbanne', postcode: '69100', surface: 100 }],
    ['typed', { city: TYPED, postcode: '69100', surface: 70, title: 'Maison <script>alert(1)</script>' }],
    ['ajaccio', { city: 'Ajaccio', postcode: '20000', surface: 55 }],
    ['saint-denis', { city: 'St Denis', postcode: '97400', surface: 75, type: 'rental', price: 800, fees: null }],
  ];
  for (const [name, overrides] of listings) ids[name] = await publicListing(t, agency.live, `PLACE-${name}`, overrides);
}

const cardsOf = (html: string) => listedIds(html).map((id) => Object.keys(ids).find((name) => ids[name] === id));

test(`[${databaseKind}] cards, the listing page and the mails name the official place with its département; an unplaced listing keeps what was typed`, async () => {
  await listingsMade();
  const search = (await page(t, '/listings')).body;
  for (const label of ['Lyon 3e (69)', 'Lyon 7e (69)', 'Villeurbanne (69)', 'Ajaccio (2A)', 'Saint-Denis (974)'])
    assert.ok(search.includes(`<span>${label}</span>`), label);
  assert.ok(search.includes('<span>Nulleville &lt;b>&amp;&lt;/b> (69100)</span>'), 'the typed city and postcode, escaped');
  assert.ok(!search.includes('Lyon (69003)'), 'no longer the typed city');

  const listing = (await page(t, `/listings/${ids['lyon3-sale']}`)).body;
  assert.match(listing, /<dt>Ville<\/dt><dd>Lyon 3e \(69\)<\/dd><dt>Code postal<\/dt><dd>69003<\/dd>/);
  assert.match(listing, /<span>Vente · Appartement · 60\u00a0m² · 3\u00a0pièces · Lyon 3e \(69\)<\/span>/);
  assert.match(listing, /<meta name="description" content="Vente · Appartement · 60\u00a0m² · 3\u00a0pièces · Lyon 3e \(69\)\. /);
  assert.match(
    listing,
    /<a href="\/immobilier\/rhone-69">Rhône \(69\)<\/a> › <a href="\/immobilier\/lyon-69123">Lyon<\/a> › <a href="\/immobilier\/lyon-3e-69383">Lyon 3e<\/a>/,
  );
  assert.match(listing, /"addressLocality":"Lyon 3e","addressRegion":"Rhône","postalCode":"69003"/);
  const typed = (await page(t, `/listings/${ids.typed}`)).body;
  assert.match(typed, /<dt>Ville<\/dt><dd>Nulleville &lt;b>&amp;&lt;\/b><\/dd>/);
  assert.match(typed, /<a href="\/immobilier\/rhone-69">Rhône \(69\)<\/a> › <a href="\/listings\?transaction=sale&(amp;)?city=Nulleville/);

  const publicOf = async (name: string) => {
    const found = await findPublicListing(t.db, ids[name]!);
    assert.equal(found.kind, 'public');
    return (found as { listing: PublicListing }).listing;
  };
  const site = { siteUrl: 'https://annonces.example', mailFrom: 'Annonces <annonces@example.org>' };
  assert.equal(mailedListing(await publicOf('ajaccio'), site).where, 'Ajaccio (2A)');
  assert.equal(mailedListing(await publicOf('typed'), site).where, `${TYPED} (69100)`);
  const alert = { email: 'camille@example.org', label: 'Locations', path: '/listings?transaction=rental', frequency: 'immediate' as const };
  const mail = listingsMail(alert, [await publicOf('saint-denis'), await publicOf('lyon3-rent')], { manageToken: 'x'.repeat(43) }, site);
  assert.match(mail.text, /· Saint-Denis \(974\)\n/);
  assert.match(mail.text, /· Lyon 3e \(69\)\n/);
  assert.match(mail.html, /Saint-Denis \(974\)/);
});

test(`[${databaseKind}] a département's page: counts by transaction, newest listings, its communes with theirs, links to its search`, async () => {
  await listingsMade();
  const response = await page(t, '/immobilier/rhone-69');
  assert.equal(response.statusCode, 200);
  const body = response.body;
  assert.match(body, /<title>Immobilier dans le département du Rhône \(69\) : annonces à vendre et à louer \| /);
  assert.match(body, /<link rel="canonical" href="[^"]+\/immobilier\/rhone-69"\/>/);
  assert.match(body, /<h1>Immobilier dans le département du Rhône \(69\)<\/h1>/);
  assert.match(body, /<p class="count">4 annonces à vendre, 1 à louer<\/p>/);
  assert.deepEqual(cardsOf(body), ['typed', 'villeurbanne', 'lyon7', 'lyon3-rent', 'lyon3-sale'], 'newest first');
  assert.ok(body.includes('Maison &lt;script>alert(1)&lt;/script>') && !body.includes('<script>alert(1)'), 'the title escaped');
  assert.ok(body.includes('Nulleville &lt;b>&amp;&lt;/b> (69100)') && !body.includes('<b>'), 'the typed city escaped');
  assert.ok(body.includes('href="/listings?departement=69"'), 'the search of the département');
  assert.match(body, /href="\/listings\?departement=69&(amp;)?transaction=rental">1\u00a0annonce à louer<\/a>/);
  const communes = [...body.matchAll(/<li><a href="(\/immobilier\/[^"]+)">([^<]+)<\/a> <span class="muted">([^<]+)<\/span><\/li>/g)].map(
    (m) => `${m[1]} ${m[2]} ${m[3]}`,
  );
  assert.deepEqual(communes, [
    '/immobilier/lyon-69123 Lyon (69) 3\u00a0annonces',
    '/immobilier/lyon-3e-69383 Lyon 3e (69) 2\u00a0annonces',
    '/immobilier/lyon-7e-69387 Lyon 7e (69) 1\u00a0annonce',
    '/immobilier/villeurbanne-69266 Villeurbanne (69) 1\u00a0annonce',
  ]);
});

test(`[${databaseKind}] a commune's page, an arrondissement's and a city's: counts, newest listings, the places above and within`, async () => {
  await listingsMade();
  const arrondissement = (await page(t, '/immobilier/lyon-3e-69383')).body;
  assert.match(arrondissement, /<h1>Immobilier à Lyon 3e \(69\)<\/h1>/);
  assert.match(arrondissement, /<p class="count">1 annonce à vendre, 1 à louer<\/p>/);
  assert.deepEqual(cardsOf(arrondissement), ['lyon3-rent', 'lyon3-sale']);
  assert.match(
    arrondissement,
    /<a href="\/immobilier\/rhone-69">Rhône \(69\)<\/a> › <a href="\/immobilier\/lyon-69123">Lyon<\/a> › <span aria-current="page">Lyon 3e<\/span>/,
  );
  assert.ok(arrondissement.includes('href="/listings?commune=69383"'));

  const city = (await page(t, '/immobilier/lyon-69123')).body;
  assert.match(city, /<p class="count">2 annonces à vendre, 1 à louer<\/p>/);
  assert.deepEqual(cardsOf(city), ['lyon7', 'lyon3-rent', 'lyon3-sale'], 'its arrondissements’ listings');
  assert.match(city, /<h2 id="secteurs">Arrondissements<\/h2>/);
  assert.ok(city.indexOf('/immobilier/lyon-3e-69383') < city.indexOf('/immobilier/lyon-7e-69387'));

  for (const [path, count, name] of [
    ['/immobilier/ajaccio-2a004', '1 annonce à vendre', 'ajaccio'],
    ['/immobilier/saint-denis-97411', '1 annonce à louer', 'saint-denis'],
    ['/immobilier/corse-du-sud-2a', '1 annonce à vendre', 'ajaccio'],
    ['/immobilier/la-reunion-974', '1 annonce à louer', 'saint-denis'],
  ] as const) {
    const response = await page(t, path);
    assert.equal(response.statusCode, 200, path);
    assert.ok(response.body.includes(`<p class="count">${count}</p>`), path);
    assert.deepEqual(cardsOf(response.body), [name], path);
  }
});

test(`[${databaseKind}] other words for a known code are sent on (301); an unknown code is the French 404; a place without listings says so (404)`, async () => {
  await listingsMade();
  for (const [asked, right] of [
    ['/immobilier/69', '/immobilier/rhone-69'],
    ['/immobilier/RHONE-69', '/immobilier/rhone-69'],
    ['/immobilier/rh%C3%B4ne-69', '/immobilier/rhone-69'],
    ['/immobilier/lyon-69383', '/immobilier/lyon-3e-69383'],
    ['/immobilier/corse-2A', '/immobilier/corse-du-sud-2a'],
    ['/immobilier/2a004', '/immobilier/ajaccio-2a004'],
    ['/immobilier/Loz%C3%A8re-48?page=2', '/immobilier/lozere-48'],
  ]) {
    const response = await page(t, asked!);
    assert.equal(response.statusCode, 301, asked);
    assert.equal(response.headers.location, right, asked);
  }
  for (const unknown of [
    '/immobilier/20',
    '/immobilier/nulle-part-99',
    '/immobilier/x-00000',
    '/immobilier/lyon',
    '/immobilier/69-lyon',
    '/immobilier/2c',
  ]) {
    const response = await page(t, unknown);
    assert.equal(response.statusCode, 404, unknown);
    assert.match(response.body, /<h1>Page introuvable<\/h1>/, unknown);
  }
  const none = await page(t, '/immobilier/lozere-48');
  assert.equal(none.statusCode, 404);
  assert.match(none.body, /<h1>Aucune annonce en ligne : Lozère \(48\)<\/h1>/);
  assert.match(none.body, /<meta name="robots" content="noindex/);
  const commune = await page(t, '/immobilier/mende-48095');
  assert.equal(commune.statusCode, 404);
  assert.match(commune.body, /<h1>Aucune annonce en ligne : Mende \(48\)<\/h1>/);
  assert.ok(
    commune.body.includes('<a href="/immobilier/lozere-48">Immobilier dans le département de la Lozère (48)</a>'),
    'its département',
  );
});

test(`[${databaseKind}] the home page links the départements with the most listings, /immobilier all of them, the sitemap every place page`, async () => {
  await listingsMade();
  const placeLinks = (html: string) => [...html.matchAll(/<li><a href="(\/immobilier\/[^"]+)">/g)].map((m) => m[1]);
  const home = (await page(t, '/')).body;
  assert.match(home, /<h2 id="departements">Immobilier par département<\/h2>/);
  assert.deepEqual(
    placeLinks(home),
    ['/immobilier/rhone-69', '/immobilier/corse-du-sud-2a', '/immobilier/la-reunion-974'],
    'largest first',
  );
  assert.ok(home.includes('<a href="/immobilier">Tous les départements</a>'));

  const all = await page(t, '/immobilier');
  assert.equal(all.statusCode, 200);
  assert.deepEqual(
    placeLinks(all.body),
    ['/immobilier/corse-du-sud-2a', '/immobilier/rhone-69', '/immobilier/la-reunion-974'],
    'in code order',
  );

  const index = (await page(t, '/sitemap.xml')).body;
  assert.ok(index.includes('/sitemaps/places.xml</loc>'));
  const places = await page(t, '/sitemaps/places.xml');
  assert.equal(places.statusCode, 200);
  const locs = [...places.body.matchAll(/<loc>https?:\/\/[^/]+([^<]+)<\/loc>/g)].map((m) => m[1]).sort();
  assert.deepEqual(locs, [
    '/immobilier/ajaccio-2a004',
    '/immobilier/corse-du-sud-2a',
    '/immobilier/la-reunion-974',
    '/immobilier/lyon-3e-69383',
    '/immobilier/lyon-69123',
    '/immobilier/lyon-7e-69387',
    '/immobilier/rhone-69',
    '/immobilier/saint-denis-97411',
    '/immobilier/villeurbanne-69266',
  ]);
  for (const path of locs) assert.equal((await page(t, path!)).statusCode, 200, path);
  assert.match((await page(t, '/sitemaps/pages.xml')).body, /\/immobilier<\/loc>/);
});
