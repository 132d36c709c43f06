import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ListingContent } from '../../../src/domain/listing-model/model.js';
import { onlyPriceStatusOrChargesChanged } from '../../../src/domain/moderation/changes.js';
import { maskedContactDetails } from '../../../src/domain/moderation/contact-details.js';
import { findLikelyDuplicate, likelyDuplicate } from '../../../src/domain/moderation/duplicates.js';
import { bannedRentalEnergyClass, missingDpe } from '../../../src/domain/moderation/energy.js';
import { moderate, RULES } from '../../../src/domain/moderation/moderate.js';
import {
  implausiblePrice,
  implausiblePricePerM2,
  LIFE_ANNUITY,
  RENTAL_HOUSING,
  RENTAL_LAND_OR_PARKING,
  SALE_HOUSING,
  SALE_LAND_OR_PARKING,
} from '../../../src/domain/moderation/price-bounds.js';
import type { DuplicateCandidate, ModerationContext, Reason, Rule } from '../../../src/domain/moderation/reason.js';
import { HOUSING_SURFACE, implausibleRooms, implausibleSurface, MIN_M2_PER_ROOM } from '../../../src/domain/moderation/surface.js';
import { aListing, aSale, AT } from '../../helpers/moderation-listings.js';
import { describeReason } from '../../../src/domain/moderation/index.js';

const context: ModerationContext = { decidedAt: AT };
const codeOf = (rule: Rule, content: ListingContent, ctx: ModerationContext = context) => rule.check(content, ctx)?.code ?? null;

test('a clean rental and a clean sale are approved with no reasons', () => {
  assert.deepEqual(moderate(aListing(), context), { outcome: 'approved', reasons: [] });
  assert.deepEqual(moderate(aSale(), context), { outcome: 'approved', reasons: [] });
});

test('every reason has a snake_case code, a severity and a message in both languages', () => {
  const codes = new Set(RULES.map((rule) => rule.code));
  assert.equal(codes.size, RULES.length, 'codes are unique');
  const flagged = moderate(aListing({ price: 90_000, surface: 3, rooms: 40, dpe: 'G', description: 'Pas d’enfants.' }), {
    decidedAt: AT,
    maskedContactDetails: 1,
  });
  assert.ok(flagged.reasons.length >= 5);
  for (const reason of flagged.reasons) {
    assert.match(reason.code, /^[a-z]+(?:_[a-z0-9]+)*$/);
    assert.ok(['reject', 'review', 'note'].includes(reason.severity));
    assert.ok(describeReason(reason).fr.length > 20 && describeReason(reason).en.length > 20);
    assert.notEqual(describeReason(reason).fr, describeReason(reason).en);
  }
});

test('price: a sale at 900 € and a rent at 90,000 € a month are implausible, the bounds themselves are not', () => {
  assert.equal(codeOf(implausiblePrice, aSale({ price: 900 })), 'price_implausible');
  assert.equal(codeOf(implausiblePrice, aListing({ price: 90_000 })), 'price_implausible');
  assert.equal(codeOf(implausiblePrice, aSale({ price: SALE_HOUSING.min, surface: 100 })), null);
  assert.equal(codeOf(implausiblePrice, aSale({ price: SALE_HOUSING.min - 1, surface: 100 })), 'price_implausible');
  assert.equal(codeOf(implausiblePrice, aSale({ price: SALE_HOUSING.max })), null);
  assert.equal(codeOf(implausiblePrice, aSale({ price: SALE_HOUSING.max + 1 })), 'price_implausible');
  assert.equal(codeOf(implausiblePrice, aListing({ price: RENTAL_HOUSING.min })), null);
  assert.equal(codeOf(implausiblePrice, aListing({ price: RENTAL_HOUSING.min - 1 })), 'price_implausible');
  assert.equal(codeOf(implausiblePrice, aListing({ price: RENTAL_HOUSING.max, surface: 400, rooms: 10 })), null);
  assert.equal(codeOf(implausiblePrice, aListing({ price: RENTAL_HOUSING.max + 1, surface: 400, rooms: 10 })), 'price_implausible');
});

