import { canonicalJson, sha256Joined, type CanonicalJson } from '../listing-model/content-hash.js';
import type { ListingContent } from '../listing-model/model.js';

const PRICE_KEY = ',"price":';
const SURFACE_KEY = ',"surface":';

/**
 * A hash of everything moderation looks at but price and charges: two versions with the same
 * review hash differ in price and charges only (or not at all). Such a change of an approved
 * listing never waits for an operator (docs/decisions.md §11); the commercial status is not content,
 * so a status change never reaches this question.
 */
export function reviewHash(content: ListingContent, json: CanonicalJson = canonicalJson(content)): string {
  // The canonical JSON lists price, priceUnit and charges together, before surface, in its first
  // part (the head, before the description); the cut is unambiguous because a quote inside a
  // string value is always escaped. The hashed parts read bedrooms as the content hash does.
  const [head, ...rest] = json.hashed as [Buffer, ...Buffer[]];
  const from = head.indexOf(PRICE_KEY);
  const to = head.indexOf(SURFACE_KEY, from);
  return sha256Joined([head.subarray(0, from), head.subarray(to), ...rest]);
}

export function onlyPriceStatusOrChargesChanged(before: ListingContent, after: ListingContent): boolean {
  return reviewHash(before) === reviewHash(after);
}
