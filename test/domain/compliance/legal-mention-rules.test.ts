import { test } from 'node:test';
import assert from 'node:assert/strict';
import { COMPLIANCE_RULES, complianceWarnings, saleFees } from '../../../src/domain/compliance/legal-mention-rules.js';
import { CORPUS } from '../../fixtures/compliance-corpus.js';
import { aSale } from '../../helpers/moderation-listings.js';

test('the corpus of French ads gets exactly the warnings each must get', () => {
  assert.ok(CORPUS.length >= 20);
  for (const { name, content, warnings } of CORPUS) {
    assert.deepEqual(
      complianceWarnings(content).map((w) => w.code),
      warnings,
      name,
    );
  }
});

test('every rule warns on some ad of the corpus and stays quiet on another, with both messages', () => {
  for (const code of Object.keys(COMPLIANCE_RULES)) {
    assert.ok(
      CORPUS.some((c) => c.warnings.includes(code)),
      `${code} warns somewhere`,
    );
    assert.ok(
      CORPUS.some((c) => !c.warnings.includes(code)),
      `${code} is quiet somewhere`,
    );
  }
  for (const warning of complianceWarnings(CORPUS.at(-1)!.content)) {
    assert.ok(warning.message.length > 20 && warning.messageFr.length > 20, warning.code);
    assert.notEqual(warning.message, warning.messageFr);
  }
});

test('sale fees as the arrêté of 10 January 2017 wants them, derived from fees when it can be', () => {
  // 12,000 € included in 312,000 €: 300,000 € without fees, 4 %.
  assert.deepEqual(saleFees(aSale({ price: 312_000, fees: { agencyFees: 12_000, feesPaidBy: 'buyer', feeIncluded: true } })), {
    priceWithFees: 312_000,
    priceWithoutFees: 300_000,
    percent: 4,
    paidBy: 'buyer',
  });
  // Fees on top of the price.
  assert.deepEqual(saleFees(aSale({ price: 300_000, fees: { agencyFees: 15_000, feesPaidBy: 'buyer', feeIncluded: false } })), {
    priceWithFees: 315_000,
    priceWithoutFees: 300_000,
    percent: 5,
    paidBy: 'buyer',
  });
  // Only the percentage: the amount is worked out from it.
  assert.deepEqual(
    saleFees(aSale({ price: 315_000, feesPercent: 5, fees: { agencyFees: null, feesPaidBy: 'buyer', feeIncluded: true } })),
    {
      priceWithFees: 315_000,
      priceWithoutFees: 300_000,
      percent: 5,
      paidBy: 'buyer',
    },
  );
  assert.equal(saleFees(aSale({ fees: { agencyFees: null, feesPaidBy: 'buyer', feeIncluded: true } })), null);
  assert.equal(saleFees(aSale({ fees: null })), null);
});
