import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ID_MAX_LENGTH, ID_PREFIXES, idPattern, newId } from '../../../src/platform/db/ids.js';

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

test('every id the service mints is one its interfaces accept back', () => {
  for (const prefix of ID_PREFIXES) {
    for (const when of [0, Date.now(), Date.parse('2080-12-31T23:59:59Z')]) {
      const id = newId(prefix, when);
      assert.match(id, new RegExp(idPattern(prefix)), id);
      assert.ok(id.length <= ID_MAX_LENGTH, id);
    }
  }
});

test('an id of one kind is not accepted where another kind is expected', () => {
  assert.doesNotMatch(newId('agc'), new RegExp(idPattern('lst')));
  assert.doesNotMatch('lst_', new RegExp(idPattern('lst')));
  assert.doesNotMatch('lst_abc-def', new RegExp(idPattern('lst')));
});
