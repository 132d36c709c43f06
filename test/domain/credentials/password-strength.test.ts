import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contextWords, passwordProblem } from '../../../src/domain/credentials/password-strength.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../src/domain/credentials/password.js';

/** The one rule of new passwords (docs/accounts.md): length, the common list, zxcvbn's score with the account's words. */
const CONTEXT = ['camille.durand@immo-lumiere.fr', 'Immo Lumière'];

test('lengths outside the bounds are refused, saying the bounds', () => {
  const message = `Le mot de passe doit compter de ${PASSWORD_MIN} à ${PASSWORD_MAX} caractères.`;
  assert.equal(passwordProblem('x'.repeat(PASSWORD_MIN - 1), []), message);
  assert.equal(passwordProblem('girafe lampadaire turquoise '.repeat(10).slice(0, PASSWORD_MAX + 1), []), message);
  assert.equal(passwordProblem('girafe lampadaire turquoise '.repeat(10).slice(0, PASSWORD_MAX), []), null, 'the longest allowed');
});

test('the most common passwords are refused as such, spaces and case aside', () => {
  for (const password of ['qwerty123456', 'QWERTY123456', '1q2w3e4r5t6y', 'qazwsx edcrfv'])
    assert.match(passwordProblem(password, []) ?? '', /figure parmi les plus répandus/, password);
});

test('guessable passwords are refused, with zxcvbn’s reason in French', () => {
  const cases: Array<[string, RegExp]> = [
    ['aaaaaaaaaaaaaaaa', /caractères répétés comme « aaa »/],
    ['azertyuiop123', /lignes droites de touches/],
    ['motdepasse2024', /trop facile à deviner/],
    ['bonjour1234567', /trop facile à deviner/],
  ];
  for (const [password, reason] of cases) {
    const problem = passwordProblem(password, []);
    assert.match(problem ?? '', /^Ce mot de passe est trop facile à deviner\./, password);
    assert.match(problem ?? '', reason, password);
    assert.match(problem ?? '', /\.$/, 'whole sentences');
  }
});

test('a password built on the account’s address or agency is refused; the same words are fine for another account', () => {
  for (const password of ['camille.durand@immo-lumiere.fr', 'Immo Lumière 2024!', 'camille durand lumiere'])
    assert.match(passwordProblem(password, CONTEXT) ?? '', /reprend votre adresse e-mail ou le nom de l’agence/, password);
  assert.equal(passwordProblem('camille durand lumiere', []), null, 'without the context, three uncommon words');
  assert.deepEqual(contextWords(['Jean.Dupont@Agence-Sud.fr']), ['jean.dupont@agence-sud.fr', 'jean', 'dupont', 'agence', 'sud']);
});

test('strong passwords pass: passphrases and random strings', () => {
  for (const password of ['girafe lampadaire turquoise', 'mot de passe de l’agence', 'x9#kLm2!qWz8vR', 'Tr0ub4dor&3-cheval'])
    assert.equal(passwordProblem(password, CONTEXT), null, password);
});

test('a check costs a few milliseconds, and a long password no more than a few tens', () => {
  const samples = ['girafe lampadaire turquoise', 'x9#kLm2!qWz8vR', 'bonjour1234567', 'Immo Lumière 2024!', 'p@ssw0rd-du-bureau'];
  for (const password of samples) passwordProblem(password, CONTEXT); // the dictionaries are ranked at the first check
  const times: number[] = [];
  for (let round = 0; round < 20; round++)
    for (const password of samples) {
      const started = performance.now();
      passwordProblem(password, CONTEXT);
      times.push(performance.now() - started);
    }
  times.sort((a, b) => a - b);
  const median = times[times.length >> 1]!;
  const started = performance.now();
  passwordProblem('a1b2c3d4e5f6g7h8'.repeat(16), CONTEXT);
  const longest = performance.now() - started;
  console.log(
    `passwordProblem: median ${median.toFixed(2)} ms over ${times.length} checks, ${longest.toFixed(1)} ms for ${PASSWORD_MAX} characters`,
  );
  // Generous bounds for a shared machine; without the limits of the options, these took 90 ms and 2.5 s.
  assert.ok(median < 50, `median ${median} ms`);
  assert.ok(longest < 800, `${longest} ms for the longest password`);
});
