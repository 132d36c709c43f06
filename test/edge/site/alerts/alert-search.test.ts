import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alertLabel } from '../../../../src/edge/site/alerts/alert-search.js';

/**
 * An alert's label, which pages and mails quote in « »: its keywords once, in “ ”, never a « »
 * inside the « » that quote it.
 */
test('an alert label names its keywords once, in “ ”, with no guillemets of its own', () => {
  const label = alertLabel({ category: 'apartment', transaction: 'sale', city: 'Lyon', q: 'parquet', priceMax: 300_000 });
  assert.equal(label, 'Appartements à vendre à Lyon, avec les mots “parquet”, jusqu’à 300\u202f000\u00a0€');
  assert.doesNotMatch(label, /[«»]/);
  assert.equal(alertLabel({ city: 'Nantes' }), 'Annonces immobilières à Nantes');
});
