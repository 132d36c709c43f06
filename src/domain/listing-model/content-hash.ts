import { hash } from 'node:crypto';
import { listingContent } from './content.js';
import type { CommercialStatus, ListingContent } from './model.js';

/**
 * A listing's canonical JSON as text and as its UTF-8 bytes. A write encodes the content once:
 * the bytes are hashed (content hash, review hash) and copied into the statement's parameter,
 * where encoding the text three times cost a push of 500 listings ~3 MB of garbage.
 */
export interface CanonicalJson {
  readonly text: string;
  readonly bytes: Buffer;
}

export function canonicalJson(content: ListingContent, text = listingContent.canonicalJson(content)): CanonicalJson {
  return { text, bytes: Buffer.from(text, 'utf8') };
}

let scratch = Buffer.allocUnsafe(16 * 1024);

/**
 * The SHA-256 (base64url, 32 characters) of `parts` one after another, joined in a reused
 * buffer: one-shot hashing of bytes, without building a joined string to encode.
 */
export function sha256Joined(parts: readonly Uint8Array[]): string {
  let length = 0;
  for (const part of parts) length += part.length;
  if (scratch.length < length) scratch = Buffer.allocUnsafe(2 * length);
  let offset = 0;
  for (const part of parts) {
    scratch.set(part, offset);
    offset += part.length;
  }
  return hash('sha256', scratch.subarray(0, length), 'base64url').slice(0, 32);
}

const STATUS_SUFFIX = new Map<string, Buffer>();
const statusSuffix = (status: CommercialStatus) => {
  let suffix = STATUS_SUFFIX.get(status);
  if (!suffix) STATUS_SUFFIX.set(status, (suffix = Buffer.from(`\u0000${status}`, 'utf8')));
  return suffix;
};

/** Equal hashes mean a push changes nothing: no new version, no new change sequence. */
export function contentHash(
  content: ListingContent,
  status: CommercialStatus,
  json: string | CanonicalJson = listingContent.canonicalJson(content),
): string {
  // The digest of the text `${json}\u0000${status}`, as stored hashes were computed.
  const bytes = typeof json === 'string' ? Buffer.from(json, 'utf8') : json.bytes;
  return sha256Joined([bytes, statusSuffix(status)]);
}
