import { Type } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IdempotencyHeader } from '../../http/schemas.js';
import { toV1Record } from '../../../domain/listings/v1-record.js';
import { etagOf } from '../mapping.js';
import { ownNameHint } from '../../../domain/listing-model/interface-names.js';
import { ownCodeHint } from '../../../domain/listing-model/interface-codes.js';
import type { FieldHints } from '../../../platform/validation/field-hints.js';

/** What the listing operations of v1 share: their security, the If-Match and ETag headers. */

export const security = [{ bearerAuth: [] }];

/** Where v1 reads a listing by the agency's own id, and sets a listing's status: routes its refusals point to. */
export const BY_EXTERNAL_ID_PATH = '/listings/by-external/:externalId';
export const STATUS_PATH = '/listings/:serviceId/status';
const operation = (method: string, path: string) => `${method} /v1${path.replace(/:(\w+)/g, '{$1}')}`;

const v1NameHint = ownNameHint('v1');

/**
 * A listing body's unknown field that is the ingestion's name of one: its v1 name, or, for the
 * status (not a field of a v1 body), the operation that sets it. A refused value that is the
 * ingestion's code of the field (`type: "VENTE"`): v1's code.
 */
export const LISTING_BODY_HINTS: FieldHints = {
  unknownField: (name) =>
    v1NameHint(name) ?? (name === 'status' ? `this interface sets it with ${operation('PATCH', STATUS_PATH)}` : undefined),
  value: ownCodeHint('v1'),
};

/** A path's serviceId that is not one is most often the agency's own id, which another route takes. */
export const SERVICE_ID_HINTS: FieldHints = {
  rule: { serviceId: `to find a listing by its externalId use ${operation('GET', BY_EXTERNAL_ID_PATH)}` },
};

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
