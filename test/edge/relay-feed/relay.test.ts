import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, useTestApp, type TestAgency } from '../../helpers/app.js';
import { v1Body } from '../../helpers/v1.js';
import { catchUpRelay, relayFeed } from '../../helpers/relay.js';

/** The partner relay's pull feed (docs/decisions.md §14): token, paging, tombstones, public projection only. */
const RELAY_TOKEN = 'relay-token-0123456789abcdef';
const { t, agency } = useTestApp({ env: { RELAY_TOKEN }, agency: { plan: 'reseau' } });

interface Item {
  seq: number;
  serviceId: string;
  tombstone: boolean;
  listing: { serviceId: string; title: string; status: string; content: Record<string, unknown> } | null;
}

const feed = (query: string, token: string | null = RELAY_TOKEN) => relayFeed(t, query, token);

/** What a partner holds after paging from `afterSeq` to the end, `limit` at a time. */
async function mirror(
  held: Map<string, Item>,
  afterSeq: number,
  limit: number,
): Promise<{ held: Map<string, Item>; lastSeq: number; pages: number }> {
  let after = afterSeq;
  let pages = 0;
  for (;;) {
    const response = await feed(`?afterSeq=${after}&limit=${limit}`);
    assert.equal(response.statusCode, 200, response.body);
    assert.ok(!/addressLine|rue Garibaldi/.test(response.body), 'never the street address');
    const page: { listings: Item[]; nextAfterSeq: number | null } = response.json();
    pages++;
    const seqs = page.listings.map((item) => item.seq);
    assert.deepEqual(
      seqs,
      [...seqs].sort((a, b) => a - b),
      'in change order',
    );
    for (const item of page.listings) {
      if (item.tombstone) held.delete(item.serviceId);
      else held.set(item.serviceId, item);
      after = item.seq;
    }
    if (page.nextAfterSeq === null) return { held, lastSeq: after, pages };
    assert.equal(page.nextAfterSeq, after);
  }
}

async function relaySet(owner: TestAgency): Promise<string[]> {
  const { rows } = await t.db.query<{ id: string }>(
    'SELECT id FROM public_listings WHERE agency_id = $1 AND share_with_relay ORDER BY id',
    [owner.agencyId],
  );
  return rows.map((row) => row.id);
}
const catchUp = (owner: TestAgency) => catchUpRelay(t, owner);
const ours = (held: Map<string, Item>, owner: TestAgency, ids: Set<string>) => [...held.keys()].filter((id) => ids.has(id)).sort();

test('the feed needs RELAY_TOKEN, and is absent without one', async () => {
  assert.equal((await feed('', null)).statusCode, 401);
  assert.equal((await feed('', 'relay-token-wrong-0123456789')).statusCode, 401);
  assert.equal((await feed('?limit=0')).statusCode, 400);
  assert.equal((await feed('?afterSeq=-1')).statusCode, 400);
  assert.equal((await feed('?colour=red')).statusCode, 400);
  const without = await createTestApp({ db: t.db });
  try {
    assert.equal(
      (await without.app.inject({ method: 'GET', url: '/relay/v1/listings', headers: { authorization: `Bearer ${RELAY_TOKEN}` } }))
        .statusCode,
      404,
    );
  } finally {
    await without.close();
  }
});

test('a partner paging from 0 to the end holds exactly the public relay set, then follows changes with tombstones', async () => {
  const created = new Set<string>();
  const write = async (externalId: string, overrides: Record<string, unknown> = {}) => {
    const response = await t.call('POST', '/v1/listings', agency.live, v1Body(externalId, overrides));
    assert.ok([200, 201].includes(response.statusCode), response.body);
    created.add(response.json().serviceId);
    return response.json().serviceId as string;
  };
  const shared = [];
  for (let i = 0; i < 7; i++) shared.push(await write(`REL-${i}`, { shareWithRelay: true }));
  await write('REL-private', { shareWithRelay: false });
  const refused = await write('REL-refused', {
    shareWithRelay: true,
    type: 'rental',
    price: 950,
    charges: 80,
    surface: 45,
    rooms: 2,
    bedrooms: 1,
    fees: null,
    dpe: 'G',
    ges: 'G',
  });
  await catchUp(agency);

  const first = await mirror(new Map(), 0, 3);
  assert.ok(first.pages >= 3, 'several pages');
  let { held, lastSeq } = first;
  assert.deepEqual(ours(held, agency, created), await relaySet(agency));
  assert.equal(ours(held, agency, created).length, 7, 'the listing not shared with the relay is not relayed');
  assert.ok(!held.has(refused), 'a refused listing is not relayed');
  const item = held.get(shared[0]!)!;
  assert.equal(item.listing!.content.addressLine, undefined);
  assert.equal(item.listing!.content.city, 'Lyon');

  // Changes: a deletion, a sale, a price change; each listing comes once more, at its latest state.
  assert.equal((await t.call('DELETE', `/v1/listings/${shared[0]}`, agency.live)).statusCode, 200);
  assert.equal((await t.call('PATCH', `/v1/listings/${shared[1]}/status`, agency.live, { status: 'sold' })).statusCode, 200);
  assert.equal(
    (await t.call('PUT', `/v1/listings/${shared[2]}`, agency.live, v1Body('REL-2', { price: 299000, shareWithRelay: true }))).statusCode,
    200,
  );
  await catchUp(agency);
  const next = await mirror(held, lastSeq, 2);
  const changes = (await feed(`?afterSeq=${lastSeq}&limit=500`)).json().listings as Item[];
  const mine = changes.filter((c) => created.has(c.serviceId));
  assert.deepEqual(
    mine.map((c) => [c.serviceId, c.tombstone]).sort(),
    [
      [shared[0], true],
      [shared[1], true],
      [shared[2], false],
    ].sort(),
  );
  assert.equal(next.held.get(shared[2]!)!.listing!.content.price, 299000);
  ({ held, lastSeq } = next);
  assert.deepEqual(ours(held, agency, created), await relaySet(agency));

  // A suspended agency's listings leave the partner's copy, and come back when it is reinstated.
  assert.equal((await t.admin('POST', `/agencies/${agency.agencyId}/suspend`, { reason: 'Contrôle' })).statusCode, 200);
  ({ held, lastSeq } = await mirror(held, lastSeq, 100));
  assert.deepEqual(ours(held, agency, created), []);
  assert.equal((await t.admin('POST', `/agencies/${agency.agencyId}/reinstate`)).statusCode, 200);
  ({ held, lastSeq } = await mirror(held, lastSeq, 100));
  assert.deepEqual(ours(held, agency, created), await relaySet(agency));
  assert.equal(ours(held, agency, created).length, 5, 'seven shared, less the deleted and the sold one');
});
