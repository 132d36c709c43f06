import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { v1Body } from '../../helpers/v1.js';
import { LYON_3E, NO_PLACE, RHONE_ONLY } from '../../helpers/places.js';

// Places through the v1 interface (docs/geography.md): every answer a test reads here is also
// checked against the served OpenAPI description by the test app.
const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

/** A listing at a real place; surfaces and prices differ so that moderation sees no duplicates. */
let serial = 0;
const at = (externalId: string, city: string, postcode: string) =>
  v1Body(externalId, { city, postcode, surface: 40 + ++serial * 3, price: 200_000 + serial * 7_000 });

const record = async (externalId: string, key = agency.live) => (await t.call('GET', `/v1/listings/by-external/${externalId}`, key)).json();

test(`[${databaseKind}] a create whose city is not its postcode's is written as sent, with a French warning naming the commune`, async () => {
  const body = at('PL-1', 'Villeurbanne', '69003');
  const created = await t.call('POST', '/v1/listings', agency.live, body);
  assert.equal(created.statusCode, 201);
  assert.deepEqual(created.json().warnings, [
    {
      code: 'postcode_city_mismatch',
      field: 'city',
      message: 'no commune of postcode 69003 is called "Villeurbanne"; 69003 is the postcode of Lyon',
      messageFr: '69003 est le code postal de Lyon, pas de « Villeurbanne ».',
    },
  ]);
  const stored = await record('PL-1');
  assert.deepEqual([stored.city, stored.postcode], ['Villeurbanne', '69003'], 'written as sent');
  assert.deepEqual(stored.location, RHONE_ONLY, 'every commune of 69003 is in the Rhône');

  const unchanged = (await t.call('POST', '/v1/listings', agency.live, body)).json();
  assert.equal(unchanged.outcome, 'unchanged');
  assert.deepEqual(
    unchanged.warnings.map((w: { code: string }) => w.code),
    ['postcode_city_mismatch'],
    'an unchanged write still hears about its place',
  );
});

test(`[${databaseKind}] an unknown postcode is a postcode_unknown warning and a location of nulls`, async () => {
  const created = await t.call('POST', '/v1/listings', agency.live, at('PL-2', 'Lyon', '00000'));
  assert.equal(created.statusCode, 201);
  const [warning, ...others] = created.json().warnings;
  assert.deepEqual(others, []);
  assert.deepEqual([warning.code, warning.field], ['postcode_unknown', 'postcode']);
  assert.equal(warning.messageFr, '00000 n’est le code postal d’aucune commune de la liste officielle.');
  const stored = await record('PL-2');
  assert.equal(stored.postcode, '00000');
  assert.deepEqual(stored.location, NO_PLACE);
});

test(`[${databaseKind}] an update moves the place and its warning with the city`, async () => {
  const { serviceId, warnings } = (await t.call('POST', '/v1/listings', agency.live, at('PL-3', 'LYON', '69003'))).json();
  assert.deepEqual(warnings, []);
  assert.deepEqual((await record('PL-3')).location, LYON_3E, '« LYON » with 69003 is Lyon 3e');

  const moved = await t.call('PUT', `/v1/listings/${serviceId}`, agency.live, { city: 'Villeurbanne' });
  assert.equal(moved.statusCode, 200);
  assert.deepEqual(
    moved.json().warnings.map((w: { code: string; field: string; messageFr: string }) => [w.code, w.field, w.messageFr]),
    [['postcode_city_mismatch', 'city', '69003 est le code postal de Lyon, pas de « Villeurbanne ».']],
  );
  assert.equal(moved.json().city, 'Villeurbanne');
  assert.deepEqual(moved.json().location, RHONE_ONLY);

  const back = (await t.call('PUT', `/v1/listings/${serviceId}`, agency.live, { city: 'Lyon 3e' })).json();
  assert.deepEqual([back.warnings, back.location], [[], LYON_3E]);
});

