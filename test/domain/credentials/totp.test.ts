import { test } from 'node:test';
import assert from 'node:assert/strict';
import { URL } from 'node:url';
import { Secret } from 'otpauth';
import { matchingStep, newTotpSecret, totpUri, TOTP_ISSUER } from '../../../src/domain/credentials/totp.js';
import { newRecoveryCode, normaliseRecoveryCode } from '../../../src/domain/credentials/recovery-codes.js';
import { codeAtStep, stepAt } from '../../helpers/back-office.js';

/** The TOTP rules as pure functions (docs/accounts.md): RFC 6238's test vector, the window of one step, the URI apps read. */

test('a secret is 160 random bits in base32, a new one each time', () => {
  const secrets = new Set(Array.from({ length: 50 }, newTotpSecret));
  assert.equal(secrets.size, 50);
  for (const secret of secrets) {
    assert.match(secret, /^[A-Z2-7]{32}$/);
    assert.equal(Secret.fromBase32(secret).bytes.length, 20);
  }
});

test('RFC 6238 test vector (SHA-1): the code at 59 s is 287082 on six digits', () => {
  const secret = Secret.fromLatin1('12345678901234567890').base32;
  assert.equal(matchingStep(secret, '287082', new Date(59_000)), 1);
  assert.equal(matchingStep(secret, '081804', new Date(1_111_111_109_000)), 37_037_036);
});

test('the step of the server and one either side are accepted; two away, or a malformed code, are not', () => {
  const secret = newTotpSecret();
  const now = new Date(1_800_000_015_000);
  const step = stepAt(now);
  for (const offset of [-1, 0, 1]) assert.equal(matchingStep(secret, codeAtStep(secret, step + offset), now), step + offset, `${offset}`);
  for (const offset of [-3, -2, 2, 3]) {
    const code = codeAtStep(secret, step + offset);
    // A code of another step may equal one inside the window by chance (one in a million each).
    const inside = [-1, 0, 1].some((o) => codeAtStep(secret, step + o) === code);
    if (!inside) assert.equal(matchingStep(secret, code, now), null, `${offset}`);
  }
  for (const bad of ['', '12345', '1234567', 'abcdef', ' 123456']) assert.equal(matchingStep(secret, bad, now), null, bad);
});

test('the otpauth URI names the issuer and the account, with the settings every app reads', () => {
  const secret = newTotpSecret();
  const uri = totpUri(secret, 'claire@agence.example');
  const parsed = new URL(uri);
  assert.equal(parsed.protocol, 'otpauth:');
  assert.equal(parsed.host, 'totp');
  assert.equal(decodeURIComponent(parsed.pathname), `/${TOTP_ISSUER}:claire@agence.example`);
  assert.equal(parsed.searchParams.get('secret'), secret);
  assert.equal(parsed.searchParams.get('issuer'), TOTP_ISSUER);
  assert.equal(parsed.searchParams.get('algorithm'), 'SHA1');
  assert.equal(parsed.searchParams.get('digits'), '6');
  assert.equal(parsed.searchParams.get('period'), '30');
});

test('recovery codes: two groups of five readable signs, 50 bits each, typed back loosely', () => {
  const codes = Array.from({ length: 2000 }, newRecoveryCode);
  assert.equal(new Set(codes).size, 2000);
  for (const code of codes) assert.match(code, /^[0-9a-z]{5}-[0-9a-z]{5}$/);
  const signs = new Set(codes.join('').replace(/-/g, ''));
  assert.equal(signs.size, 32, 'every one of the 32 signs appears: 5 bits each, 50 per code');
  for (const unreadable of ['1', 'i', 'l', 'o']) assert.ok(!signs.has(unreadable), unreadable);
  const code = codes[0]!;
  assert.equal(normaliseRecoveryCode(` ${code.toUpperCase().replace('-', ' ')} `), code.replace('-', ''));
  assert.equal(normaliseRecoveryCode('0000o-00000'), '0000000000', 'an o is read as a zero');
  for (const bad of ['', 'abcde', 'abcde-fghij-k', 'abcde-fghi1', '123456']) assert.equal(normaliseRecoveryCode(bad), null, bad);
});
