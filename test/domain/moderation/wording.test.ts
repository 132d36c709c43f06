import { test } from 'node:test';
import assert from 'node:assert/strict';
import { discriminatoryWording, findDiscriminatoryWording } from '../../../src/domain/moderation/wording.js';
import { GUILTY, INNOCENT } from '../../fixtures/rental-wording-corpus.js';
import { aListing, AT } from '../../helpers/moderation-listings.js';
import { describeReason } from '../../../src/domain/moderation/index.js';

const rental = (description: string) => aListing({ transaction: 'rental', description });

test('the corpus holds at least 30 sentences, half of them innocent', () => {
  assert.ok(GUILTY.length + INNOCENT.length >= 30);
  assert.equal(GUILTY.length, INNOCENT.length);
});

for (const { text, flagged } of GUILTY) {
  test(`flags: ${text}`, () => {
    const reason = discriminatoryWording.check(rental(text), { decidedAt: AT });
    assert.ok(reason, 'expected a reason');
    assert.equal(reason.code, 'discriminatory_wording');
    assert.equal(reason.severity, 'review');
    assert.ok(describeReason(reason).fr.includes(`« ${flagged} »`), describeReason(reason).fr);
    assert.ok(describeReason(reason).en.includes(`"${flagged}"`), describeReason(reason).en);
  });
}

for (const { text, why } of INNOCENT) {
  test(`leaves alone: ${text}${why ? ` (${why})` : ''}`, () => {
    assert.equal(discriminatoryWording.check(rental(text), { decidedAt: AT }), null);
  });
}

test('accents, capitals, curly apostrophes and non-breaking spaces do not hide a phrase', () => {
  assert.deepEqual(findDiscriminatoryWording('ETRANGERS S\u2019ABSTENIR'), ['ETRANGERS S\u2019ABSTENIR']);
  assert.deepEqual(findDiscriminatoryWording('francais\u00a0uniquement'), ['francais uniquement']);
  assert.deepEqual(findDiscriminatoryWording("pas d'enfants"), ["pas d'enfants"]);
});

test('a phrase inside a longer word is not a phrase', () => {
  assert.deepEqual(findDiscriminatoryWording('maison familiale, quartier familial'), []);
  assert.deepEqual(findDiscriminatoryWording('Grand séjour idéal pour les repas de famille.'), [], '"pas de famille" inside "repas"');
  assert.deepEqual(findDiscriminatoryWording('Résidence avec vigiles, étrangers uniquementx'), []);
});

test('the reason quotes each phrase once and the title counts too', () => {
  const reason = discriminatoryWording.check(
    aListing({ transaction: 'rental', title: 'T2 — pas d’enfants', description: 'Pas d’enfants. Pas d’enfants. Étrangers s’abstenir.' }),
    { decidedAt: AT },
  );
  assert.ok(reason);
  assert.equal(describeReason(reason).fr.match(/« pas d’enfants »/gi)?.length, 1);
  assert.ok(describeReason(reason).fr.includes('« pas d’enfants »'), 'quoted as first written, in the title');
  assert.ok(describeReason(reason).fr.includes('« Étrangers s’abstenir »'));
});

// A seller may no more pick a buyer than a landlord a tenant (code pénal, art. 225-1 and 225-2).
for (const transaction of ['sale', 'life_annuity_sale'] as const) {
  test(`a ${transaction} is held for the same wording as a rental, and left alone for the same innocent sentences`, () => {
    const check = (description: string) => discriminatoryWording.check(aListing({ transaction, description }), { decidedAt: AT });
    for (const { text, flagged } of GUILTY) {
      const reason = check(text);
      assert.ok(reason, `expected a reason for: ${text}`);
      assert.equal(reason.severity, 'review');
      assert.ok(describeReason(reason).fr.includes(`« ${flagged} »`), describeReason(reason).fr);
    }
    for (const { text } of INNOCENT) assert.equal(check(text), null, text);
    assert.match(describeReason(check('Étrangers s’abstenir.')!).fr, /acquéreur ou un locataire/);
  });
}

test('the age of the occupant of a life annuity or a bare-ownership sale is part of the deal; a required age never is', () => {
  const check = (transaction: 'sale' | 'rental' | 'life_annuity_sale', description: string) =>
    discriminatoryWording.check(aListing({ transaction, description }), { decidedAt: AT });
  assert.equal(check('life_annuity_sale', 'Viager occupé, vendeuse âgée de plus de 80 ans.'), null);
  assert.equal(check('sale', 'Nue-propriété, usufruitier âgé de plus de 85 ans.'), null);
  assert.ok(check('rental', 'Locataire âgé de moins de 30 ans.'), 'in a rental the age described is the tenant’s');
  assert.ok(check('life_annuity_sale', 'Acquéreur âgé de moins de 40 ans uniquement.'));
  assert.ok(check('sale', 'Limite d’âge : 40 ans.'));
});
