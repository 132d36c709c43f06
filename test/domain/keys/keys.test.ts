import { test } from 'node:test';
import assert from 'node:assert/strict';
import { displayForm, generateKey, hashKey, parseKey, sameHash } from '../../../src/domain/keys/key-format.js';
import { luhnValid, normaliseSiren } from '../../../src/domain/agencies/siren.js';

test('generated keys have the environment prefix and 40 base62 characters, all different', () => {
  const seen = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const live = generateKey('live');
    assert.match(live, /^svc_pk_LIVE_[A-Za-z0-9]{40}$/);
    seen.add(live);
  }
  assert.equal(seen.size, 200);
  assert.match(generateKey('test'), /^svc_pk_TEST_[A-Za-z0-9]{40}$/);
});

test('generated characters cover the whole base62 alphabet (no modulo bias collapse)', () => {
  const counts = new Map<string, number>();
  for (let i = 0; i < 500; i++) for (const ch of generateKey('test').slice(12)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  assert.equal(counts.size, 62);
});

test('parseKey tells the environment of a well-formed key and refuses anything else', () => {
  assert.equal(parseKey('svc_pk_LIVE_' + 'a'.repeat(32)), 'live');
  assert.equal(parseKey('svc_pk_TEST_' + 'Z9'.repeat(20)), 'test');
  for (const bad of [
    '',
    'svc_pk_LIVE_',
    'svc_pk_LIVE_' + 'a'.repeat(31),
    'svc_pk_PROD_' + 'a'.repeat(32),
    'svc_pk_LIVE_' + 'a'.repeat(31) + '-',
    ' svc_pk_LIVE_' + 'a'.repeat(32),
  ]) {
    assert.equal(parseKey(bad), null, bad);
  }
});

test('display form is the prefix plus 4 characters; hashes compare in constant time', () => {
  const key = 'svc_pk_LIVE_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
  assert.equal(displayForm(key), 'svc_pk_LIVE_AbCd…');
  assert.equal(hashKey(key).length, 64);
  assert.ok(sameHash(hashKey(key), hashKey(key)));
  assert.ok(!sameHash(hashKey(key), hashKey(key + 'x')));
  assert.ok(!sameHash(hashKey(key), 'abcd'));
});

test('SIREN: 9 digits with a valid Luhn checksum, spaces allowed', () => {
  assert.equal(normaliseSiren('732 829 320'), '732829320');
  assert.equal(normaliseSiren('552100554'), '552100554');
  assert.equal(normaliseSiren('732829321'), null);
  assert.equal(normaliseSiren('12345678'), null);
  assert.equal(normaliseSiren('abcdefghi'), null);
  assert.ok(luhnValid('79927398713'));
  assert.ok(!luhnValid('79927398710'));
});
