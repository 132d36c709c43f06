import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { publicListing, uniqueCity } from '../../helpers/site.js';
import { v1Body } from '../../helpers/v1.js';
import { publicCardsInOrder } from '../../../src/domain/public-listings/search.js';

/**
 * A search chooses its page's ids, then reads their cards by id with a prepared statement
 * (search.ts): the cards come in the ids' order, a listing that is not public (pending, or left
 * the site between the two reads) is left out, whatever plan PostgreSQL keeps for the statement.
 * (That plan reads listings by their primary key at the benchmark's sizes: docs/benchmarks.md.)
 */
const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

test(`[${databaseKind}] cards come in the order of the ids asked for, and only public listings' cards`, async () => {
  const city = uniqueCity('Ordreville');
  const ids: string[] = [];
  for (const name of ['A', 'B', 'C']) ids.push(await publicListing(t, agency.live, `ORDER-${name}-${city}`, { city }));
  const pending = (
    await t.call('POST', '/v1/listings', agency.live, v1Body(`ORDER-PENDING-${city}`, { city, dpe: null, ges: null }))
  ).json().serviceId as string;
  const [first, second, third] = ids as [string, string, string];
  const asked = [third, pending, first, 'lst_NoSuchListing0000000', second];

  // More than five runs: PostgreSQL may then keep a generic plan; the answer must not change.
  for (let run = 0; run < 7; run++) {
    const cards = await publicCardsInOrder(t.db, asked);
    assert.deepEqual(
      cards.map((card) => card.serviceId),
      [third, first, second],
    );
    assert.equal(cards[0]!.city, city);
  }

  assert.equal((await t.call('PATCH', `/v1/listings/${first}/status`, agency.live, { status: 'withdrawn' })).statusCode, 200);
  assert.deepEqual(
    (await publicCardsInOrder(t.db, asked)).map((card) => card.serviceId),
    [third, second],
    'a listing that left the site since its id was chosen has no card',
  );
  assert.deepEqual(await publicCardsInOrder(t.db, []), []);
});
