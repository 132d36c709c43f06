import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createTestApp, useTestApp } from '../../helpers/app.js';
import { v1Body } from '../../helpers/v1.js';
import { zipEntries } from '../../helpers/zip-entries.js';
import { openPolirisFile } from '../../../src/domain/poliris/archive.js';
import { readPolirisLine } from '../../../src/domain/poliris/read-listing.js';
import type { RawLine } from '../../../src/domain/poliris/contract.js';
import { readRelaySet } from '../../../src/domain/relay/relay-set.js';
import type { RelayedListing } from '../../../src/domain/relay/relay-feed.js';
import { FACT_FIELDS } from '../../../src/domain/moderation/version-diff.js';

/**
 * GET /relay/v1/poliris.zip (docs/interfaces.md, "The partner relay"): the relayed set as a
 * passerelle file, public projection only, read back by the service's own passerelle reader.
 */
const RELAY_TOKEN = 'relay-token-0123456789abcdef';
const { t, agency } = useTestApp({ env: { RELAY_TOKEN }, agency: { plan: 'reseau' } });

const download = (token: string | null, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url: '/relay/v1/poliris.zip', headers: token ? { authorization: `Bearer ${token}` } : {} });

/** Every title of this file carries it: on PostgreSQL other files' relayed listings are in the ZIP too. */
const MARK = `ZIPT${randomBytes(4).toString('hex')}`;
const PHONE = '06 12 34 56 78';
const EMAIL = 'jean.dupont@exemple-immo.fr';

async function write(name: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const body = v1Body(`${MARK}-${name}`, { title: `${MARK} ${name}`, shareWithRelay: true, ...overrides });
  const response = await t.call('POST', '/v1/listings', agency.live, body);
  assert.ok([200, 201].includes(response.statusCode), response.body);
  return response.json().serviceId;
}

/** The agency's reference, as a passerelle import stores it in the content. */
async function giveReference(serviceId: string, reference: string) {
  await t.db.query(
    `UPDATE listings SET content = jsonb_set(content, '{reference}', to_jsonb($2::text)),
       published_content = CASE WHEN published_content IS NULL THEN NULL ELSE jsonb_set(published_content, '{reference}', to_jsonb($2::text)) END
     WHERE id = $1`,
    [serviceId, reference],
  );
}

let written: Promise<{ shared: string[]; absent: string[] }> | undefined;
/** This file's listings, written once: three relayed, three that are not (unshared, deleted, sold). */
const listings = () =>
  (written ??= (async () => {
    const shared = [
      await write('vente', {
        description: `Séjour « plein sud ».\nAppelez le ${PHONE} ou écrivez à ${EMAIL}.`,
        neighborhood: 'Part-Dieu, près du métro',
        photos: [
          { url: 'https://images.example.com/zip/1.jpg', label: 'Séjour', order: 0 },
          { url: 'https://images.example.com/zip/2.jpg', label: 'Cuisine équipée', order: 1 },
          { url: 'https://images.example.com/zip/3.jpg', label: null, order: 2 },
        ],
      }),
      await write('location', {
        type: 'rental',
        category: 'house',
        price: 1250,
        charges: 80,
        surface: 95,
        rooms: 4,
        bedrooms: 3,
        fees: null,
        dpe: 'D',
        ges: 'D',
      }),
      await write('third', { floor: 2 }),
    ];
    await giveReference(shared[0]!, 'VA-1234');
    const absent = [await write('private', { shareWithRelay: false }), await write('deleted'), await write('sold')];
    assert.equal((await t.call('DELETE', `/v1/listings/${absent[1]}`, agency.live)).statusCode, 200);
    assert.equal((await t.call('PATCH', `/v1/listings/${absent[2]}/status`, agency.live, { status: 'sold' })).statusCode, 200);
    return { shared, absent };
  })());

/** The ZIP's lines as the passerelle reader reads them, those of this file by their title. */
async function ourLines(bytes: Buffer): Promise<RawLine[]> {
  const opened = await openPolirisFile({ kind: 'zip', bytes });
  assert.ok(opened.ok, JSON.stringify(opened));
  assert.deepEqual(opened.value.warnings, []);
  const lines: RawLine[] = [];
  for await (const line of opened.value.lines()) {
    assert.ok('fields' in line, `every line reads: ${JSON.stringify(line)}`);
    if (line.fields.some((field) => field.includes(MARK))) lines.push(line);
  }
  return lines;
}

test('the passerelle ZIP needs RELAY_TOKEN, and is absent without one', async () => {
  assert.equal((await download(null)).statusCode, 401);
  assert.equal((await download('relay-token-wrong-0123456789')).statusCode, 401);
  const head = await download(RELAY_TOKEN, 'HEAD');
  assert.equal(head.statusCode, 405, 'HEAD would read the whole set for nothing');
  assert.equal(head.headers.allow, 'GET');
  const without = await createTestApp({ db: t.db });
  try {
    const response = await without.app.inject({
      method: 'GET',
      url: '/relay/v1/poliris.zip',
      headers: { authorization: `Bearer ${RELAY_TOKEN}` },
    });
    assert.equal(response.statusCode, 404);
  } finally {
    await without.close();
  }
});

