import { Type, type TSchema } from 'typebox';
import { ERROR_CODES } from '../../platform/outcome.js';
import { FIELD_ERRORS_MAX } from '../../platform/validation/schema-validator.js';
import { FieldErrorSchema, Int, Text } from '../../platform/validation/schema-types.js';

// Longer than any list of field errors joined (50 × 400) and than a 16 KiB request line echoed in a 404.
const DETAIL_MAX = 24_000;

/** RFC 9457 problem details as every error of the service is sent (docs/decisions.md §5). */
export const Problem = Type.Object(
  {
    type: Type.String({ format: 'uri', maxLength: 2048 }),
    title: Text(100),
    status: Int(400, 599),
    code: Type.String({ enum: [...ERROR_CODES] }),
    detail: Text(DETAIL_MAX),
    errors: Type.Optional(Type.Array(FieldErrorSchema, { maxItems: FIELD_ERRORS_MAX })),
    requestId: Type.String({ pattern: '^[A-Za-z0-9._:-]{8,128}$', maxLength: 128 }),
  },
  { $id: 'Problem', description: 'RFC 9457 problem details (application/problem+json).' },
);

const DESCRIPTIONS: Record<number, string> = {
  415: 'unsupported_media_type: the body is not JSON.',
  500: 'server_error: an internal fault; retry later, quoting requestId.',
  400: 'validation_error: the request breaks the schema; errors[] names each field and rule.',
  401: 'unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment.',
  403: 'forbidden: the key lacks the scope this operation needs.',
  404: 'not_found: no such listing for this agency.',
  409: 'conflict: the externalId is already used, or the Idempotency-Key was used with another body.',
  412: 'precondition_failed: If-Match does not match the current ETag.',
  413: 'payload_too_large: the body is larger than this endpoint accepts.',
  422: 'business_error: well-formed but inconsistent data; errors[] names the fields.',
  429: 'rate_limit_exceeded: a quota is used up; retry after Retry-After seconds.',
};

/** Response entries for the error statuses an operation can answer. */
export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: DESCRIPTIONS[status], content: { 'application/problem+json': { schema: Type.Ref('Problem') } } } as unknown as TSchema,
    ]),
  );
}

/**
 * Errors any authenticated operation can answer, added to every route of an interface so
 * the OpenAPI description lists them without each route repeating them.
 */
export function withStandardErrors(schema: { response?: Record<string | number, unknown>; body?: unknown }) {
  const statuses = [400, 401, 403, 429, 500, ...(schema.body ? [413, 415] : [])];
  schema.response = { ...errorResponses(...statuses), ...(schema.response ?? {}) };
}

/** The Idempotency-Key request header of the writes that take one (see src/http/plugins/idempotency.ts). */
export const IdempotencyHeader = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ maxLength: 255, description: 'Replays the first answer to this key for 24 hours; another body with the same key is 409.' })),
});
