/**
 * How capability code reports a refusal without knowing about HTTP. A capability returns
 * `Outcome<T>` (or a `Refusal` among its own result kinds); the HTTP layer's one table
 * (`src/edge/http/error-codes.ts`) gives each code its status; `ERROR_CODES` is the one list of codes.
 */
export const ERROR_CODES = [
  'validation_error',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'precondition_failed',
  'payload_too_large',
  'unsupported_media_type',
  'business_error',
  'rate_limit_exceeded',
  'server_error',
  'service_unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** One broken rule: the field in the caller's own terms (`photos[1].url`) and a plain message. */
export interface FieldError {
  field: string;
  message: string;
}

export interface Refusal {
  ok: false;
  code: ErrorCode;
  detail: string;
  errors?: FieldError[];
  /** Response headers the refusal needs, such as `Retry-After`. */
  headers?: Record<string, string>;
}

export type Outcome<T> = { ok: true; value: T } | Refusal;

export const success = <T>(value: T): Outcome<T> => ({ ok: true, value });

export function refuse(code: ErrorCode, detail: string, errors?: FieldError[], headers?: Record<string, string>): Refusal {
  return { ok: false, code, detail, ...(errors ? { errors } : {}), ...(headers ? { headers } : {}) };
}

/** A refusal whose field errors say it all: the detail joins their messages. */
export const refuseFields = (code: 'validation_error' | 'business_error', errors: FieldError[]): Refusal =>
  refuse(code, errors.map((e) => e.message).join('; '), errors);

/**
 * A refusal: the thing the caller named (`what`: 'Listing', 'Agency', 'Webhook endpoint'…)
 * does not exist for them. Another agency's is answered the same, so its existence is not
 * revealed. (An address no route answers is the HTTP layer's own 404, not this.)
 */
export const notFound = (what: string): Refusal => refuse('not_found', `${what} not found`);
