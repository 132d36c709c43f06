import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PolirisUpload } from '../../../domain/poliris/archive.js';

/** The media types a passerelle file is taken as, and what each is read as. */
export const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/x-zip'];
export const CSV_TYPES = ['text/csv', 'text/plain'];
/** Sent by tools that know no better (`curl --data-binary` with a file, some CRMs): the first bytes decide. */
export const SNIFFED_TYPE = 'application/octet-stream';

/**
 * A passerelle file as the route holds it. The idempotency plugin fingerprints a body as JSON:
 * this one stands for its SHA-256, so a retried upload is recognised without a copy of its bytes as text.
 */
export class UploadBody {
  constructor(
    readonly upload: PolirisUpload,
    readonly mediaType: string,
  ) {}
  toJSON(): string {
    return `${this.upload.kind}:${createHash('sha256').update(this.upload.bytes).digest('base64url')}`;
  }
}

const ZIP_SIGNATURE = Buffer.from('PK');

/** The upload a body is, by its media type; null for a type the route does not take. */
export function uploadOf(mediaType: string, bytes: Buffer): PolirisUpload | null {
  if (ZIP_TYPES.includes(mediaType)) return { kind: 'zip', bytes };
  if (CSV_TYPES.includes(mediaType)) return { kind: 'csv', bytes };
  if (mediaType === SNIFFED_TYPE) return { kind: bytes.subarray(0, 2).equals(ZIP_SIGNATURE) ? 'zip' : 'csv', bytes };
  return null;
}

/**
 * The route's scope takes any body as bytes, up to `bodyLimit` (a larger declared or sent body
 * is refused with 413 as soon as it is seen); the handler answers 415 for a type it does not take.
 */
export function takeBodiesAsBytes(app: FastifyInstance, bodyLimit: number): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (request, body, done) => {
    const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const upload = uploadOf(mediaType, body as Buffer);
    done(null, upload ? new UploadBody(upload, mediaType) : null);
  });
}
