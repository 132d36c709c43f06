import { test } from 'node:test';
import { LYON_3E } from '../../helpers/places.js';
import assert from 'node:assert/strict';
import { departmentOf, placeLabel, properCityName, suggestCommunes } from '../../../src/domain/geography/index.js';

test('suggestions take a folded name prefix, largest first, at most ten', () => {
  const lyon = suggestCommunes('lyo');
  assert.equal(lyon.length, 10);
  assert.equal(lyon[0]!.label, 'Lyon (69)');
  assert.equal(lyon[0]!.inseeCode, '69123');
  assert.ok(
    lyon.slice(1).some((s) => s.name === 'Lyon 3e'),
    'the arrondissements follow',
  );
  assert.deepEqual(
    suggestCommunes('ST ETI')
      .slice(0, 1)
      .map((s) => s.label),
    ['Saint-Étienne (42)'],
  );
  assert.deepEqual(suggestCommunes('saint-étienne', 1), suggestCommunes('SAINT ETIENNE', 1));
  const populations = suggestCommunes('saint').map((s) => s.label);
  assert.deepEqual(populations.slice(0, 2), ['Saint-Étienne (42)', 'Saint-Denis (974)']);
});

test('suggestions take postcode digits', () => {
  assert.deepEqual(
    suggestCommunes('69003').map((s) => s.label),
    ['Lyon (69)', 'Lyon 3e (69)'],
  );
  assert.equal(suggestCommunes('20000')[0]!.label, 'Ajaccio (2A)');
  assert.ok(suggestCommunes('974').every((s) => s.departmentCode === '974'));
});

test('nothing to suggest for symbols, an empty text or nothing known; a long text is cut, never thrown on', () => {
  for (const q of ['', '   ', '%%', "'; DROP TABLE listings; --", 'zzzzzz', '0', '00000']) assert.deepEqual(suggestCommunes(q), [], q);
  assert.deepEqual(suggestCommunes('a'.repeat(10_000)), []);
});

test('départements are read as people write them', () => {
  assert.equal(departmentOf('2a')?.name, 'Corse-du-Sud');
  assert.equal(departmentOf('69')?.name, 'Rhône');
  assert.equal(departmentOf('974')?.name, 'La Réunion');
  for (const code of ['20', '999', '', '6', 'xx']) assert.equal(departmentOf(code), null, code);
});

test('a place label: the commune’s short name and its département, or the typed city', () => {
  const lyon3 = LYON_3E;
  assert.equal(placeLabel(lyon3, 'LYON'), 'Lyon 3e (69)');
  assert.equal(placeLabel({ ...lyon3, inseeCode: null, commune: null }, 'Lyonn'), 'Lyonn');
  assert.equal(placeLabel(undefined, 'Lyon'), 'Lyon');
});

test('a typed city is named as the State names it when a commune bears that name', () => {
  assert.equal(properCityName('bordeaux'), 'Bordeaux');
  assert.equal(properCityName('ST ETIENNE'), 'Saint-Étienne');
  assert.equal(properCityName('lyon 3e'), 'Lyon 3e');
  assert.equal(properCityName('Annecy-le-Vieux'), 'Annecy-le-Vieux', 'a former commune keeps its own name');
  assert.equal(properCityName('Partiville'), 'Partiville');
});
