import { Type, type TSchema } from '@fastify/type-provider-typebox';
import { ERROR_CODES } from '../outcome.js';
import { LIMITS } from '../listings/limits.js';
import { MODERATION_STATES } from '../listings/model.js';
import { NO_CONTROL_CHARACTERS, idPattern } from '../validation/storable.js';
import { FIELD_ERRORS_MAX, FIELD_MESSAGE_MAX, FIELD_NAME_MAX } from '../validation/schema-validator.js';

const INT32_MAX = 2_147_483_647;

/**
 * A whole number with its bounds stated. Every count, size and version the service handles
 * fits in 32 bits; sequence numbers and Unix times that may not are int64.
 */
export const Int = (minimum: number, maximum: number, options: Record<string, unknown> = {}) =>
  Type.Integer({ format: maximum > INT32_MAX || minimum < -INT32_MAX - 1 ? 'int64' : 'int32', minimum, maximum, ...options });
/** A count or version: from 0 to the int32 maximum unless a tighter bound is known. */
export const Count = (maximum = INT32_MAX, options: Record<string, unknown> = {}) => Int(0, maximum, options);
export const UNIX_SECONDS_MAX = 253_402_300_799; // 9999-12-31T23:59:59Z
export const DateTime = (options: Record<string, unknown> = {}) => Type.String({ format: 'date-time', maxLength: 35, ...options });

/**
 * Masking replaces each contact detail (at least 4 characters) with a 68-character notice,
 * so a public text is at most 17 times its original.
 */
export const PUBLIC_TEXT_GROWTH = 17;

/** Text the service writes (names, messages), with the bound it keeps to. */
export const Text = (maxLength: number, options: Record<string, unknown> = {}) => Type.String({ maxLength, ...options });

/** One `{field, message}` entry of a refusal; names and messages are shortened to these bounds. */
export const FieldErrorSchema = Type.Object({ field: Text(FIELD_NAME_MAX), message: Text(FIELD_MESSAGE_MAX) });
// Longer than any list of field errors joined (50 × 400) and than a 16 KiB request line echoed in a 404.
const DETAIL_MAX = 24_000;

/** Schema pieces both interfaces use, written once so their rules and words never drift apart. */
export const ServiceId = (description = 'The service’s id of the listing: `lst_`, then the creation time and random characters. Opaque: compare it, never parse it.') =>
  Type.String({ pattern: idPattern('lst'), minLength: 5, maxLength: 64, description });

/** The agency’s own identifier of a listing: any text but control characters. */
export const ExternalId = (description?: string) =>
  Type.String({ minLength: 1, maxLength: LIMITS.externalId, pattern: NO_CONTROL_CHARACTERS, ...(description ? { description } : {}) });

export const Moderation = () =>
  Type.Object({
    state: Type.String({ enum: [...MODERATION_STATES] }),
    reasons: Type.Array(Text(FIELD_MESSAGE_MAX), { maxItems: 50, description: 'Why moderation flagged or refused the listing, one line per rule.' }),
  });

/** RFC 9457 problem details as every error of the service is sent (DECISIONS §5). */
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
