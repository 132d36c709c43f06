import { createHash } from 'node:crypto';
import { canonicalContent, type CommercialStatus, type ListingContent } from './model.js';

/** The content as stored: canonical field order, so equal content gives equal text. */
export const canonicalJson = (content: ListingContent) => JSON.stringify(canonicalContent(content));

/** Equal hashes mean a push changes nothing: no new version, no new change sequence. */
export function contentHash(content: ListingContent, status: CommercialStatus, json = canonicalJson(content)): string {
  return createHash('sha256').update(json).update('\u0000').update(status).digest('base64url').slice(0, 32);
}
