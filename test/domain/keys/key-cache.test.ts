import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KeyCache } from '../../../src/domain/keys/key-cache.js';
import type { Database } from '../../../src/platform/db/database.js';

test('a key lookup that overlaps a revocation notice is not cached', async () => {
  let queries = 0;
  let release: () => void = () => {};
  const row = {
    id: 'key_1',
    agency_id: 'agc_1',
    env: 'live',
    name: 'k',
    display: 'd',
    scopes: [],
    created_at: new Date(),
    last_used_at: null,
    revoked_at: null,
    key_hash: 'ab',
    plan: 'solo',
    agency_name: 'A',
    agency_verified: true,
  };
  const db = {
    kind: 'pglite',
    async query() {
      queries += 1;
      await new Promise<void>((resolve) => (release = resolve));
      return { rows: [row], rowCount: 1 };
    },
    async listen() {
      return async () => {};
    },
  } as unknown as Database;
  const cache = new KeyCache(db);
  await cache.start();
  const slow = cache.lookup('ab');
  await new Promise((resolve) => setImmediate(resolve));
  cache.clear(); // the NOTIFY of a revocation arrives while the lookup is in flight
  release();
  await slow;
  const again = cache.lookup('ab');
  await new Promise((resolve) => setImmediate(resolve));
  release();
  await again;
  assert.equal(queries, 2, 'the answer read before the revocation was not kept');
  await cache.close();
});
