import { hash } from 'node:crypto';
import { listingContent } from '../listing-model/content.js';
import type { ListingContent } from '../listing-model/model.js';

/**
 * A hash of everything moderation looks at but price and charges: two versions with the same
 * review hash differ in price and charges only (or not at all). Such a change of an approved
 * listing never waits for an operator (DECISIONS §11); the commercial status is not content,
 * so a status change never reaches this question.
 */
export function reviewHash(content: ListingContent): string {
  return hash('sha256', listingContent.canonicalJson({ ...content, price: 0, charges: null }), 'base64url').slice(0, 32);
}

export function onlyPriceStatusOrChargesChanged(before: ListingContent, after: ListingContent): boolean {
  return reviewHash(before) === reviewHash(after);
}
