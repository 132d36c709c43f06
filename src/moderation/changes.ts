import { listingContent } from '../listing-model/content.js';
import type { ListingContent } from '../listing-model/model.js';

/**
 * True when `after` differs from `before` in price and charges only (or not at all). Such a
 * change of an approved listing never waits for an operator (DECISIONS §11); the commercial
 * status is not content, so a status change never reaches this question.
 */
export function onlyPriceStatusOrChargesChanged(before: ListingContent, after: ListingContent): boolean {
  const rest = (content: ListingContent) => listingContent.canonicalJson({ ...content, price: 0, charges: null });
  return rest(before) === rest(after);
}