test('price: land, parking and life-annuity sales have their own, lower floors', () => {
  const parking = aSale({ propertyType: 'parking', price: 8_000, surface: 12, rooms: 0, dpe: null });
  assert.equal(codeOf(implausiblePrice, parking), null, 'a garage sells under the housing floor');
  assert.equal(codeOf(implausiblePrice, { ...parking, price: SALE_LAND_OR_PARKING.min - 1 }), 'price_implausible');
  assert.equal(codeOf(implausiblePrice, aListing({ propertyType: 'parking', price: 60, surface: 12, rooms: 0 })), null);
  assert.equal(
    codeOf(implausiblePrice, aListing({ propertyType: 'parking', price: RENTAL_LAND_OR_PARKING.min - 1, surface: 12, rooms: 0 })),
    'price_implausible',
  );
  const annuity = aSale({ transaction: 'life_annuity_sale', price: 5_000 });
  assert.equal(codeOf(implausiblePrice, annuity), null, 'a small bouquet is normal');
  assert.equal(codeOf(implausiblePricePerM2, annuity), null);
  assert.equal(codeOf(implausiblePrice, { ...annuity, price: LIFE_ANNUITY.min - 1 }), 'price_implausible');
  assert.equal(codeOf(implausiblePrice, { ...annuity, transaction: 'sale' }), 'price_implausible', 'the same price as a plain sale is not');
});

test('price per m²: bounds inclusive, land exempt, a missing surface left to the surface rule', () => {
  const perM2 = SALE_HOUSING.perM2!;
  assert.equal(codeOf(implausiblePricePerM2, aSale({ surface: 100, rooms: 4, price: perM2.min * 100 })), null);
  assert.equal(codeOf(implausiblePricePerM2, aSale({ surface: 100, rooms: 4, price: perM2.min * 100 - 1 })), 'price_per_m2_implausible');
  assert.equal(codeOf(implausiblePricePerM2, aSale({ surface: 10, rooms: 1, price: perM2.max * 10 })), null);
  assert.equal(codeOf(implausiblePricePerM2, aSale({ surface: 10, rooms: 1, price: perM2.max * 10 + 1 })), 'price_per_m2_implausible');
  assert.equal(
    codeOf(implausiblePricePerM2, aListing({ surface: 10, rooms: 1, price: 2_000 })),
    'price_per_m2_implausible',
    '200 €/m² a month',
  );
  assert.equal(codeOf(implausiblePricePerM2, aSale({ propertyType: 'land', surface: 50_000, price: 20_000, rooms: 0 })), null);
  assert.equal(codeOf(implausiblePricePerM2, aSale({ surface: 0 })), null);
});

test('surface: a 3 m² apartment is implausible, 9 m² is not; land is measured in hectares', () => {
  assert.equal(codeOf(implausibleSurface, aListing({ surface: 3, rooms: 1 })), 'surface_implausible');
  assert.equal(codeOf(implausibleSurface, aListing({ surface: HOUSING_SURFACE.min, rooms: 1 })), null);
  assert.equal(codeOf(implausibleSurface, aListing({ surface: HOUSING_SURFACE.min - 0.5, rooms: 1 })), 'surface_implausible');
  assert.equal(codeOf(implausibleSurface, aSale({ surface: HOUSING_SURFACE.max + 1 })), 'surface_implausible');
  assert.equal(codeOf(implausibleSurface, aSale({ propertyType: 'land', surface: 20_000, rooms: 0 })), null);
  assert.equal(codeOf(implausibleSurface, aSale({ propertyType: 'parking', surface: 2, rooms: 0 })), null);
});

test('rooms: 40 rooms in a 30 m² studio, rooms on land or parking, no room in a flat', () => {
  assert.equal(codeOf(implausibleRooms, aListing({ propertyType: 'studio', surface: 30, rooms: 40 })), 'rooms_implausible');
  assert.equal(codeOf(implausibleRooms, aListing({ surface: 45, rooms: 3 })), null);
  assert.equal(codeOf(implausibleRooms, aListing({ surface: 10 * MIN_M2_PER_ROOM, rooms: 10 })), null, 'exactly the minimum per room');
  assert.equal(codeOf(implausibleRooms, aListing({ surface: 29, rooms: 8 })), 'rooms_implausible');
  assert.equal(codeOf(implausibleRooms, aSale({ propertyType: 'land', surface: 500, rooms: 2 })), 'rooms_implausible');
  assert.equal(codeOf(implausibleRooms, aSale({ propertyType: 'parking', surface: 12, rooms: 0 })), null);
  // rooms is required everywhere: a CRM whose form asks for at least one room sends 1 for land and parking.
  assert.equal(codeOf(implausibleRooms, aSale({ propertyType: 'parking', surface: 12, rooms: 1 })), null);
  assert.equal(codeOf(implausibleRooms, aSale({ propertyType: 'land', surface: 500, rooms: 1 })), null);
  assert.equal(codeOf(implausibleRooms, aSale({ propertyType: 'parking', surface: 12, rooms: 3 })), 'rooms_implausible');
  assert.equal(codeOf(implausibleRooms, aListing({ rooms: 0 })), 'rooms_implausible');
  assert.equal(codeOf(implausibleRooms, aSale({ propertyType: 'office', surface: 200, rooms: 0 })), null, 'an open space');
  assert.equal(codeOf(implausibleRooms, aListing({ rooms: 2.5 })), 'rooms_implausible');
});