test('a portal gets the public relayed set: masked texts, no address, no contact, mandate or owner field, nothing unshared or withdrawn', async () => {
  await listings();
  const response = await download(RELAY_TOKEN);
  assert.equal(response.statusCode, 200, response.body);
  assert.equal(response.headers['content-type'], 'application/zip');
  assert.match(String(response.headers['content-disposition']), /^attachment; filename="[\w-]+\.zip"$/);
  const entries = await zipEntries(response.rawPayload);
  assert.deepEqual([...entries.keys()], ['Annonces.csv', 'Config.txt', 'Photos.cfg']);
  assert.match(entries.get('Config.txt')!.toString('utf8'), /^Version=4\.\d+\r\nApplication=listing-sync \/ relais\r\nDevise=Euro\r\n$/);
  assert.equal(entries.get('Photos.cfg')!.toString('utf8'), 'Mode=URL\r\n');
  const text = entries.get('Annonces.csv')!.toString('utf8');
  // Every listing in the file is public: no address of any test file's, no contact detail.
  assert.doesNotMatch(text, /rue Garibaldi|06 12 34 56 78|jean\.dupont/);

  const lines = await ourLines(response.rawPayload);
  const titles = lines.map((line) => line.fields[19]).sort();
  assert.deepEqual(
    titles,
    [`${MARK} location`, `${MARK} third`, `${MARK} vente`],
    'the three relayed listings, not the unshared, deleted or sold ones',
  );
  for (const { fields } of lines) {
    assert.equal(fields[7], '', 'rank 8, the address, is empty');
    for (let rank = 105; rank <= 107; rank++) assert.equal(fields[rank - 1], '', `contact rank ${rank} is empty`);
    for (let rank = 112; rank <= 122; rank++) assert.equal(fields[rank - 1], '', `mandate or owner rank ${rank} is empty`);
  }
  const sale = lines.find((line) => line.fields[19] === `${MARK} vente`)!;
  assert.match(sale.fields[20]!, /Appelez le \[coordonnées masquées\]\.$/, 'one short mark for the sentence, as on the site');
});

/**
 * The facts both a relayed listing and a passerelle line hold (docs/poliris.md): those an operator
 * compares, less the address (never public), the features and the fees (the format spreads
 * them over ranks of its own shapes), and the agency's reference.
 */
const NOT_ROUND_TRIPPED = ['addressLine', 'features', 'fees'] as const;
type RoundTripped = Exclude<(typeof FACT_FIELDS)[number], (typeof NOT_ROUND_TRIPPED)[number]> | 'reference';
const CONTENT_BOTH_HOLD: RoundTripped[] = [
  ...FACT_FIELDS.filter(
    (field): field is Exclude<typeof field, (typeof NOT_ROUND_TRIPPED)[number]> =>
      !(NOT_ROUND_TRIPPED as readonly string[]).includes(field),
  ),
  'reference',
];

test('round trip: the ZIP read back by the passerelle reader gives the relayed listings again, on every field both hold', async () => {
  const { shared } = await listings();
  const relayed = new Map<string, RelayedListing>();
  for await (const listing of readRelaySet(t.db)) if (shared.includes(listing.serviceId)) relayed.set(listing.title, listing);
  assert.equal(relayed.size, 3);

  const response = await download(RELAY_TOKEN);
  assert.equal(response.statusCode, 200, response.body);
  const lines = await ourLines(response.rawPayload);
  assert.equal(lines.length, 3);
  for (const line of lines) {
    const mapped = readPolirisLine(line);
    assert.ok(mapped.ok, JSON.stringify(mapped));
    const { content } = mapped.draft;
    const listing = relayed.get(content.title);
    assert.ok(listing, `a relayed listing titled ${content.title}`);
    assert.equal(content.description, listing.description, 'the masked description, line breaks kept');
    assert.equal(content.addressLine ?? null, null);
    // A listing without a reference goes out under its serviceId: rank 2 is what portals show.
    const expected = { ...listing.content, reference: listing.content.reference ?? listing.serviceId };
    for (const field of CONTENT_BOTH_HOLD) assert.deepEqual(content[field] ?? null, expected[field] ?? null, `${content.title}: ${field}`);
    assert.deepEqual(
      content.photos.map((photo) => [photo.url, photo.label]),
      listing.content.photos.map((photo) => [photo.url, photo.label]),
      'photos by URL, with their titles, in order',
    );
  }
  assert.equal([...relayed.values()].find((listing) => listing.content.reference === 'VA-1234')?.title, `${MARK} vente`);
});
