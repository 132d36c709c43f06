import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp, type TestAgency } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { agencyZip, windows1252 } from '../../fixtures/poliris/archives.js';
import { agencyFileCsv, AGENCY_FILE } from '../../fixtures/poliris/agency-file.js';
import { listingContent } from '../../../src/domain/listing-model/content.js';
import type { ListingContent } from '../../../src/domain/listing-model/model.js';

/**
 * A realistic agency's passerelle file (docs/poliris.md) through `POST /ingest/poliris`: sales
 * and rentals, a life annuity, land and parking, accents and line breaks, fees, DPE, 30 photos.
 * Each listing is stored as the mapping reads it, field by field; the contact, mandate and owner
 * ranks are stored nowhere; the same file again changes nothing; another agency sees none of it.
 */
const { t } = useTestApp();
const post = (agency: TestAgency, body: Buffer, contentType = 'application/zip') =>
  t.app.inject({
    method: 'POST',
    url: '/ingest/poliris?fileName=export.zip',
    headers: { authorization: `Bearer ${agency.live}`, 'content-type': contentType },
    payload: body,
  });

async function stored(agency: TestAgency, externalId: string): Promise<{ content: ListingContent; raw: string } | null> {
  const { rows } = await t.db.query<{ content: Record<string, unknown> }>(
    'SELECT content FROM listings WHERE agency_id = $1 AND env = $2 AND external_id = $3',
    [agency.agencyId, 'live', externalId],
  );
  return rows[0] ? { content: listingContent.read(rows[0].content), raw: JSON.stringify(rows[0].content) } : null;
}

test(`[${databaseKind}] a realistic agency file is stored field by field, twice unchanged, and no private rank is kept`, async () => {
  const agency = await t.agency({ plan: 'reseau' });
  const zip = await agencyZip({ annonces: agencyFileCsv() });
  const first = await post(agency, zip);
  assert.equal(first.statusCode, 200, first.body);
  const report = first.json();
  assert.deepEqual(report.errors, [], JSON.stringify(report.errors));
  assert.equal(report.created, AGENCY_FILE.length);

  for (const listing of AGENCY_FILE) {
    const row = await stored(agency, listing.externalId);
    assert.ok(row, `listing ${listing.externalId} is stored`);
    for (const [field, value] of Object.entries(listing.expected))
      assert.deepEqual(row.content[field as keyof ListingContent] ?? null, value ?? null, `${listing.externalId}: ${field}`);
    for (const secret of ['0491000000', 'Arnaud', 'M-2291', 'DURAND', '0611223344', 'gardienne'])
      assert.ok(!row.raw.includes(secret), `${listing.externalId}: ${secret} is not stored`);
  }
  assert.equal((await stored(agency, AGENCY_FILE[0]!.externalId))!.content.photos.length, 30, 'the 30 photos, by URL');

  const again = (await post(agency, zip)).json();
  assert.equal(again.unchanged, AGENCY_FILE.length, 'the same file again: all unchanged');
  assert.equal(again.created + again.updated + again.withdrawn, 0);
});

test(`[${databaseKind}] the same file in Windows-1252 reads the same; another agency sees nothing of the first one's`, async () => {
  const first = await t.agency({ plan: 'reseau' });
  const second = await t.agency({ plan: 'reseau' });
  assert.equal((await post(first, Buffer.from(agencyFileCsv(), 'utf8'), 'text/csv')).statusCode, 200);
  const latin = await post(second, windows1252(agencyFileCsv()), 'text/csv');
  assert.equal(latin.statusCode, 200, latin.body);
  assert.equal(latin.json().created, AGENCY_FILE.length, 'its own listings, under the same externalIds');
  for (const listing of AGENCY_FILE) {
    const [a, b] = [await stored(first, listing.externalId), await stored(second, listing.externalId)];
    assert.deepEqual(b!.content.title, a!.content.title, `${listing.externalId}: accents read the same (€, œ)`);
    assert.deepEqual(b!.content.description, a!.content.description);
  }
  const seen = await t.call('GET', `/ingest/listingByExternalId?externalId=${AGENCY_FILE[0]!.externalId}`, second.live);
  assert.equal(seen.statusCode, 200);
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM listings WHERE agency_id = $1', [second.agencyId]);
  assert.equal(rows[0]!.n, AGENCY_FILE.length, 'the second agency holds its own ten, not the first one’s');
});
