import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import type { Queryable, QueryResult } from '../../../src/platform/db/database.js';
import { readRelaySet } from '../../../src/domain/relay/relay-set.js';
import { relaySetAsPasserelle } from '../../../src/domain/poliris/relay-passerelle.js';
import type { RelayedListing } from '../../../src/domain/relay/relay-feed.js';
import type { PublicListingRow } from '../../../src/domain/public-listings/projection.js';
import { useTestApp } from '../../helpers/app.js';
import { v1Body } from '../../helpers/v1.js';
import { storedSample } from '../../helpers/listings.js';

/** The whole relayed set, read in keyset pages (the passerelle ZIP's source): who is in it, as what, and when the reads stop. */
const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

async function write(externalId: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await t.call('POST', '/v1/listings', agency.live, v1Body(externalId, { shareWithRelay: true, ...overrides }));
  assert.ok([200, 201].includes(response.statusCode), response.body);
  return response.json().serviceId;
}

/** A Queryable that counts the statements it runs. */
function counting(db: Queryable): { db: Queryable; statements: () => number } {
  let statements = 0;
  return {
    db: {
      query: (sql, params) => {
        statements++;
        return db.query(sql, params);
      },
      jsonArray: (texts) => db.jsonArray(texts),
      jsonArrayBuilder: (bytes) => db.jsonArrayBuilder(bytes),
    },
    statements: () => statements,
  };
}

test('the relayed set is each public listing shared with the relay, once, by id, as the public sees it', async () => {
  const shared = [
    await write('SET-1', {
      description: 'Très calme. Appelez le 06 12 34 56 78 ou jean.dupont@exemple-immo.fr.',
      neighborhood: 'Près du métro, tél. 06 12 34 56 78',
    }),
    await write('SET-2'),
    await write('SET-3'),
    await write('SET-4'),
  ];
  const unshared = await write('SET-private', { shareWithRelay: false });
  const deleted = await write('SET-deleted');
  const sold = await write('SET-sold');
  assert.equal((await t.call('DELETE', `/v1/listings/${deleted}`, agency.live)).statusCode, 200);
  assert.equal((await t.call('PATCH', `/v1/listings/${sold}/status`, agency.live, { status: 'sold' })).statusCode, 200);

  const read: RelayedListing[] = [];
  for await (const listing of readRelaySet(t.db, 3)) read.push(listing);
  const ids = read.map((listing) => listing.serviceId);
  assert.equal(new Set(ids).size, ids.length, 'none twice');
  const { rows } = await t.db.query<{ id: string }>(
    'SELECT id FROM public_listings WHERE agency_id = $1 AND share_with_relay ORDER BY id',
    [agency.agencyId],
  );
  const ours = read.filter((listing) => listing.agencyId === agency.agencyId);
  assert.deepEqual(
    ours.map((listing) => listing.serviceId),
    rows.map((row) => row.id),
    'exactly the public relayed listings, in id order',
  );
  assert.deepEqual(new Set(ours.map((listing) => listing.serviceId)), new Set(shared));
  for (const absent of [unshared, deleted, sold]) assert.ok(!ids.includes(absent), 'unshared, deleted and sold listings are not relayed');

  const first = ours.find((listing) => listing.serviceId === shared[0])!;
  assert.equal((first.content as { addressLine?: unknown }).addressLine, undefined, 'never the address');
  assert.doesNotMatch(JSON.stringify(first), /06 12 34 56 78|jean\.dupont|rue Garibaldi/, 'contact details masked everywhere');
  assert.match(first.description!, /coordonnées masquées/);
  assert.equal(first.content.city, 'Lyon');
});

test('ending the read early stops the statements: a client gone costs at most the page under way', async () => {
  for (let i = 0; i < 5; i++) await write(`STOP-${i}`);
  const { db, statements } = counting(t.db);
  let taken = 0;
  for await (const listing of readRelaySet(db, 2)) {
    void listing;
    if (++taken === 3) break;
  }
  assert.equal(statements(), 2, 'two pages of two for three listings, then nothing');
  const all = counting(t.db);
  let count = 0;
  for await (const listing of readRelaySet(all.db, 2)) count += listing ? 1 : 0;
  assert.equal(all.statements(), Math.floor(count / 2) + 1, 'read to the end: a page per two listings, and the short last one');
});

test('the passerelle of the relayed set reads a page only as the ZIP is read, and stops when its reader goes', async () => {
  // A set without end: every statement answers a full page of public rows.
  const { addressLine: _address, title, description, ...content } = storedSample;
  let statements = 0;
  const endless: Queryable = {
    query: async <Row>(_sql: unknown, params?: readonly unknown[]) => {
      statements++;
      const [, limit] = params as [string, number];
      const rows: PublicListingRow[] = Array.from({ length: limit }, (_, i) => ({
        id: `lst_${String(statements).padStart(6, '0')}${String(i).padStart(4, '0')}`,
        agency_id: 'agc_endless',
        agency_name: 'Agence sans fin',
        version: 1,
        status: 'active',
        title: `${title} ${statements}-${i}`,
        // Text that does not compress away, as real descriptions do not.
        description: `${description} ${randomBytes(300).toString('base64')}`,
        content,
        first_published_at: new Date(),
        updated_at: new Date(),
      }));
      return { rows, rowCount: rows.length } as unknown as QueryResult<Row>;
    },
    jsonArray: () => {
      throw new Error('not a write');
    },
    jsonArrayBuilder: () => {
      throw new Error('not a write');
    },
  };
  // Until no statement comes for a while: deflate runs off the main thread, so a few ticks are not enough.
  const settle = async () => {
    for (let quiet = 0, seen = -1; quiet < 4;) {
      await delay(50);
      quiet = statements === seen ? quiet + 1 : 0;
      seen = statements;
    }
  };
  const zip = relaySetAsPasserelle(endless);
  await settle();
  const unread = statements;
  assert.ok(unread < 20, `with nothing read, the reads wait once the buffers are full (${unread} pages)`);
  while (statements < unread + 3) {
    if (zip.read() === null) await new Promise((resolve) => zip.once('readable', resolve));
  }
  zip.destroy();
  const atDestroy = statements;
  await settle();
  assert.ok(statements - atDestroy <= 1, `no page after the one under way (${atDestroy} then ${statements})`);
});
