import { hash } from 'node:crypto';
import { canonicalContent, type CommercialStatus, type ListingContent } from './model.js';

/** The content as stored: canonical field order, so equal content gives equal text. */
export const canonicalJson = (content: ListingContent) => JSON.stringify(canonicalContent(content));

/** Equal hashes mean a push changes nothing: no new version, no new change sequence. */
export function contentHash(content: ListingContent, status: CommercialStatus, json = canonicalJson(content)): string {
  // One-shot hashing (Node ≥ 20.12); the same digest as hashing the three parts in turn.
  return hash('sha256', `${json}\u0000${status}`, 'base64url').slice(0, 32);
}