test('dpe: missing on housing for sale or rent, exempt for land, parking, shops and offices', () => {
  assert.equal(codeOf(missingDpe, aListing({ dpe: null })), 'dpe_missing');
  assert.equal(codeOf(missingDpe, aSale({ dpe: null, propertyType: 'house' })), 'dpe_missing');
  assert.equal(codeOf(missingDpe, aSale({ dpe: null, transaction: 'life_annuity_sale' })), 'dpe_missing');
  for (const propertyType of ['land', 'parking', 'commercial', 'office'] as const) {
    assert.equal(codeOf(missingDpe, aSale({ dpe: null, propertyType })), null, propertyType);
  }
  assert.equal(codeOf(missingDpe, aListing({ dpe: 'A' })), null);
});

test('a class G home may be let until 31 December 2024 and not from 1 January 2025 (Paris time)', () => {
  const g = aListing({ dpe: 'G' });
  assert.equal(codeOf(bannedRentalEnergyClass, g, { decidedAt: new Date('2024-12-31T22:59:59Z') }), null);
  const reason = bannedRentalEnergyClass.check(g, { decidedAt: new Date('2024-12-31T23:00:00Z') });
  assert.equal(reason?.code, 'rental_energy_class_banned');
  assert.equal(reason?.severity, 'reject');
  assert.ok((reason && describeReason(reason).fr).includes('1er janvier 2025'));
  assert.equal(codeOf(bannedRentalEnergyClass, aSale({ dpe: 'G' })), null, 'a G home may still be sold');
  assert.equal(codeOf(bannedRentalEnergyClass, aListing({ dpe: 'G', propertyType: 'office', surface: 100, rooms: 3 })), null);
});

test('a class F home may be let until the end of 2027, not from 1 January 2028', () => {
  const f = aListing({ dpe: 'F' });
  assert.equal(codeOf(bannedRentalEnergyClass, f, { decidedAt: new Date('2027-12-31T22:59:59Z') }), null);
  assert.equal(codeOf(bannedRentalEnergyClass, f, { decidedAt: new Date('2027-12-31T23:00:00Z') }), 'rental_energy_class_banned');
  assert.equal(codeOf(bannedRentalEnergyClass, aListing({ dpe: 'E' }), { decidedAt: new Date('2030-06-01T00:00:00Z') }), null);
});

test('masked contact details are a note: kept with the decision, never holding the listing back', () => {
  assert.equal(maskedContactDetails.check(aListing(), { decidedAt: AT, maskedContactDetails: 0 }), null);
  assert.equal(maskedContactDetails.check(aListing(), context), null);
  const result = moderate(aListing(), { decidedAt: AT, maskedContactDetails: 2 });
  assert.equal(result.outcome, 'approved');
  assert.deepEqual(
    result.reasons.map((r: Reason) => [r.code, r.severity]),
    [['contact_details_masked', 'note']],
  );
  // Counted in marks: « appelez le 06… ou écrivez à … » is one mark, one place.
  assert.ok(describeReason(result.reasons[0]!).fr.startsWith('Des coordonnées ont été masquées à 2 endroits'));
  const one = moderate(aListing(), { decidedAt: AT, maskedContactDetails: 1 });
  assert.ok(describeReason(one.reasons[0]!).fr.startsWith('Des coordonnées ont été masquées à un endroit'));
});

const candidate = (serviceId: string, content: Partial<DuplicateCandidate['content']> = {}): DuplicateCandidate => ({
  serviceId,
  content: { transaction: 'rental', propertyType: 'apartment', postcode: '69002', surface: 45, price: 950, ...content },
});

