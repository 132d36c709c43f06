import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FormErrors } from '../../../src/edge/html/page-parts.js';
import { frenchSpacing } from '../../../src/edge/html/format.js';

/** French typography in the form's error summary: the colon of its title never starts a line. */
test('a refused form’s summary title keeps its colon on the line of its last word', async () => {
  const html = String(
    await FormErrors({ title: 'Le mot de passe n’a pas été changé :', errors: [{ field: 'password', message: 'Trop court.' }] }),
  );
  assert.match(html, /<strong>Le mot de passe n’a pas été changé\u00a0:<\/strong>/);
  assert.doesNotMatch(html, / :/);
});

test('French spacing puts a no-break space before : ; ? ! and leaves the rest', () => {
  assert.equal(frenchSpacing('Corrigez : vite ; oui ? non !'), 'Corrigez\u00a0: vite\u00a0; oui\u00a0? non\u00a0!');
  assert.equal(frenchSpacing('https://exemple.fr/a?b=1'), 'https://exemple.fr/a?b=1');
  assert.equal(frenchSpacing('déjà\u00a0:'), 'déjà\u00a0:');
});
