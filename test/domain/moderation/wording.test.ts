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

test('a sale is not a rental ad: the wording rule leaves it to other checks', () => {
  assert.equal(
    discriminatoryWording.check(aListing({ transaction: 'sale', description: 'Français uniquement.' }), { decidedAt: AT }),
    null,
  );
});
