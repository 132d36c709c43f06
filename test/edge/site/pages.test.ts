import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { contact, listedIds, page, publicListing, uniqueCity } from '../../helpers/site.js';
import { STYLESHEET_PATH } from '../../../src/edge/html/stylesheet.js';
import { COMBOBOX_SCRIPT_PATH } from '../../../src/edge/site/commune-combobox.js';

/** docs/decisions.md §8, §12: what the pages show (and never show), SEO, the stylesheet. */
// A clock some years ahead: this file's listings are the newest on a database other files share.
const ahead = 5 * 365 * 86_400_000;
const { t, agency } = useTestApp({ agency: { plan: 'reseau', name: 'Agence des Tilleuls' }, now: () => new Date(Date.now() + ahead) });

const PRIVATE = {
  addressLine: '27 rue Secrète des Lilas',
  phone: '06 98 76 54 32',
  email: 'vendeur.prive@agence-tilleuls.fr',
};

test(`[${databaseKind}] no page of a listing shows its street address, or a phone number or e-mail address the agency wrote`, async () => {
  const city = uniqueCity('Privéville');
  const serviceId = await publicListing(t, agency.live, 'PRIV-1', {
    city,
    title: `T3 lumineux, appelez le ${PRIVATE.phone}`,
    addressLine: PRIVATE.addressLine,
    description: `Très bel appartement. Contact : ${PRIVATE.phone} ou ${PRIVATE.email}. DPE : C.`,
    neighborhood: `Quartier calme (tél. ${PRIVATE.phone})`,
    features: ['balcon', `écrire à ${PRIVATE.email}`],
    photos: [{ url: 'https://images.example.com/1.jpg', label: `Séjour – ${PRIVATE.phone}`, order: 0 }],
  });
  const pages = [
    await page(t, `/listings/${serviceId}`),
    await page(t, '/'),
    await page(t, `/listings?city=${encodeURIComponent(city)}`),
    await page(t, '/listings'),
    await contact(t, serviceId, { name: '', email: '', message: '' }, '203.0.113.9'),
    await contact(t, serviceId, { name: 'A', email: 'a@example.org', message: 'Bonjour' }, '203.0.113.9'),
    await page(t, '/sitemap.xml'),
  ];
  for (const file of (pages[6]!.body.match(/<loc>[^<]+<\/loc>/g) ?? []).map((loc) => new URL(loc.slice(5, -6)).pathname))
    pages.push(await page(t, file));
  const digits = PRIVATE.phone.replace(/\s/g, '');
  for (const response of pages) {
    const where = `${response.raw.req.url} (${response.statusCode})`;
    assert.ok([200, 400].includes(response.statusCode), where);
    const text = response.body.replace(/&#39;|&#34;/g, "'");
    assert.ok(!text.includes('Secrète'), `${where}: the street address`);
    assert.ok(!text.includes(PRIVATE.phone) && !text.replace(/[\s.\u00a0]/g, '').includes(digits), `${where}: the phone number`);
    assert.ok(!text.includes(PRIVATE.email) && !text.includes('agence-tilleuls.fr'), `${where}: the e-mail address`);
  }
  assert.match(pages[0]!.body, /coordonnées masquées/, 'the masking text stands where the details were');
});

test(`[${databaseKind}] a listing page shows what §12 lists: price as the law wants it, facts, photos, DPE and GES scales, the agency`, async () => {
  const sale = await publicListing(t, agency.live, 'PAGE-SALE', {
    title: 'Maison familiale avec jardin',
    category: 'house',
    price: 412000,
    surface: 120,
    rooms: 5,
    bedrooms: 3,
    floor: null,
    neighborhood: 'Les Brotteaux',
    dpe: 'F',
    ges: 'E',
    features: ['jardin', 'garage'],
    fees: { agencyFees: 12000, feesPaidBy: 'buyer', feeIncluded: true },
    photos: [
      { url: 'https://images.example.com/m1.jpg', label: 'Façade', order: 0 },
      { url: 'https://images.example.com/m2.jpg', label: null, order: 1 },
    ],
  });
  const body = (await page(t, `/listings/${sale}`)).body;
  assert.match(body, /<h1>Maison familiale avec jardin<\/h1>/);
  assert.match(body, /412\u202f000\u00a0€ honoraires inclus/);
  assert.match(body, /dont 3\u00a0% TTC d’honoraires à la charge de l’acquéreur, soit 12\u202f000\u00a0€/);
  assert.match(body, /Prix hors honoraires : 400\u202f000\u00a0€/);
  for (const fact of ['120\u00a0m²', '<dt>Pièces</dt><dd>5</dd>', '<dt>Chambres</dt><dd>3</dd>', 'Les Brotteaux', 'jardin', 'garage'])
    assert.ok(body.includes(fact), fact);
  assert.ok(!body.includes('<dt>Étage</dt>'), 'no floor for a house');
  assert.match(body, /Logement à consommation énergétique excessive/);
  assert.match(body, /<figure class="energy dpe">.*classe F.*<li aria-current="true" data-label="classe F"><span class="bar F">F<\/span>/s);
  assert.match(body, /<figure class="energy ges">.*classe E/s);
  assert.match(body, /<img src="https:\/\/images.example.com\/m1.jpg" alt="Façade" loading="eager"[^>]*referrerpolicy="no-referrer"/);
  assert.match(
    body,
    /<img src="https:\/\/images.example.com\/m2.jpg" alt="Photo 2 de l’annonce" loading="lazy"[^>]*referrerpolicy="no-referrer"/,
  );
  assert.match(body, /Annonce publiée par <strong>Agence des Tilleuls<\/strong>/);
  assert.match(body, /<form method="post" action="\/listings\/lst_\w+\/contact"/);

  const rental = await publicListing(t, agency.live, 'PAGE-RENT', {
    type: 'rental',
    price: 850,
    charges: 45,
    surface: 40,
    rooms: 2,
    bedrooms: 1,
    floor: 0,
    dpe: 'C',
    ges: 'B',
    fees: { agencyFees: 480, feesPaidBy: 'tenant', feeIncluded: null },
  });
  const rentBody = (await page(t, `/listings/${rental}`)).body;
  assert.match(rentBody, /895\u00a0€ par mois charges comprises/);
  assert.match(rentBody, /dont 45\u00a0€ de charges/);
  assert.match(rentBody, /Loyer hors charges : 850\u00a0€/);
  assert.match(rentBody, /Honoraires à la charge du locataire : 480\u00a0€ TTC/);
  assert.match(rentBody, /Rez-de-chaussée/);
  assert.ok(!rentBody.includes('consommation énergétique excessive'), 'class C carries no such mention');

  const seller = await publicListing(t, agency.live, 'PAGE-SELLER', {
    price: 250000,
    surface: 55,
    fees: { agencyFees: 9000, feesPaidBy: 'seller', feeIncluded: false },
  });
  assert.match((await page(t, `/listings/${seller}`)).body, /Honoraires à la charge du vendeur/);
});

test(`[${databaseKind}] canonical URL, Open Graph and schema.org JSON-LD on a listing page; the home page has its search form and the latest listings`, async () => {
  const serviceId = await publicListing(t, agency.live, 'SEO-1', {
    title: 'Loft </script><script>alert(1)</script>',
    category: 'loft',
    surface: 150,
    price: 690000,
  });
  const body = (await page(t, `/listings/${serviceId}`)).body;
  const url = `${t.config.siteUrl}/listings/${serviceId}`;
  assert.ok(body.includes(`<link rel="canonical" href="${url}"/>`));
  assert.ok(body.includes(`<meta property="og:url" content="${url}"/>`));
  // In a quoted attribute only the quote and & need escaping: "<" is text there.
  assert.ok(body.includes('<meta property="og:title" content="Loft </script><script>alert(1)</script>"/>'));
  assert.match(body, /<meta property="og:image" content="https:\/\/images.example.com\/1.jpg"\/>/);
  const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(body)?.[1];
  assert.ok(json, 'one JSON-LD block, not closed early by the title');
  const data = JSON.parse(json);
  assert.equal(data['@type'], 'RealEstateListing');
  assert.equal(data.url, url);
  assert.equal(data.name, 'Loft </script><script>alert(1)</script>');
  assert.equal(data.offers.priceCurrency, 'EUR');
  assert.match(data.about.address.postalCode, /^69\d{3}$/);
  assert.equal(data.about.address.streetAddress, undefined);
  assert.equal((body.replace(/="[^"]*"/g, '').match(/<script/g) ?? []).length, 1, 'no other script at all');

  const home = await page(t, '/');
  assert.equal(home.statusCode, 200);
  assert.match(home.body, /<html lang="fr">/);
  assert.match(home.body, /<form class="search" method="get" action="\/listings"/);
  for (const field of ['transaction', 'category', 'city', 'postcode', 'priceMax'])
    assert.match(home.body, new RegExp(`<label for="f-${field}">`), field);
  assert.ok(home.body.includes(`href="/listings/${serviceId}"`), 'the latest listing is on the home page');
  assert.ok(home.body.includes(`<link rel="canonical" href="${t.config.siteUrl}/"/>`));
  assert.equal(JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(home.body)![1]!)['@type'], 'WebSite');
});

test(`[${databaseKind}] sitemap index, listing sitemaps and robots.txt`, async () => {
  const serviceId = await publicListing(t, agency.live, 'MAP-1', { surface: 210, price: 990000 });
  const index = await page(t, '/sitemap.xml');
  assert.equal(index.statusCode, 200);
  assert.match(String(index.headers['content-type']), /^application\/xml/);
  assert.match(index.body, /<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  assert.ok(files.includes('/sitemaps/pages.xml') && files.includes('/sitemaps/listings-1.xml'), files.join());
  const first = await page(t, '/sitemaps/listings-1.xml');
  assert.ok(first.body.includes(`<loc>${t.config.siteUrl}/listings/${serviceId}</loc>`), 'the newest listing is in the first file');
  assert.match(first.body, /<lastmod>\d{4}-\d\d-\d\dT/);
  assert.equal((await page(t, `/sitemaps/listings-${files.length + 5}.xml`)).statusCode, 404);
  assert.equal((await page(t, '/sitemaps/other.xml')).statusCode, 404);
  const robots = await page(t, '/robots.txt');
  assert.match(String(robots.headers['content-type']), /^text\/plain/);
  assert.match(robots.body, /^User-agent: \*$/m);
  assert.match(robots.body, /^Disallow: \/admin$/m);
  assert.ok(robots.body.includes(`Sitemap: ${t.config.siteUrl}/sitemap.xml`));
});

test(`[${databaseKind}] one stylesheet, named by its content hash, cached for a year; pages load nothing else`, async () => {
  assert.match(STYLESHEET_PATH, /^\/assets\/site\.[0-9a-f]{12}\.css$/);
  const css = await page(t, STYLESHEET_PATH);
  assert.equal(css.statusCode, 200);
  assert.match(String(css.headers['content-type']), /^text\/css/);
  assert.equal(css.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.ok(css.body.length < 12_000, `small: ${css.body.length} bytes`);
  assert.equal((await page(t, '/assets/site.000000000000.css')).statusCode, 404);
  const home = (await page(t, '/')).body;
  assert.deepEqual(
    [...home.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]),
    [STYLESHEET_PATH],
  );
  // One script only: the city field's suggestions, an asset of the site's own named by its hash.
  assert.deepEqual(
    [...home.matchAll(/<script(?! type="application\/ld\+json")[^>]*>/g)].map((m) => m[0]),
    [`<script type="module" src="${COMBOBOX_SCRIPT_PATH}">`],
    'no other script',
  );
  // No CDN, no external font: every stylesheet, script, icon and preload is the site's own. (The
  // cards' photos are the agencies' own addresses: on a shared database, other files' listings.)
  const loaded = [...home.matchAll(/<(?:link|script)\b[^>]*\b(?:href|src)="([^"]*)"/g)].map((m) => m[1]!);
  assert.deepEqual(
    loaded.filter((url) => /^(https?:)?\/\//.test(url) && !url.startsWith(t.config.siteUrl)),
    [],
    'no CDN, no external font',
  );
  assert.doesNotMatch(css.body, /@import|@font-face|url\((?!["']?data:)/, 'the stylesheet loads nothing');
});

test(`[${databaseKind}] the page of a sold listing (410) suggests public listings of its city and transaction, and the search`, async () => {
  const city = uniqueCity('Vendueville');
  const sold = await publicListing(t, agency.live, 'GONE-SOLD', { city, type: 'sale', title: 'Maison vendue' });
  const other = await publicListing(t, agency.live, 'GONE-OTHER', {
    city,
    type: 'sale',
    title: 'Maison voisine',
    surface: 140,
    price: 610000,
  });
  await publicListing(t, agency.live, 'GONE-RENT', {
    city,
    type: 'rental',
    category: 'apartment',
    title: 'Location voisine',
    price: 900,
    fees: null,
  });
  assert.equal((await t.call('PATCH', `/v1/listings/${sold}/status`, agency.live, { status: 'sold' })).statusCode, 200);
  const gone = await page(t, `/listings/${sold}`);
  assert.equal(gone.statusCode, 410);
  assert.match(gone.body, /Cette annonce n’est plus en ligne/);
  assert.match(gone.body, /Annonces semblables/);
  assert.deepEqual(listedIds(gone.body), [other], 'the other sale of its city, not the rental, not itself');
  const search = /<a href="([^"]+)">Voir les (annonces immobilières [^<]+)<\/a>/.exec(gone.body);
  assert.ok(search, 'a link to the search');
  assert.equal(search[1]!.replace(/&amp;/g, '&'), `/listings?transaction=sale&city=${encodeURIComponent(city).replace(/%20/g, '+')}`);
  assert.match(search[2]!, new RegExp(`à vendre à ${city}`));
});

test(`[${databaseKind}] a search sent with the form's empty fields moves to the address of what was chosen, and nothing else`, async () => {
  const moved = await page(t, '/listings?q=studio&transaction=sale&category=&city=&postcode=&priceMin=&priceMax=&sort=newest');
  assert.equal(moved.statusCode, 303);
  assert.equal(moved.headers.location, '/listings?q=studio&transaction=sale&sort=newest');
  assert.equal((await page(t, moved.headers.location)).statusCode, 200, 'the clean address is the page itself, not a loop');
  assert.equal((await page(t, '/listings?q=&category=')).headers.location, '/listings');
  // A refused value is shown with its message on the page as sent, so that the visitor can correct it.
  const refused = await page(t, '/listings?priceMin=cher&category=');
  assert.equal(refused.statusCode, 400);
  assert.match(refused.body, /<title>Erreur : /);
});
