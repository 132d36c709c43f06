import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { ingestItem } from '../../helpers/listings.js';
import { placeBatch, placeUnplacedListings } from '../../../src/domain/listings/place-backfill.js';

const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

const PLACES = {
  'PB-LYON': { city: 'LYON', postcode: '69003' },
  'PB-AJACCIO': { city: 'Ajaccio', postcode: '20000' },
  'PB-WRONG': { city: 'Villeurbanne', postcode: '69003' },
} as const;

interface Row {
  external_id: string;
  version: number;
  content_hash: string;
  location: Record<string, string | null> | null;
  published_location: Record<string, string | null> | null;
}

const rows = async () =>
  (
    await t.db.query<Row>(
      `SELECT external_id, version, content_hash, content -> 'location' AS location, published_content -> 'location' AS published_location
         FROM listings WHERE agency_id = $1 AND external_id LIKE 'PB-%' ORDER BY external_id`,
      [agency.agencyId],
    )
  ).rows;

test(`[${databaseKind}] a write stores the place; a listing written before places existed gets it from the backfill, its version and hash unchanged`, async () => {
  const pushed = await t.call('POST', '/ingest/ingestListings', agency.live, {
    listings: Object.entries(PLACES).map(([id, place]) => ingestItem(id, place)),
  });
  assert.equal(pushed.statusCode, 200, pushed.body);
  const written = await rows();
  assert.deepEqual(
    written.map((row) => [row.external_id, row.location?.inseeCode ?? null, row.location?.departmentCode ?? null]),
    [
      ['PB-AJACCIO', '2A004', '2A'],
      ['PB-LYON', '69383', '69'],
      ['PB-WRONG', null, '69'],
    ],
  );

  // As rows written before this release were: no place. One has a version waiting for review,
  // the public one being in Ajaccio while the newest says Lyon.
  await t.db.query(`UPDATE listings SET content = content - 'location' WHERE agency_id = $1 AND external_id LIKE 'PB-%'`, [
    agency.agencyId,
  ]);
  await t.db.query(
    `UPDATE listings SET published_content = content || '{"city":"Ajaccio","postcode":"20000"}'::jsonb,
            published_title = public_title, published_description = public_description
      WHERE agency_id = $1 AND external_id = 'PB-LYON'`,
    [agency.agencyId],
  );
  assert.ok((await rows()).every((row) => row.location === null));

  const placed = await placeUnplacedListings(t.db);
  assert.ok(placed >= 3, `placed ${placed}`);
  const after = await rows();
  assert.deepEqual(
    after.map((row) => [row.external_id, row.location?.inseeCode ?? null, row.published_location?.inseeCode ?? null]),
    [
      ['PB-AJACCIO', '2A004', null],
      ['PB-LYON', '69383', '2A004'],
      ['PB-WRONG', null, null],
    ],
  );
  assert.deepEqual(
    after.map((row) => [row.version, row.content_hash]),
    written.map((row) => [row.version, row.content_hash]),
    'nothing the agency said changed',
  );
  const publicSide = await t.db.query<{ department_code: string }>(
    `SELECT department_code FROM public_listings WHERE agency_id = $1 AND id = (SELECT id FROM listings WHERE agency_id = $1 AND external_id = 'PB-LYON')`,
    [agency.agencyId],
  );
  assert.deepEqual(
    publicSide.rows.map((row) => row.department_code),
    ['2A'],
    'the public side reads the place of the version it shows',
  );
  assert.equal(await placeUnplacedListings(t.db), 0, 'a second run finds nothing to do');

  const again = await t.call('POST', '/ingest/ingestListings', agency.live, {
    listings: Object.entries(PLACES).map(([id, place]) => ingestItem(id, place)),
  });
  assert.equal(again.json().unchanged, 3, 'a push of the same listings changes nothing');
});

test(`[${databaseKind}] two processes backfilling at once place each listing once`, async () => {
  await t.call('POST', '/ingest/ingestListings', agency.live, {
    listings: Array.from({ length: 30 }, (_, i) => ingestItem(`PB-MANY-${i}`, { city: 'Nice', postcode: '06000' })),
  });
  await t.db.query(`UPDATE listings SET content = content - 'location' WHERE agency_id = $1 AND external_id LIKE 'PB-MANY-%'`, [
    agency.agencyId,
  ]);
  const counts = await Promise.all([placeBatch(t.db, 7), placeBatch(t.db, 7), placeBatch(t.db, 7)]);
  const rest = await placeUnplacedListings(t.db);
  assert.equal(counts.reduce((a, b) => a + b, 0) + rest, 30);
  const { rows: unplaced } = await t.db.query(`SELECT id FROM listings WHERE NOT (content ? 'location')`);
  assert.deepEqual(unplaced, []);
});
