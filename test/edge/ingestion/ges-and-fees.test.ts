import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { ingestItem } from '../../helpers/listings.js';
import { page } from '../../helpers/site.js';

/**
 * The GES class and the agency's fees pushed through ingestion (docs/interfaces.md, beyond
 * spec 2.1 as v1 has them): stored, read back, checked by v1's business rules, and shown on
 * the public page. Without them a pushed listing said « GES : non communiqué » beside its own
 * GES figure and never showed its fees.
 */
const { t, agency } = useTestApp();
const push = (listings: unknown[]) => t.call('POST', '/ingest/ingestListings', agency.live, { listings });
const read = (externalId: string) => t.call('GET', `/ingest/listingByExternalId?externalId=${encodeURIComponent(externalId)}`, agency.live);
const nbsp = '\u00a0';
const th = '\u202f';

test(`[${databaseKind}] a push with ges and fees: read back on both interfaces, and the page shows the GES class and the fees`, async () => {
  const sale = ingestItem('GF-SALE', {
    dpe: 'D',
    ges: 'C',
    gesValue: 25,
    fees: { agencyFees: 15_000, feesPaidBy: 'buyer', feeIncluded: true },
  });
  const rental = ingestItem('GF-RENT', {
    transaction: 'LOCATION',
    price: 950,
    charges: 80,
    surface: 45,
    rooms: 2,
    bedrooms: 1,
    dpe: 'C',
    ges: 'B',
    fees: { agencyFees: 700, feesPaidBy: 'tenant' },
  });
  const pushed = await push([sale, rental]);
  assert.equal(pushed.statusCode, 200, pushed.body);
  assert.deepEqual(pushed.json().errors, []);
  const [saleResult, rentalResult] = pushed.json().results;
  assert.equal(saleResult.moderation.state, 'approved', JSON.stringify(saleResult));

  const ingestRead = (await read('GF-SALE')).json();
  assert.equal(ingestRead.ges, 'C');
  assert.deepEqual(ingestRead.fees, { agencyFees: 15_000, feesPaidBy: 'buyer', feeIncluded: true });
  const v1Read = (await t.call('GET', '/v1/listings/by-external/GF-RENT', agency.live)).json();
  assert.equal(v1Read.ges, 'B');
  assert.deepEqual(v1Read.fees, { agencyFees: 700, feesPaidBy: 'tenant', feeIncluded: null }, 'an absent fee field is stored as not given');

  const saleHtml = (await page(t, `/listings/${saleResult.serviceId}`)).body;
  assert.ok(saleHtml.includes('Émissions de gaz à effet de serre (GES) : classe C'), 'the GES class pushed');
  assert.ok(!saleHtml.includes('(GES) : non communiqué'));
  assert.ok(saleHtml.includes(`320${th}000${nbsp}€ honoraires inclus`), 'the price fees included');
  assert.ok(saleHtml.includes(`à la charge de l’acquéreur, soit 15${th}000${nbsp}€`), 'who pays the fees, and how much');
  assert.ok(saleHtml.includes(`Prix hors honoraires : 305${th}000${nbsp}€`));
  assert.ok(!saleHtml.includes('renseignez-vous'), 'nothing left to ask the agency about the fees');

  const rentalHtml = (await page(t, `/listings/${rentalResult.serviceId}`)).body;
  assert.ok(rentalHtml.includes('Émissions de gaz à effet de serre (GES) : classe B'));
  assert.ok(rentalHtml.includes(`Honoraires à la charge du locataire : 700${nbsp}€ TTC`));

  // The same content again is unchanged: ges and fees are part of what a push compares.
  const again = (await push([sale, rental])).json();
  assert.equal(again.unchanged, 2, JSON.stringify(again));
  const withoutGes = (await push([{ ...sale, ges: null }])).json();
  assert.equal(withoutGes.updated, 1);
  assert.equal((await read('GF-SALE')).json().ges, null, 'a push that leaves ges out stores it as not given');
});

test(`[${databaseKind}] ges and fees in a push follow v1's rules: each broken one refuses its listing alone`, async () => {
  const pushed = await push([
    ingestItem('GF-BETTER', { dpe: 'B', ges: 'D' }),
    ingestItem('GF-TENANT', { fees: { feesPaidBy: 'tenant' } }),
    ingestItem('GF-BUYER', { transaction: 'LOCATION', price: 900, fees: { feesPaidBy: 'buyer' } }),
    ingestItem('GF-TOO-MUCH', { price: 100_000, fees: { agencyFees: 120_000, feesPaidBy: 'buyer' } }),
    ingestItem('GF-SHAPE', { ges: 'Z', fees: { agencyFees: -1, feesPaidBy: 'agency', feeIncluded: 'yes', vat: 20 } }),
    ingestItem('GF-NOT-OBJECT', { fees: 15_000 }),
    ingestItem('GF-OK', { ges: 'D', fees: null }),
  ]);
  assert.equal(pushed.statusCode, 200, pushed.body);
  const body = pushed.json();
  assert.equal(body.created, 1, 'the valid listing is written');
  const reasons = Object.fromEntries(
    body.errors.map((e: { externalId: string; details: Array<{ field: string; message: string }> }) => [
      e.externalId,
      e.details.map((d) => `${d.field}: ${d.message}`),
    ]),
  );
  assert.match(reasons['GF-BETTER'].join(), /^dpe: dpe must not be better than ges/);
  assert.match(reasons['GF-TENANT'].join(), /^fees\.feesPaidBy: feesPaidBy of a sale must be seller or buyer, not tenant/);
  assert.match(reasons['GF-BUYER'].join(), /^fees\.feesPaidBy: feesPaidBy of a rental must be landlord or tenant, not buyer/);
  assert.match(reasons['GF-TOO-MUCH'].join(), /^fees\.agencyFees: agencyFees must not exceed the price/);
  assert.deepEqual(
    reasons['GF-SHAPE'].map((r: string) => r.split(':')[0]),
    ['ges', 'fees.vat', 'fees.agencyFees', 'fees.feesPaidBy', 'fees.feeIncluded'],
  );
  assert.match(reasons['GF-NOT-OBJECT'].join(), /^fees: fees must be an object/);
});
