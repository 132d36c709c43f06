import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { catchUpRelay, relayFeed } from '../../helpers/relay.js';
import { catchUpKeywords, listedIds, page, publicListing, uniqueCity } from '../../helpers/site.js';

/**
 * docs/decisions.md §8, §12, §14: the public projection is the only thing the public reads, so a
 * phone number or an e-mail address an agency typed in any free-text field, and the street
 * address, reach neither the site's pages, nor the relay feed, nor the sitemap, and a keyword
 * search for them finds nothing (§18).
 */
const RELAY_TOKEN = 'relay-token-projection-0123456789';
const { t, agency } = useTestApp({ env: { RELAY_TOKEN }, agency: { plan: 'reseau' } });

const STREET = '27 rue Secrète des Lilas';
// One listing per field, each with its own phone number and e-mail address: a leak names its field.
const FIELDS = ['title', 'description', 'features', 'neighborhood', 'photoLabel'] as const;
type Field = (typeof FIELDS)[number];
const phone = (field: Field) => `06 12 34 56 7${FIELDS.indexOf(field)}`;
const email = (field: Field) => `${field.toLowerCase()}@agence-privee-${FIELDS.indexOf(field)}.fr`;

function overrides(field: Field, city: string): Record<string, unknown> {
  const details = `appelez le ${phone(field)} ou écrivez à ${email(field)}`;
  const listing: Record<string, unknown> = {
    city,
    addressLine: STREET,
    surface: 60 + FIELDS.indexOf(field) * 10,
    price: 300000 + FIELDS.indexOf(field) * 20000,
  };
  if (field === 'title') listing.title = `T3 lumineux, ${details}`;
  if (field === 'description') listing.description = `Appartement traversant, balcon. Pour visiter, ${details}. DPE : C.`;
  // A feature holds 50 characters: one detail each.
  if (field === 'features') listing.features = ['balcon', `tél. ${phone(field)}`, `mail ${email(field)}`];
  if (field === 'neighborhood') listing.neighborhood = `Croix-Rousse, ${details}`;
  // The first photo: the one a result card shows too.
  if (field === 'photoLabel') listing.photos = [{ url: 'https://images.example.com/1.jpg', label: `Séjour, ${details}`, order: 0 }];
  return listing;
}

/** What a reader sees of a response: entities decoded enough that an escaped leak still shows. */
const readable = (body: string) =>
  body
    .replace(/&#39;|&#34;|&quot;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&#64;|\\u0040/g, '@');

function assertNothingPrivate(where: string, body: string) {
  const text = readable(body);
  const squeezed = text.replace(/[\s.\u00a0-]/g, '');
  assert.ok(!text.includes('Secrète') && !text.includes('addressLine'), `${where}: the street address`);
  for (const field of FIELDS) {
    assert.ok(!squeezed.includes(phone(field).replace(/\s/g, '')), `${where}: the phone number written in ${field}`);
    assert.ok(
      !text.includes(email(field)) && !text.includes(`agence-privee-${FIELDS.indexOf(field)}`),
      `${where}: the e-mail address written in ${field}`,
    );
  }
}

test(`[${databaseKind}] contact details in any free-text field, and the street address, reach no page, no relay item, no sitemap`, async () => {
  const city = uniqueCity('Masqueville');
  const ids = new Map<Field, string>();
  for (const field of FIELDS)
    ids.set(field, await publicListing(t, agency.live, `MASK-${field}`, { shareWithRelay: true, ...overrides(field, city) }));
  const all = [...ids.values()];

  // The listing pages: each shows its listing, the masking text where the details were.
  for (const [field, id] of ids) {
    const shown = await page(t, `/listings/${id}`);
    assert.equal(shown.statusCode, 200, `${field}: ${shown.body.slice(0, 200)}`);
    assertNothingPrivate(`the page of the listing with details in ${field}`, shown.body);
    assert.match(readable(shown.body), /coordonnées masquées/, `${field}: the masking text stands where the details were`);
  }

  // The search results (and the home page): every one of them listed.
  const results = await page(t, `/listings?city=${encodeURIComponent(city)}`);
  assert.equal(results.statusCode, 200);
  assert.deepEqual(new Set(listedIds(results.body)), new Set(all), 'the search lists them all');
  assertNothingPrivate('the search results', results.body);
  assertNothingPrivate('the home page', (await page(t, '/')).body);

  // Keywords: the words of the public text find the listings, their contact details and street do not.
  await catchUpKeywords(t, agency.agencyId);
  const found = async (q: string) =>
    listedIds((await page(t, `/listings?city=${encodeURIComponent(city)}&q=${encodeURIComponent(q)}`)).body);
  assert.deepEqual(await found('pour visiter'), [ids.get('description')], 'the public description is searched');
  for (const field of FIELDS) {
    for (const q of [
      phone(field),
      phone(field).replace(/\s/g, ''),
      email(field),
      `agence-privee-${FIELDS.indexOf(field)}`,
      STREET,
      'Secrète',
    ])
      assert.deepEqual(await found(q), [], `a search for ${q} (written in ${field}) finds nothing`);
  }

  // The relay feed, from just before the first of them to the end.
  await catchUpRelay(t, agency);
  const { rows } = await t.db.query<{ first: string }>('SELECT min(seq)::text AS first FROM relay_feed WHERE listing_id = ANY($1)', [all]);
  let after = Number(rows[0]!.first) - 1;
  const relayed = new Set<string>();
  for (;;) {
    const response = await relayFeed(t, `?afterSeq=${after}&limit=2`, RELAY_TOKEN);
    assert.equal(response.statusCode, 200, response.body);
    assertNothingPrivate(`the relay feed after ${after}`, response.body);
    const feed: { listings: Array<{ seq: number; serviceId: string; tombstone: boolean }>; nextAfterSeq: number | null } = response.json();
    for (const item of feed.listings) if (!item.tombstone) relayed.add(item.serviceId);
    if (feed.nextAfterSeq === null) break;
    after = feed.nextAfterSeq;
  }
  assert.deepEqual(
    all.filter((id) => !relayed.has(id)),
    [],
    'the relay carries them all',
  );

  // The sitemap and each of its files: every one of them listed.
  const index = await page(t, '/sitemap.xml');
  assertNothingPrivate('the sitemap index', index.body);
  let listed = '';
  for (const file of (index.body.match(/<loc>[^<]+<\/loc>/g) ?? []).map((loc) => new URL(loc.slice(5, -6)).pathname)) {
    const sitemap = await page(t, file);
    assertNothingPrivate(file, sitemap.body);
    listed += sitemap.body;
  }
  for (const id of all) assert.ok(listed.includes(`/listings/${id}</loc>`), `the sitemap lists ${id}`);
});
