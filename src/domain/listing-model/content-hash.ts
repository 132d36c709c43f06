import { hash } from 'node:crypto';
import { listingContent } from './content.js';
import { jsonStringParts } from '../../platform/db/jsonb.js';
import type { CommercialStatus, ListingContent } from './model.js';

/**
 * A listing's canonical JSON as its UTF-8 bytes (and as text, on demand). A write encodes the
 * content once: the bytes are hashed (content hash, review hash) and copied into the statement's
 * parameter, where encoding the text three times made garbage for the collector on every push.
 */
export interface CanonicalJson {
  /** Made from the bytes when first asked for (a driver that sends parameters as text). */
  readonly text: string;
  /** What is stored. */
  readonly bytes: Buffer;
  /**
   * What the hashes read, one part after another: `[bytes]`, or, when bedrooms was left out,
   * the head with the default (`CanonicalParts.hashedHead`) and the stored bytes after theirs.
   */
  readonly hashed: readonly Buffer[];
}

let encoding = Buffer.allocUnsafe(16 * 1024);

/** Writes `text` at `offset` of the encoding buffer; returns the offset after it. */
const put = (text: string, offset: number) => offset + encoding.write(text, offset, 'utf8');

/**
 * The canonical JSON's bytes, written part by part into a reused buffer: the description goes
 * straight from the content, never through an escaped copy of it nor a joined text (garbage on
 * every push), and the bytes are copied out once.
 */
export function canonicalJson(content: ListingContent): CanonicalJson {
  const { head, hashedHead, description, tail } = listingContent.canonicalParts(content);
  const value = jsonStringParts(description);
  let length = head.length + tail.length;
  for (const part of value) length += part.length;
  // A UTF-16 unit never takes more than 3 bytes in UTF-8.
  if (encoding.length < 3 * length) encoding = Buffer.allocUnsafe(6 * length);
  let offset = put(head, 0);
  const headLength = offset;
  for (const part of value) offset = put(part, offset);
  offset = put(tail, offset);
  const bytes = Buffer.allocUnsafe(offset);
  encoding.copy(bytes, 0, 0, offset);
  let text: string | undefined;
  return {
    bytes,
    hashed: hashedHead === head ? [bytes] : [Buffer.from(hashedHead, 'utf8'), bytes.subarray(headLength)],
    get text() {
      return (text ??= bytes.toString('utf8'));
    },
  };
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

/**
 * Equal hashes mean a push changes nothing: no new version, no new change sequence. `json` is
 * the content's canonical JSON, or the text the hashes read (`ContentModel.hashedJson`).
 */
export function contentHash(
  content: ListingContent,
  status: CommercialStatus,
  json: string | CanonicalJson = canonicalJson(content),
): string {
  // The digest of the text `${hashed}\u0000${status}`, as stored hashes were computed.
  const hashed = typeof json === 'string' ? [Buffer.from(json, 'utf8')] : json.hashed;
  return sha256Joined([...hashed, statusSuffix(status)]);
}
