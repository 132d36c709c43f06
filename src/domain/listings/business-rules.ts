import type { FieldError } from '../../platform/outcome.js';
import type { ListingContent } from '../listing-model/model.js';

/**
 * Cross-field rules: the data is well-formed but says something impossible. Field names
 * are the model's; each interface renames them to its own vocabulary.
 */
export function businessErrors(content: ListingContent): FieldError[] {
  const errors: FieldError[] = [];
  if (content.dpe && content.ges && content.dpe < content.ges) {
    errors.push({
      field: 'dpe',
      message: `dpe must not be better than ges: the energy label is the worse of the two (dpe ${content.dpe}, ges ${content.ges})`,
    });
  }
  if (content.bedrooms !== null && content.bedrooms > content.rooms) {
    errors.push({ field: 'bedrooms', message: `bedrooms (${content.bedrooms}) must not exceed rooms (${content.rooms})` });
  }
  if (content.propertyType === 'studio' && content.rooms > 1) {
    errors.push({ field: 'rooms', message: 'a studio has one main room: rooms must be 1' });
  }
  if (content.charges !== null && content.transaction !== 'rental') {
    errors.push({ field: 'charges', message: 'charges are the monthly charges of a rental: a sale has none' });
  }
  if (content.priceUnit !== 'EUR') {
    errors.push({ field: 'priceUnit', message: 'priceUnit must be EUR: prices are in euros' });
  }
  const paidBy = content.fees?.feesPaidBy;
  if (paidBy) {
    const rental = content.transaction === 'rental';
    if (rental && (paidBy === 'seller' || paidBy === 'buyer')) {
      errors.push({ field: 'fees.feesPaidBy', message: `feesPaidBy of a rental must be landlord or tenant, not ${paidBy}` });
    }
    if (!rental && (paidBy === 'landlord' || paidBy === 'tenant')) {
      errors.push({ field: 'fees.feesPaidBy', message: `feesPaidBy of a sale must be seller or buyer, not ${paidBy}` });
    }
  }
  if (content.fees?.agencyFees != null && content.fees.agencyFees > content.price && content.transaction !== 'rental') {
    errors.push({ field: 'fees.agencyFees', message: 'agencyFees must not exceed the price' });
  }
  errors.push(...legalMentionErrors(content));
  return errors;
}

const RENTAL_ONLY = ['deposit', 'tenantFees', 'tenantInventoryFees', 'referenceRent', 'rentSupplement'] as const;
const LIFE_ANNUITY_ONLY = ['occupied', 'lumpSum', 'annuity', 'marketValue'] as const;

/** The legal mentions' cross-field rules (docs/interfaces.md, "Legal mentions"): ranges the right way round, dates not ahead, fields of the right transaction. */
function legalMentionErrors(content: ListingContent, today = new Date()): FieldError[] {
  const errors: FieldError[] = [];
  const { energyCostMin: low, energyCostMax: high } = content;
  if (low != null && high != null && low > high) {
    errors.push({
      field: 'energyCostMax',
      message: `energyCostMax (${high}) must not be below energyCostMin (${low}): the range is inverted`,
    });
  }
  const year = content.energyCostReferenceYear;
  if (year != null && year > today.getUTCFullYear()) {
    errors.push({ field: 'energyCostReferenceYear', message: `energyCostReferenceYear (${year}) must not be in the future` });
  }
  if (content.dpeDate != null && content.dpeDate > today.toISOString().slice(0, 10)) {
    errors.push({ field: 'dpeDate', message: `dpeDate (${content.dpeDate}) must not be in the future` });
  }
  if (content.tenantInventoryFees != null && content.tenantFees != null && content.tenantInventoryFees > content.tenantFees) {
    errors.push({ field: 'tenantInventoryFees', message: 'tenantInventoryFees is part of tenantFees: it must not exceed it' });
  }
  if (content.transaction !== 'rental') {
    for (const field of RENTAL_ONLY) {
      if (content[field] != null)
        errors.push({
          field,
          message: `${field} belongs to a rental: a ${content.transaction === 'sale' ? 'sale' : 'life-annuity sale'} has none`,
        });
    }
  } else if (content.feesPercent != null) {
    errors.push({
      field: 'feesPercent',
      message: 'feesPercent is the fees of a sale as a share of its price: a rental states tenantFees instead',
    });
  }
  if (content.transaction !== 'life_annuity_sale') {
    for (const field of LIFE_ANNUITY_ONLY) {
      if (content[field] != null) errors.push({ field, message: `${field} belongs to a life-annuity sale (VIAGER)` });
    }
  }
  return errors;
}
