import { Type } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IdempotencyHeader } from '../../http/schemas.js';
import { toV1Record } from '../../../domain/listings/v1-record.js';
import { etagOf } from '../mapping.js';

/** What the listing operations of v1 share: their security, the If-Match and ETag headers. */

export const security = [{ bearerAuth: [] }];

const IfMatch = Type.Object({
  'if-match': Type.Optional(
    Type.String({ maxLength: 64, description: 'ETag "v{version}" of the listing: refuse (412) if it changed since.' }),
  ),
});
export const WriteHeaders = Type.Object({ ...IfMatch.properties, ...IdempotencyHeader.properties });
export const etagHeader = { ETag: { type: 'string', pattern: '^"v[0-9]+"$', maxLength: 16, description: '"v{version}"' } };

/** `If-Match: "v3"` → 3; absent → undefined; anything else cannot match any version. */
export function expectedVersion(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const match = /^\s*(?:W\/)?"v(\d+)"\s*$/.exec(String(header));
  return match ? Number(match[1]) : -1;
}

/** A listing in v1 names with its ETag. */
export const sendListing = (reply: FastifyReply, listing: Parameters<typeof toV1Record>[0], siteUrl: string) =>
  reply.header('etag', etagOf(listing.version)).send(toV1Record(listing, siteUrl));