test('duplicate: same postcode, transaction and category, surface within 2 % and price within 5 %', () => {
  const listing = aListing({ surface: 100, price: 1_000, rooms: 4 });
  assert.equal(findLikelyDuplicate(listing, [candidate('lst_a', { surface: 102, price: 1_050 })])?.serviceId, 'lst_a');
  assert.equal(findLikelyDuplicate(listing, [candidate('lst_a', { surface: 98, price: 952.4 })])?.serviceId, 'lst_a');
  assert.equal(findLikelyDuplicate(listing, [candidate('lst_a', { surface: 102.1, price: 1_000 })]), null);
  assert.equal(findLikelyDuplicate(listing, [candidate('lst_a', { surface: 100, price: 1_053 })]), null);
  assert.equal(findLikelyDuplicate(listing, [candidate('lst_a', { surface: 100, price: 1_000, postcode: '69003' })]), null);
  assert.equal(findLikelyDuplicate(listing, [candidate('lst_a', { surface: 100, price: 1_000, transaction: 'sale' })]), null);
  assert.equal(findLikelyDuplicate(listing, [candidate('lst_a', { surface: 100, price: 1_000, propertyType: 'house' })]), null);
  assert.equal(findLikelyDuplicate(listing, []), null);
  assert.equal(
    findLikelyDuplicate(listing, [candidate('lst_far', { surface: 300 }), candidate('lst_b', { surface: 100, price: 1_000 })])?.serviceId,
    'lst_b',
  );
});

test('the duplicate rule sends the listing to review and names the other listing', () => {
  const reason = likelyDuplicate.check(aListing(), { decidedAt: AT, duplicateCandidates: [candidate('lst_twin')] });
  assert.equal(reason?.code, 'likely_duplicate');
  assert.equal(reason?.severity, 'review');
  assert.ok((reason && describeReason(reason).fr).includes('lst_twin') && describeReason(reason).en.includes('lst_twin'));
  assert.equal(likelyDuplicate.check(aListing(), context), null);
});

test('moderate: any reject rejects, else any review waits, notes alone approve; every reason is kept', () => {
  const rejected = moderate(aListing({ dpe: 'G', description: 'Pas d’enfants.' }), { decidedAt: AT, maskedContactDetails: 1 });
  assert.equal(rejected.outcome, 'rejected');
  assert.deepEqual(rejected.reasons.map((r) => r.code).sort(), [
    'contact_details_masked',
    'discriminatory_wording',
    'rental_energy_class_banned',
  ]);
  const pending = moderate(aListing({ dpe: null }), { decidedAt: AT, maskedContactDetails: 1 });
  assert.equal(pending.outcome, 'pending');
  assert.deepEqual(pending.reasons.map((r) => r.code).sort(), ['contact_details_masked', 'dpe_missing']);
  const order = moderate(aListing({ dpe: 'G', price: 90_000 }), context);
  assert.equal(order.outcome, 'rejected', 'a review before the reject does not soften it');
});

test('a rule that throws sends the listing to review with rule_error and reports the error', () => {
  const failure = new Error('strange listing');
  const throwing: Rule = {
    code: 'always_throws',
    check() {
      throw failure;
    },
    describe: () => ({ fr: 'jamais', en: 'never' }),
  };
  const seen: Array<[string, unknown]> = [];
  const result = moderate(aListing(), { decidedAt: AT, onRuleError: (code, error) => seen.push([code, error]) }, [throwing, ...RULES]);
  assert.equal(result.outcome, 'pending');
  assert.deepEqual(
    result.reasons.map((r) => [r.code, r.severity]),
    [['rule_error', 'review']],
  );
  assert.deepEqual(seen, [['always_throws', failure]]);
  assert.match(describeReason(result.reasons[0]!).fr, /« always_throws »/, 'the message names the check that failed');
  const failingReport = moderate(
    aListing(),
    {
      decidedAt: AT,
      onRuleError: () => {
        throw new Error('logger down');
      },
    },
    [throwing],
  );
  assert.equal(failingReport.outcome, 'pending');
  const withReject = moderate(aListing({ dpe: 'G' }), { decidedAt: AT }, [throwing, ...RULES]);
  assert.equal(withReject.outcome, 'rejected', 'a reject found by another rule still rejects');
});

test('only price and charges changed: true for those alone, false when anything else changed', () => {
  const before = aListing();
  assert.equal(onlyPriceStatusOrChargesChanged(before, { ...before, price: 990 }), true);
  assert.equal(onlyPriceStatusOrChargesChanged(before, { ...before, charges: null }), true);
  assert.equal(onlyPriceStatusOrChargesChanged(before, { ...before, price: 1_200, charges: 100 }), true);
  assert.equal(onlyPriceStatusOrChargesChanged(before, { ...before }), true);
  assert.equal(onlyPriceStatusOrChargesChanged(before, { ...before, price: 990, description: 'Pas d’enfants.' }), false);
  assert.equal(onlyPriceStatusOrChargesChanged(before, { ...before, title: 'Autre titre' }), false);
  assert.equal(onlyPriceStatusOrChargesChanged(before, { ...before, dpe: 'G' }), false);
  assert.equal(
    onlyPriceStatusOrChargesChanged(before, { ...before, photos: [{ url: 'https://x.test/1.jpg', label: null, order: 0 }] }),
    false,
  );
});
