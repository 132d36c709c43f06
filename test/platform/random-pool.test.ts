import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pooledRandomBytes } from '../../src/platform/random-pool.js';

test('pooled random bytes: each draw is new, across the pool refills, and any size is served', () => {
  const seen = new Set<string>();
  // 2,000 draws of 9 bytes cross four refills of the 4 KiB pool.
  for (let i = 0; i < 2000; i++) {
    const bytes = pooledRandomBytes(9);
    assert.equal(bytes.length, 9);
    seen.add(bytes.toString('hex'));
  }
  assert.equal(seen.size, 2000, 'no draw repeats another');
  assert.equal(pooledRandomBytes(10_000).length, 10_000);
  assert.notEqual(pooledRandomBytes(16).toString('hex'), pooledRandomBytes(16).toString('hex'));
});
