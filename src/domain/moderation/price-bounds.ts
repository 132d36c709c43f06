import type { ListingContent } from '../listing-model/model.js';
import { isLandOrParking, isResidential } from './categories.js';
import { enNumber, frNumber } from './numbers.js';
import type { Reason, ReasonParams, Rule } from './reason.js';

/**
 * Bounds outside which a price is more likely a typing mistake (a rent typed as a sale price,
 * thousands typed as euros, an extra zero) than a real offer. They are deliberately wide: a
 * price outside them is sent to an operator, not refused, so only the absurd should trip them.
 * Prices in euros; rents per month.
 */
interface PriceBounds {
  min: number;
  max: number;
  /** Per m² of surface; null where the price does not follow the surface. */
  perM2: { min: number; max: number } | null;
}

/** Housing for sale: the cheapest rural houses sell around 300 €/m², the dearest Paris flats near 30,000 €/m². */
export const SALE_HOUSING: PriceBounds = { min: 10_000, max: 50_000_000, perM2: { min: 100, max: 60_000 } };

/** Shops and offices for sale: same span as housing, but a large building may be worth far more. */
export const SALE_PROFESSIONAL: PriceBounds = { min: 5_000, max: 200_000_000, perM2: { min: 50, max: 60_000 } };

/**
 * Land and parking for sale: a rural plot or a garage sells for a few thousand euros, and land
 * ranges from under 1 €/m² (farmland) to thousands (city plots), so no per-m² bound.
 */
export const SALE_LAND_OR_PARKING: PriceBounds = { min: 1_000, max: 20_000_000, perM2: null };

/**
 * Life-annuity sale: the price is the upfront lump sum (bouquet), a fraction of the value and
 * sometimes small, so only a low floor and no per-m² minimum; the ceiling follows housing.
 */
export const LIFE_ANNUITY: PriceBounds = { min: 1_000, max: 50_000_000, perM2: { min: 0, max: 60_000 } };

/** Housing for rent: a maid's room rents from about 300 €/month; Paris tops out near 50 €/m² (tiny studios more). */
export const RENTAL_HOUSING: PriceBounds = { min: 100, max: 30_000, perM2: { min: 2, max: 150 } };

/** Shops and offices for rent: large premises can rent for far more than any home. */
export const RENTAL_PROFESSIONAL: PriceBounds = { min: 100, max: 500_000, perM2: { min: 1, max: 300 } };

/** A parking space rents from about 20 €/month; land rents (gardens, storage) stay small. */
export const RENTAL_LAND_OR_PARKING: PriceBounds = { min: 10, max: 5_000, perM2: null };

export function priceBoundsFor(content: Pick<ListingContent, 'transaction' | 'propertyType'>): PriceBounds {
  const kind = isLandOrParking(content.propertyType) ? 'landOrParking' : isResidential(content.propertyType) ? 'housing' : 'professional';
  if (content.transaction === 'rental') {
    return kind === 'housing' ? RENTAL_HOUSING : kind === 'professional' ? RENTAL_PROFESSIONAL : RENTAL_LAND_OR_PARKING;
  }
  if (content.transaction === 'life_annuity_sale' && kind === 'housing') return LIFE_ANNUITY;
  return kind === 'housing' ? SALE_HOUSING : kind === 'professional' ? SALE_PROFESSIONAL : SALE_LAND_OR_PARKING;
}

const perMonth = (params: ReasonParams) => (params.monthly === 1 ? { fr: ' par mois', en: ' a month' } : { fr: '', en: '' });
const monthly = (content: ListingContent) => (content.transaction === 'rental' ? 1 : 0);

export const implausiblePrice: Rule = {
  code: 'price_implausible',
  check(content): Reason | null {
    const bounds = priceBoundsFor(content);
    const price = content.price;
    if (price >= bounds.min && price <= bounds.max) return null;
    return {
      code: 'price_implausible',
      severity: 'review',
      params: { price, min: bounds.min, max: bounds.max, monthly: monthly(content) },
    };
  },
  describe(params) {
    const unit = perMonth(params);
    const { price, min, max } = params as { price: number; min: number; max: number };
    return {
      fr: `Le prix de ${frNumber(price)} €${unit.fr} est invraisemblable pour ce type de bien (attendu entre ${frNumber(min)} € et ${frNumber(max)} €). Vérifiez le montant saisi et le type de transaction.`,
      en: `The price of €${enNumber(price)}${unit.en} is implausible for this kind of property (expected between €${enNumber(min)} and €${enNumber(max)}). Check the amount and the transaction type.`,
    };
  },
};

export const implausiblePricePerM2: Rule = {
  code: 'price_per_m2_implausible',
  check(content): Reason | null {
    const bounds = priceBoundsFor(content).perM2;
    // A missing or absurd surface is the surface rule's concern, not a price per m².
    if (bounds === null || !(content.surface > 0)) return null;
    const perM2 = content.price / content.surface;
    if (perM2 >= bounds.min && perM2 <= bounds.max) return null;
    const rounded = Math.round(perM2 * 100) / 100;
    return {
      code: 'price_per_m2_implausible',
      severity: 'review',
      params: { perM2: rounded, min: bounds.min, max: bounds.max, monthly: monthly(content) },
    };
  },
  describe(params) {
    const unit = perMonth(params);
    const { perM2, min, max } = params as { perM2: number; min: number; max: number };
    return {
      fr: `Le prix au m² (${frNumber(perM2)} €/m²${unit.fr}) est invraisemblable (attendu entre ${frNumber(min)} et ${frNumber(max)} €/m²). Vérifiez le prix et la surface.`,
      en: `The price per m² (€${enNumber(perM2)}/m²${unit.en}) is implausible (expected between €${enNumber(min)} and €${enNumber(max)}/m²). Check the price and the surface.`,
    };
  },
};
