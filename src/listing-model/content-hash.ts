import { hash } from 'node:crypto';
import { listingContent } from './content.js';
import type { CommercialStatus, ListingContent } from './model.js';

/** Equal hashes mean a push changes nothing: no new version, no new change sequence. */
export function contentHash(content: ListingContent, status: CommercialStatus, json = listingContent.canonicalJson(content)): string {
  // One-shot hashing (Node ≥ 20.12); the same digest as hashing the three parts in turn.
  return hash('sha256', `${json}\u0000${status}`, 'base64url').slice(0, 32);
}
