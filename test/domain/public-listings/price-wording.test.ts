import { test } from 'node:test';
import assert from 'node:assert/strict';
import { priceDisplay, type Priced } from '../../../src/domain/public-listings/price-wording.js';
import { complianceWarnings } from '../../../src/domain/compliance/legal-mention-rules.js';
import type { ListingContent } from '../../../src/domain/listing-model/model.js';

/**
 * The one wording of a price (docs/site-and-spaces.md): a sale's fees are worked out by the legal
 * mention's own rule, so what a visitor reads and what the agency is warned of never disagree.
 */
const sale = (extra: Partial<Priced>): Priced => ({ transaction: 'sale', price: 300_000, charges: null, fees: null, ...extra });
/** French spacing (no-break spaces before € and %, narrow ones between thousands) read as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const shown = (priced: Priced) => {
  const display = priceDisplay(priced);
  return { headline: plain(display.headline), details: display.details.map(plain) };
};
const buyer = { feesPaidBy: 'buyer' as const, feeIncluded: true, agencyFees: null };

test('a sale whose fees are a percentage of the price without them: the agency’s percentage, the amount and the price without fees', () => {
  assert.deepEqual(shown(sale({ price: 313_500, fees: buyer, feesPercent: 4.5 })), {
    headline: '313 500 € honoraires inclus',
    details: ['dont 4,5 % TTC d’honoraires à la charge de l’acquéreur, soit 13 500 €', 'Prix hors honoraires : 300 000 €'],
  });
});

test('a sale with an amount of fees, included in the price or not', () => {
  assert.deepEqual(shown(sale({ fees: { ...buyer, agencyFees: 15_000 } })).details, [
    'dont 5,3 % TTC d’honoraires à la charge de l’acquéreur, soit 15 000 €',
    'Prix hors honoraires : 285 000 €',
  ]);
  const excluded = shown(sale({ fees: { ...buyer, feeIncluded: false, agencyFees: 15_000 } }));
  assert.equal(excluded.headline, '315 000 € honoraires inclus');
  assert.equal(excluded.details[0], 'dont 5 % TTC d’honoraires à la charge de l’acquéreur, soit 15 000 €');
});

test('fees the seller pays, fees not given, and buyer’s fees that cannot be worked out: the bare price and what to ask', () => {
  assert.deepEqual(shown(sale({ fees: { ...buyer, feesPaidBy: 'seller' } })).details, ['Honoraires à la charge du vendeur']);
  assert.deepEqual(shown(sale({})).details, ['Honoraires : renseignez-vous auprès de l’agence']);
  assert.deepEqual(shown(sale({ fees: buyer })), {
    headline: '300 000 €',
    details: ['Honoraires : renseignez-vous auprès de l’agence'],
  });
});

test('fees as large as the price: no « honoraires inclus » headline on the page, the agency warned as the rule says', () => {
  const priced = sale({ price: 10_000, fees: { ...buyer, agencyFees: 10_000 } });
  assert.deepEqual(shown(priced), { headline: '10 000 €', details: ['Honoraires : renseignez-vous auprès de l’agence'] });
  const content = { ...priced, title: 'Parking', propertyType: 'parking' } as unknown as ListingContent;
  assert.ok(
    complianceWarnings(content).some((w) => w.code === 'buyer_fees_incomplete'),
    'the page and the legal warning agree',
  );
});

test('a rent: charges included, then the tenant’s fees', () => {
  assert.deepEqual(
    shown({ transaction: 'rental', price: 800, charges: 50, fees: { feesPaidBy: 'tenant', agencyFees: 600, feeIncluded: null } }),
    {
      headline: '850 € par mois charges comprises',
      details: ['dont 50 € de charges', 'Loyer hors charges : 800 €', 'Honoraires à la charge du locataire : 600 € TTC'],
    },
  );
});
