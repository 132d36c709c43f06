import { hash } from 'node:crypto';
import { listingContent } from '../listing-model/content.js';
import type { ListingContent } from '../listing-model/model.js';

/**
 * A hash of everything moderation looks at but price and charges: two versions with the same
 * review hash differ in price and charges only (or not at all). Such a change of an approved
 * listing never waits for an operator (DECISIONS §11); the commercial status is not content,
 * so a status change never reaches this question.
 */
export function reviewHash(content: ListingContent, canonicalJson = listingContent.canonicalJson(content)): string {
  // The canonical JSON lists price, priceUnit and charges together, before surface; the cut is
  // unambiguous because a quote inside a string value is always escaped.
  const from = canonicalJson.indexOf(',"price":');
  const to = canonicalJson.indexOf(',"surface":', from);
  return hash('sha256', canonicalJson.slice(0, from) + canonicalJson.slice(to), 'base64url').slice(0, 32);
}

export function onlyPriceStatusOrChargesChanged(before: ListingContent, after: ListingContent): boolean {
  return reviewHash(before) === reviewHash(after);
}
