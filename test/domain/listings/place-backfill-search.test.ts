import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useIsolatedTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { catchUpKeywords, listedIds, page, publicListing } from '../../helpers/site.js';
import { placeBatch } from '../../../src/domain/listings/place-backfill.js';

/**
 * docs/geography.md: a listing written before places existed is placed by the backfill, and its
 * keyword index row takes the place in the same transaction (no event tells the indexer), so a
 * keyword search by département finds it at once.
 */
const { t, agency } = useIsolatedTestApp();

test(`[${databaseKind}] the backfill gives the keyword index rows of the listings it places their commune, département and région`, async () => {
  const ajaccio = await publicListing(t, agency.live, 'OLD-AJACCIO', {
    city: 'Ajaccio',
    postcode: '20000',
    description: 'Vue imprenable sur les îles Sanguinaires.',
  });
  const bastia = await publicListing(t, agency.live, 'OLD-BASTIA', { city: 'Bastia', postcode: '20200', description: 'Sanguinaires.' });
  await catchUpKeywords(t, agency.agencyId);
  // As they were before places existed: no location in the content, none in the index.
  await t.db.query(`UPDATE listings SET content = content - 'location' WHERE id = ANY($1::text[])`, [[ajaccio, bastia]]);
  await t.db.query(`UPDATE listing_search SET insee_code = NULL, department_code = NULL, region_code = NULL`);
  const search = async () => listedIds((await page(t, '/listings?q=sanguinaires&departement=2A&sort=newest')).body);
  assert.deepEqual(await search(), []);

  assert.equal(await placeBatch(t.db), 2);
  const { rows } = await t.db.query<{ listing_id: string; insee_code: string; department_code: string; region_code: string }>(
    'SELECT listing_id, insee_code, department_code, region_code FROM listing_search ORDER BY insee_code',
  );
  assert.deepEqual(rows, [
    { listing_id: ajaccio, insee_code: '2A004', department_code: '2A', region_code: '94' },
    { listing_id: bastia, insee_code: '2B033', department_code: '2B', region_code: '94' },
  ]);
  assert.deepEqual(await search(), [ajaccio]);
});
