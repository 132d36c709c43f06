import { Type, type TSchema } from 'typebox';
import { ERROR_CODES } from '../../platform/outcome.js';
import { FIELD_ERRORS_MAX } from '../../platform/validation/schema-validator.js';
import { FieldErrorSchema, Int, Text } from '../../platform/validation/schema-types.js';
import { errorStatusDescription } from './error-codes.js';

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
    errors: Type.Optional(
      Type.Array(FieldErrorSchema, {
        maxItems: FIELD_ERRORS_MAX,
        description: 'The fields at fault: always on 400 and 422 (possibly empty), on a 409 about one field; absent otherwise.',
      }),
    ),
    requestId: Type.String({ pattern: '^[A-Za-z0-9._:-]{8,128}$', maxLength: 128 }),
  },
  { $id: 'Problem', description: 'RFC 9457 problem details (application/problem+json).' },
);

/** Response entries for the error statuses an operation can answer. */
export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: errorStatusDescription(status),
        content: { 'application/problem+json': { schema: Type.Ref('Problem') } },
      } as unknown as TSchema,
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

/** The Idempotency-Key request header of the writes that take one (see src/edge/http/plugins/idempotency.ts). */
export const IdempotencyHeader = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      maxLength: 255,
      description: 'Replays the first answer to this key for 24 hours; another body with the same key is 409.',
    }),
  ),
});
