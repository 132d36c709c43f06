import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newId } from '../../../src/platform/db/ids.js';

test('an id is the prefix, seven base-62 time digits and twelve random characters', () => {
  assert.match(newId('lst'), /^lst_[0-9A-Za-z]{7}[0-9A-Za-z]{12}$/);
});

test('ids made at different times sort by time; ids made together are all different', () => {
  const times = [Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 1) + 1, Date.UTC(2026, 5, 1), Date.UTC(2040, 0, 1)];
  const ids = times.map((ms) => newId('lst', ms).slice(0, 11));
  // Base-62 digits in ASCII order, so byte order follows time.
  assert.deepEqual([...ids].sort(), ids);
  const many = new Set(Array.from({ length: 10_000 }, () => newId('lst', times[0])));
  assert.equal(many.size, 10_000);
});
