import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { ingestItem } from '../../helpers/listings.js';
import { annoncesLine } from '../../helpers/poliris-upload.js';
import { LYON_3E, NO_PLACE } from '../../helpers/places.js';

// Places through the ingestion interface and a passerelle file (docs/geography.md); every answer
// read through `t.call` is checked against the served OpenAPI description.
const { t, agency } = useTestApp();

let serial = 0;
/** A listing at a real place; surfaces and prices differ so that moderation sees no duplicates. */
const at = (externalId: string, city: string, postcode: string) =>
  ingestItem(externalId, { city, postcode, surface: 40 + ++serial * 3, price: 150_000 + serial * 9_000 });
const push = (listings: unknown[], key = agency.live) => t.call('POST', '/ingest/ingestListings', key, { listings });
const lookup = async (externalId: string, key = agency.live) =>
  (await t.call('GET', `/ingest/listingByExternalId?externalId=${externalId}`, key)).json();

test(`[${databaseKind}] a push gets the place warnings, item by item, and the listings are written as sent`, async () => {
  const listings = [at('IP-1', 'Villeurbanne', '69003'), at('IP-2', 'Lyon', '00000'), at('IP-3', 'Lyon', '69003')];
  const first = await push(listings);
  assert.equal(first.statusCode, 200);
  const body = first.json();
  assert.equal(body.created, 3);
  assert.deepEqual(body.warnings, [
    {
      index: 0,
      externalId: 'IP-1',
      code: 'postcode_city_mismatch',
      field: 'city',
      message: 'no commune of postcode 69003 is called "Villeurbanne"; 69003 is the postcode of Lyon',
      messageFr: '69003 est le code postal de Lyon, pas de « Villeurbanne ».',
    },
    {
      index: 1,
      externalId: 'IP-2',
      code: 'postcode_unknown',
      field: 'postcode',
      message: '00000 is not the postcode of any commune in the official list',
      messageFr: '00000 n’est le code postal d’aucune commune de la liste officielle.',
    },
  ]);
  const mismatched = await lookup('IP-1');
  assert.deepEqual([mismatched.city, mismatched.postcode], ['Villeurbanne', '69003']);

  const again = (await push(listings)).json();
  assert.equal(again.unchanged, 3);
  assert.deepEqual(
    again.warnings.map((w: { externalId: string; code: string }) => [w.externalId, w.code]),
    [
      ['IP-1', 'postcode_city_mismatch'],
      ['IP-2', 'postcode_unknown'],
    ],
    'an unchanged re-push still gets the warnings',
  );
});

test(`[${databaseKind}] the lookup answers the location: an arrondissement, Corsica, overseas, nulls for an unknown postcode`, async () => {
  await push([
    at('IL-1', 'Lyon', '69003'),
    at('IL-2', 'Ajaccio', '20000'),
    at('IL-3', 'Saint-Denis', '97400'),
    at('IL-4', 'Lyon', '00000'),
  ]);
  assert.deepEqual((await lookup('IL-1')).location, LYON_3E);
  assert.deepEqual([(await lookup('IL-2')).location.inseeCode, (await lookup('IL-2')).location.departmentCode], ['2A004', '2A']);
  const reunion = (await lookup('IL-3')).location;
  assert.deepEqual([reunion.inseeCode, reunion.departmentCode, reunion.regionCode], ['97411', '974', '04']);
  assert.deepEqual((await lookup('IL-4')).location, NO_PLACE);
});

test(`[${databaseKind}] a passerelle file reports the mismatch in French on its line, and writes the listing`, async () => {
  const a = await t.agency();
  const lyon = annoncesLine({ id: 'PW-1' });
  const villeurbanne = annoncesLine({ id: 'PW-2', price: 260_000 }).replace('"69003"!#"Lyon"', '"69003"!#"Villeurbanne"');
  assert.notEqual(villeurbanne, annoncesLine({ id: 'PW-2', price: 260_000 }), 'ranks 5 and 6 were rewritten');
  const response = await t.call('POST', '/ingest/poliris', a.live, Buffer.from(lyon + villeurbanne, 'utf8'), {
    'content-type': 'text/csv',
  });
  assert.equal(response.statusCode, 200, response.body);
  const report = response.json();
  assert.deepEqual([report.created, report.errorCount], [2, 0]);
  const places = report.warnings.filter((w: { code: string }) => w.code.startsWith('postcode'));
  assert.deepEqual(places, [
    {
      line: 2,
      reference: 'REF-PW-2',
      rank: 6,
      field: 'Ville',
      code: 'postcode_city_mismatch',
      message: '69003 est le code postal de Lyon, pas de « Villeurbanne ».',
    },
  ]);
  const written = await lookup('PW-2', a.live);
  assert.deepEqual([written.city, written.location.departmentCode, written.location.inseeCode], ['Villeurbanne', '69', null]);
});