test(`[${databaseKind}] a batch warns item by item and places Corsica and overseas`, async () => {
  const response = await t.call('POST', '/v1/listings/batch', agency.live, {
    listings: [
      at('PB-1', 'Villeurbanne', '69003'),
      at('PB-2', 'Lyon', '00000'),
      at('PB-3', 'AJACCIO', '20000'),
      at('PB-4', 'St Denis', '97400'),
    ],
  });
  assert.equal(response.statusCode, 200);
  const results = response.json().results as Array<{ outcome: string; warnings: Array<{ code: string; messageFr: string }> }>;
  assert.deepEqual(
    results.map((r) => [r.outcome, r.warnings.map((w) => w.code)]),
    [
      ['created', ['postcode_city_mismatch']],
      ['created', ['postcode_unknown']],
      ['created', []],
      ['created', []],
    ],
  );
  assert.match(results[0]!.warnings[0]!.messageFr, /^69003 est le code postal de Lyon/);
  assert.deepEqual((await record('PB-1')).location, RHONE_ONLY);
  assert.deepEqual((await record('PB-2')).location, NO_PLACE);
  assert.deepEqual((await record('PB-3')).location, {
    inseeCode: '2A004',
    commune: 'Ajaccio',
    departmentCode: '2A',
    department: 'Corse-du-Sud',
    regionCode: '94',
    region: 'Corse',
  });
  assert.deepEqual((await record('PB-4')).location, {
    inseeCode: '97411',
    commune: 'Saint-Denis',
    departmentCode: '974',
    department: 'La Réunion',
    regionCode: '04',
    region: 'La Réunion',
  });
});

test(`[${databaseKind}] GET /v1/listings filters by département and région, on the agency's own listings`, async () => {
  const own = await t.agency({ plan: 'reseau' });
  const placed = [
    at('F-lyon', 'Lyon', '69003'),
    at('F-rhone', 'Villeurbanne', '69003'),
    at('F-paris', 'Paris 11e', '75011'),
    at('F-ajaccio', 'Ajaccio', '20000'),
    at('F-bastia', 'Bastia', '20200'),
    at('F-reunion', 'Saint-Denis', '97400'),
    at('F-nowhere', 'Lyon', '00000'),
  ];
  assert.equal((await t.call('POST', '/v1/listings/batch', own.live, { listings: placed })).json().created, placed.length);
  await t.call('POST', '/v1/listings', agency.live, at('F-other-agency', 'Lyon', '69003'));
  const ids = async (query: string) => {
    const response = await t.call('GET', `/v1/listings?${query}`, own.live);
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.equal(body.total, body.data.length);
    return (body.data as Array<{ externalId: string }>).map((l) => l.externalId).sort();
  };
  assert.deepEqual(await ids('departmentCode=69&regionCode=84'), ['F-lyon', 'F-rhone']);
  assert.deepEqual(await ids('departmentCode=69'), ['F-lyon', 'F-rhone']);
  assert.deepEqual(await ids('departmentCode=2A'), ['F-ajaccio']);
  assert.deepEqual(await ids('departmentCode=2b'), ['F-bastia'], 'lower case is read as the code');
  assert.deepEqual(await ids('regionCode=94'), ['F-ajaccio', 'F-bastia']);
  assert.deepEqual(await ids('departmentCode=974&regionCode=04'), ['F-reunion']);
  assert.deepEqual(await ids('regionCode=11&status=active'), ['F-paris']);
  assert.deepEqual(await ids('departmentCode=69&regionCode=11'), [], 'the Rhône is not in Île-de-France');
  assert.deepEqual(await ids('departmentCode=13'), [], 'a known département with no listing is an empty page');
  const second = (await t.call('GET', '/v1/listings?departmentCode=69&pageSize=1&page=2', own.live)).json();
  assert.deepEqual([second.data.length, second.total, second.hasMore], [1, 2, false], 'pages count the filtered listings');
});

test(`[${databaseKind}] an unknown département or région is a 400 naming the field and the rule`, async () => {
  for (const [query, field, rule] of [
    ['departmentCode=20', 'departmentCode', /2A or 2B for Corsica \(20 is none\)/],
    ['departmentCode=999', 'departmentCode', /must be a département code/],
    ['departmentCode=6', 'departmentCode', /must be a département code/],
    ['departmentCode=%27--', 'departmentCode', /must be a département code/],
    ['departmentCode=1234', 'departmentCode', /3 characters/],
    ['departmentCode=', 'departmentCode', /must not be empty/],
    ['regionCode=99', 'regionCode', /must be the INSEE code of a région/],
    ['regionCode=84&departmentCode=2C', 'departmentCode', /must be a département code/],
  ] as const) {
    const response = await t.call('GET', `/v1/listings?${query}`, agency.live);
    assert.equal(response.statusCode, 400, query);
    const body = response.json();
    assert.equal(body.code, 'validation_error', query);
    assert.equal(body.errors[0].field, field, query);
    assert.match(body.errors[0].message, rule, query);
  }
});
