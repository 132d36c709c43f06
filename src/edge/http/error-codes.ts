import type { ErrorCode } from '../../platform/outcome.js';

/**
 * The service's problem codes as HTTP answers them (docs/decisions.md §5): the one
 * table of each code's status, the `title` of its problem body and the line the OpenAPI
 * description gives the status. The codes themselves are the capabilities' vocabulary
 * (`ERROR_CODES`, platform/outcome.ts); `satisfies` makes this table list exactly those.
 * What a code means to an integrator, at length, is `reference/error-codes.ts`, keyed the same way.
 */
export const ERROR_CODE_TABLE = {
  validation_error: {
    status: 400,
    title: 'The request is invalid',
    summary: 'the request breaks the schema; errors[] names each field and rule.',
  },
  unauthorized: {
    status: 401,
    title: 'Authentication required',
    summary: 'no key, a malformed, unknown or revoked key, or a key of the other environment.',
  },
  forbidden: { status: 403, title: 'Not allowed', summary: 'the key lacks the scope this operation needs.' },
  not_found: { status: 404, title: 'Not found', summary: 'no such listing for this agency.' },
  method_not_allowed: { status: 405, title: 'Method not allowed', summary: 'the path exists but not with this method.' },
  conflict: {
    status: 409,
    title: 'Conflict',
    summary: 'the externalId is already used, or the Idempotency-Key was used with another body.',
  },
  precondition_failed: { status: 412, title: 'Precondition failed', summary: 'If-Match does not match the current ETag.' },
  payload_too_large: { status: 413, title: 'Request body too large', summary: 'the body is larger than this endpoint accepts.' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type', summary: 'the body is not JSON.' },
  business_error: {
    status: 422,
    title: 'The data is inconsistent',
    summary: 'well-formed but inconsistent data; errors[] names the fields.',
  },
  rate_limit_exceeded: { status: 429, title: 'Rate limit exceeded', summary: 'a quota is used up; retry after Retry-After seconds.' },
  server_error: { status: 500, title: 'Internal error', summary: 'an internal fault; retry later, quoting requestId.' },
  service_unavailable: { status: 503, title: 'Service unavailable', summary: 'the service cannot take requests right now; retry shortly.' },
} as const satisfies Record<ErrorCode, { status: number; title: string; summary: string }>;

export const statusOf = (code: ErrorCode): number => ERROR_CODE_TABLE[code].status;
export const titleOf = (code: ErrorCode): string => ERROR_CODE_TABLE[code].title;

const CODE_OF_STATUS = new Map<number, ErrorCode>(
  Object.entries(ERROR_CODE_TABLE).map(([code, { status }]) => [status, code as ErrorCode]),
);

/** The code a status stands for (each status has one); undefined for a status no code has. */
export const codeOfStatus = (status: number): ErrorCode | undefined => CODE_OF_STATUS.get(status);

/** The OpenAPI description of an error status: `code: summary`. */
export function errorStatusDescription(status: number): string {
  const code = codeOfStatus(status);
  if (!code) throw new Error(`No problem code answers ${status}: add it to ERROR_CODE_TABLE`);
  return `${code}: ${ERROR_CODE_TABLE[code].summary}`;
}
