import { test } from 'node:test';
import assert from 'node:assert/strict';
import { versionDiff, wordDiff } from '../../../src/domain/moderation/version-diff.js';
import { aListing } from '../../helpers/moderation-listings.js';

test('the diff lists the fields that changed, and only those', () => {
  const approved = aListing();
  const flagged = aListing({ price: 990, features: ['balcon', 'cave'], description: approved.description });
  const diff = versionDiff(approved, flagged);
  assert.deepEqual(
    diff.changed.map((c) => c.field),
    ['price', 'features'],
  );
  assert.deepEqual(diff.changed[0], { field: 'price', before: 950, after: 990 });
  assert.equal(diff.title, null);
  assert.equal(diff.description, null);
  assert.deepEqual(versionDiff(approved, aListing()).changed, []);
});

test('a description diff marks the words added and removed, and keeps the rest as it was', () => {
  const segments = wordDiff(
    'Bel appartement lumineux, proche métro.',
    'Bel appartement lumineux, réservé aux couples sans enfants, proche métro.',
  );
  assert.equal(
    segments
      .filter((s) => s.change !== 'removed')
      .map((s) => s.text)
      .join(''),
    'Bel appartement lumineux, réservé aux couples sans enfants, proche métro.',
  );
  assert.equal(
    segments
      .filter((s) => s.change !== 'added')
      .map((s) => s.text)
      .join(''),
    'Bel appartement lumineux, proche métro.',
  );
  assert.match(
    segments
      .filter((s) => s.change === 'added')
      .map((s) => s.text)
      .join(''),
    /réservé aux couples sans enfants/,
  );
  assert.ok(!segments.some((s) => s.change === 'removed' && /lumineux|métro/.test(s.text)));
});

test('a description rewritten from end to end is shown as replaced whole, quickly', () => {
  const before = Array.from({ length: 3000 }, (_, i) => `mot${i}`).join(' ');
  const after = Array.from({ length: 3000 }, (_, i) => `autre${i}`).join(' ');
  const started = performance.now();
  const segments = wordDiff(before, after);
  assert.ok(performance.now() - started < 2000);
  assert.deepEqual(
    segments.map((s) => s.change),
    ['removed', 'added'],
  );
  const diff = versionDiff(aListing({ description: null }), aListing({ description: 'Nouveau texte' }));
  assert.deepEqual(diff.description, [{ text: 'Nouveau texte', change: 'added' }]);
});
