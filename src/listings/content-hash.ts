import { createHash } from 'node:crypto';
import { canonicalContent, type CommercialStatus, type ListingContent } from './model.js';

/** Equal hashes mean a push changes nothing: no new version, no new change sequence. */
export function contentHash(content: ListingContent, status: CommercialStatus): string {
  return createHash('sha256').update(JSON.stringify(canonicalContent(content))).update('\u0000').update(status).digest('base64url').slice(0, 32);
}
