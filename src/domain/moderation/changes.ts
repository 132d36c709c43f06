import { listingContent } from '../listing-model/content.js';
import { sha256Joined, type CanonicalJson } from '../listing-model/content-hash.js';
import type { ListingContent } from '../listing-model/model.js';

const PRICE_KEY = ',"price":';
const SURFACE_KEY = ',"surface":';

/**
 * A hash of everything moderation looks at but price and charges: two versions with the same
 * review hash differ in price and charges only (or not at all). Such a change of an approved
 * listing never waits for an operator (docs/decisions.md §11); the commercial status is not content,
 * so a status change never reaches this question.
 */
export function reviewHash(content: ListingContent, json: string | CanonicalJson = listingContent.canonicalJson(content)): string {
  // The canonical JSON lists price, priceUnit and charges together, before surface; the cut is
  // unambiguous because a quote inside a string value is always escaped.
  const bytes = typeof json === 'string' ? Buffer.from(json, 'utf8') : json.bytes;
  const from = bytes.indexOf(PRICE_KEY);
  const to = bytes.indexOf(SURFACE_KEY, from);
  return sha256Joined([bytes.subarray(0, from), bytes.subarray(to)]);
}

export function onlyPriceStatusOrChargesChanged(before: ListingContent, after: ListingContent): boolean {
  return reviewHash(before) === reviewHash(after);
}
