import type { FieldError } from '../outcome.js';
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
  return errors;
}
