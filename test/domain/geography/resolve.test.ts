import { test } from 'node:test';
import { LYON_3E } from '../../helpers/places.js';
import assert from 'node:assert/strict';
import { placeListing } from '../../../src/domain/geography/index.js';

/** Real places as CRMs type them: [postcode, city typed, INSEE code expected, département expected]. */
const PLACES: ReadonlyArray<readonly [string, string, string, string]> = [
  ['69003', 'LYON', '69383', '69'],
  ['69003', 'Lyon 3ème', '69383', '69'],
  ['69001', 'Lyon 1er arrondissement', '69381', '69'],
  ['75011', 'Paris 11e', '75111', '75'],
  ['75011', 'PARIS', '75111', '75'],
  ['75016', 'Paris 16', '75116', '75'],
  ['13008', 'Marseille', '13208', '13'],
  ['13001', 'MARSEILLE 1ER', '13201', '13'],
  ['42000', 'ST ETIENNE', '42218', '42'],
  ['42100', 'Saint-Étienne', '42218', '42'],
  ['44000', 'Nantes Cedex 1', '44109', '44'],
  ['44600', 'Saint-Nazaire', '44184', '44'],
  ['30200', 'St Nazaire', '30288', '30'],
  ['66570', 'saint nazaire', '66186', '66'],
  ['20000', 'Ajaccio', '2A004', '2A'],
  ['20200', 'BASTIA', '2B033', '2B'],
  ['97400', 'Saint-Denis', '97411', '974'],
  ['93200', 'Saint-Denis', '93066', '93'],
  ['97600', 'Mamoudzou', '97611', '976'],
  ['97200', 'Fort de France', '97209', '972'],
  ['74940', 'Annecy-le-Vieux', '74010', '74'],
  ['59000', 'LILLE', '59350', '59'],
  ['06000', 'Nice', '06088', '06'],
  ['92100', 'Boulogne Billancourt', '92012', '92'],
  ['95290', "L'ISLE ADAM", '95313', '95'],
];

test('a table of real places resolves to its official commune and département, whatever the typing', () => {
  const wrong = PLACES.flatMap(([postcode, city, insee, department]) => {
    const { location, warning } = placeListing(postcode, city);
    return location.inseeCode === insee && location.departmentCode === department && warning === null
      ? []
      : [`${postcode} ${city}: ${JSON.stringify(location)} ${warning?.code ?? ''}`];
  });
  assert.deepEqual(wrong, []);
});

test('a place carries the official names of its commune, département and région', () => {
  assert.deepEqual(placeListing('69003', 'Lyon').location, LYON_3E);
  assert.equal(placeListing('20000', 'Ajaccio').location.department, 'Corse-du-Sud');
  assert.equal(placeListing('97400', 'Saint-Denis').location.region, 'La Réunion');
});

test('a city no commune of the postcode bears is a warning naming the ones that do; the département stays when they share it', () => {
  const { location, warning } = placeListing('69003', 'Villeurbanne');
  assert.equal(warning?.code, 'postcode_city_mismatch');
  assert.equal(warning?.field, 'city');
  assert.equal(warning?.messageFr, '69003 est le code postal de Lyon, pas de « Villeurbanne ».');
  assert.match(warning!.message, /69003 is the postcode of Lyon/);
  assert.deepEqual(
    { insee: location.inseeCode, commune: location.commune, department: location.departmentCode },
    { insee: null, commune: null, department: '69' },
  );
  // The wrong arrondissement for the postcode.
  assert.equal(placeListing('69004', 'Lyon 3e').warning?.code, 'postcode_city_mismatch');
});

test('an unknown postcode is a warning; a CEDEX postcode still finds its commune by name in its département', () => {
  for (const postcode of ['00000', '99999', '69999']) {
    const { location, warning } = placeListing(postcode, 'Lyon');
    assert.equal(warning?.code, 'postcode_unknown', postcode);
    assert.equal(warning?.field, 'postcode');
    if (postcode === '69999') assert.equal(location.inseeCode, '69123', 'found by name in the 69');
    else assert.equal(location.inseeCode, null, postcode);
  }
  const cedex = placeListing('44035', 'NANTES CEDEX 1');
  assert.equal(cedex.location.inseeCode, '44109');
  assert.equal(cedex.warning?.code, 'postcode_unknown');
  assert.match(cedex.warning!.messageFr, /placée à Nantes/);
  // Corsica's 20 points to both of its départements.
  assert.equal(placeListing('20299', 'Bastia Cedex').location.inseeCode, '2B033');
});

test('every overseas département resolves its prefecture', () => {
  const prefectures: Array<[string, string, string]> = [
    ['97100', 'Basse-Terre', '971'],
    ['97200', 'Fort-de-France', '972'],
    ['97300', 'Cayenne', '973'],
    ['97400', 'Saint-Denis', '974'],
    ['97600', 'Mamoudzou', '976'],
  ];
  for (const [postcode, city, department] of prefectures) {
    const { location, warning } = placeListing(postcode, city);
    assert.equal(warning, null, city);
    assert.equal(location.departmentCode, department, city);
  }
});
