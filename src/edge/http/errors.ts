import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';

import type { ErrorCode, FieldError, Refusal } from '../../platform/outcome.js';
import { fieldErrorsFromAjv, type AjvIssue } from '../../platform/validation/schema-validator.js';
import { ENGLISH_RULES } from '../../platform/validation/rule-words.js';
import { whereJsonBreaks } from '../../platform/validation/json-syntax.js';
import type { FieldHints } from '../../platform/validation/field-hints.js';
import { statusOf, titleOf } from './error-codes.js';

/**
 * One error model for the whole service: RFC 9457 problem details carrying the service's
 * codes (docs/decisions.md §5). Capabilities return refusals (`platform/outcome.ts`); routes
 * and plugins throw them as `ApiError`, and the handler below turns that, and anything
 * Fastify raises, into the same body. A code's status and title come from the one table,
 * `error-codes.ts`.
 */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.status = statusOf(code);
  }

  /** Fastify's name for the status: an ApiError raised where Fastify's errors are (a body parser) reads like one. */
  get statusCode(): number {
    return this.status;
  }
}

/** The thrown form of a capability's refusal. */
export const failWith = (refusal: Refusal) => new ApiError(refusal.code, refusal.detail, refusal.errors, refusal.headers);

export interface Problem {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  detail: string;
  errors?: FieldError[];
  requestId: string;
}

export function problemBody(baseUrl: string, error: ApiError, requestId: string): Problem {
  const body: Problem = {
    type: `${baseUrl}/errors/${error.code}`,
    title: titleOf(error.code),
    status: error.status,
    code: error.code,
    detail: error.detail,
    requestId,
  };
  if (error.errors) body.errors = error.errors;
  else if (error.code === 'validation_error' || error.code === 'business_error') body.errors = [];
  return body;
}

const PART_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'headers' };

const bytes = new Intl.NumberFormat('en-GB');

/**
 * A 413 says the limit it hit: the route's body limit in bytes (and MiB), and what the body
 * may hold at most when the route declares it (`config.bodyItems`: a push's 500 listings),
 * so that the integrator knows how to split the request.
 */
function bodyTooLarge(request?: FastifyRequest): ApiError {
  const limit = request?.routeOptions.bodyLimit;
  const items = request?.routeOptions.config.bodyItems;
  const size = limit
    ? `larger than the ${bytes.format(limit)} bytes${limit >= 1024 * 1024 ? ` (${bytes.format(limit / (1024 * 1024))} MiB)` : ''} this endpoint accepts`
    : 'larger than this endpoint accepts';
  return new ApiError(
    'payload_too_large',
    `The request body is ${size}${items ? `; it takes at most ${items} a request: send more in several requests` : ''}`,
  );
}

/**
 * A body that is not JSON. Given its text (the JSON body parser, json-body.ts, passes it), the
 * answer says where it broke, so that an integrator finds the fault in a push of 500 listings:
 * the reason, the line and column an editor shows, and the byte offset. Nothing of the body is
 * quoted but the one character at fault: a body may hold keys and passwords.
 */
export function invalidJsonBody(text?: string): ApiError {
  const where = text === undefined ? null : whereJsonBreaks(text);
  if (where) {
    return new ApiError('validation_error', `The body is not valid JSON: ${where}`, [
      { field: 'body', message: `body must be valid JSON: ${where}` },
    ]);
  }
  // Well-formed JSON the parser still refused holds a key that could poison prototypes.
  if (text !== undefined && isJson(text)) {
    return new ApiError(
      'validation_error',
      'The body holds a "__proto__" key, or a "constructor" key holding "prototype": neither is accepted',
      [{ field: 'body', message: 'body must not hold a __proto__ or constructor.prototype key' }],
    );
  }
  return new ApiError('validation_error', 'The body is not valid JSON', [{ field: 'body', message: 'body must be valid JSON' }]);
}

/**
 * A body of another length than its Content-Length header gives. The usual cause is a header
 * written by hand (the length in characters, not bytes; or left over from another body), so
 * the answer says so rather than calling the body bad JSON.
 */
export const contentLengthMismatch = () =>
  new ApiError(
    'validation_error',
    'The body’s length disagrees with the Content-Length header: it must give the body’s length in bytes (UTF-8), or be left for the HTTP client to set',
    [{ field: 'content-length', message: 'content-length must be the body’s length in bytes' }],
  );

function isJson(text: string): boolean {
  try {
    JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    return true;
  } catch {
    return false;
  }
}

export function toApiError(error: FastifyError, request?: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  if (error.validation) {
    const context = error.validationContext ?? 'body';
    const part = PART_NAMES[context] ?? 'body';
    const validated = request && Object.hasOwn(PART_NAMES, context) ? (request as unknown as Record<string, unknown>)[context] : undefined;
    const errors = fieldErrorsFromAjv(
      error.validation as AjvIssue[],
      part,
      ENGLISH_RULES,
      request?.routeOptions.config.fieldHints,
      validated,
    );
    const is = part === 'headers' ? 'are' : 'is';
    return new ApiError('validation_error', `The ${part} ${is} invalid: ${errors.map((e) => e.message).join('; ')}`, errors);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return bodyTooLarge(request);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('validation_error', 'The body is empty; send a JSON document', [{ field: 'body', message: 'body is required' }]);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return invalidJsonBody();
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return contentLengthMismatch();
  }
  if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) return invalidJsonBody();
  if (error.statusCode === 413) return bodyTooLarge(request);
  if (error.statusCode === 415) return new ApiError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError('validation_error', error.message, []);
  }
  return new ApiError('server_error', 'An internal error occurred; retry later or contact support with the request id');
}

export function sendProblem(reply: FastifyReply, baseUrl: string, error: ApiError, request: FastifyRequest) {
  if (error.headers) reply.headers(error.headers);
  return reply
    .code(error.status)
    .type('application/problem+json; charset=utf-8')
    .send(problemBody(baseUrl, error, request.id));
}

/** Interface paths always answer problem bodies; other paths answer browsers with a page. */
const INTERFACE_PATH = /^\/(v1|sandbox|ingest|admin\/api|openapi\.json|docs|healthz|readyz|bench|errors)(\/|\?|$)/;

/** A browser asking for a page of the site (not a client of an interface). */
export const wantsPage = (request: FastifyRequest) => /text\/html/.test(request.headers.accept ?? '') && !INTERFACE_PATH.test(request.url);

/** The site's pages for browsers that hit an error. */
export interface ErrorPages {
  /** No route answers this address (a missing resource a route reports is a problem body, or the route's own page). */
  unknownAddress(): string;
  /** A French page for a refused or failed browser request outside the interfaces (400, 413, 415 or 500). */
  problem(status: number): string;
}

export function registerErrorHandling(app: FastifyInstance, baseUrl: string, pages?: ErrorPages) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error, request);
    if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
    reply.errorCode = apiError.code;
    // A browser on a site address gets a page even when the error was raised before its route
    // could answer (a body its parser refused, for one).
    if (pages && wantsPage(request))
      return reply.code(apiError.status).type('text/html; charset=utf-8').send(pages.problem(apiError.status));
    return sendProblem(reply, baseUrl, apiError, request);
  });
  app.setNotFoundHandler((request, reply) => {
    // A browser on a site address keeps the site's « page introuvable », whatever the method.
    if (pages && wantsPage(request)) {
      reply.errorCode = 'not_found';
      return reply.code(404).type('text/html; charset=utf-8').send(pages.unknownAddress());
    }
    const path = request.url.split('?')[0]!;
    const allowed = allowedMethods(app, request.method, path);
    reply.errorCode = allowed.length > 0 ? 'method_not_allowed' : 'not_found';
    const error =
      allowed.length > 0
        ? new ApiError('method_not_allowed', `${request.method} is not allowed on ${path}: it takes ${allowed.join(', ')}`, undefined, {
            allow: allowed.join(', '),
          })
        : new ApiError('not_found', `No route ${request.method} ${path}`);
    return sendProblem(reply, baseUrl, error, request);
  });
}

/**
 * Over a socket, Node's HTTP parser refuses a body of the wrong length before any route sees it,
 * and Fastify's default answer is a bare `{"message":"Client Error"}`: a body shorter than its
 * Content-Length ends in an EOF while its request waits for the rest (HPE_INVALID_EOF_STATE), a
 * longer one leaves bytes after a `Connection: close` request (HPE_CLOSED_CONNECTION). Those two
 * get the problem body of `contentLengthMismatch`; an EOF with no request waiting for its body
 * (headers cut short) and every other parse error keep Fastify's answer. A longer body on a
 * kept-alive connection reads as a next request that is not HTTP, and a shorter one whose client
 * keeps the connection open waits for its bytes until the timeouts: neither can be told apart.
 */
export function answerContentLengthFaults(app: FastifyInstance, baseUrl: string, newRequestId: () => string) {
  // The id of the request whose body a socket is receiving: the answer and the log line carry it.
  const awaitingBody = new WeakMap<Socket, string>();
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.headers['content-length'] !== undefined) awaitingBody.set(request.raw.socket, request.id);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    awaitingBody.delete(request.raw.socket);
    done();
  });
  // Before Fastify's own listener, which then finds the socket destroyed and writes nothing.
  app.server.prependListener('clientError', (error: Error & { code?: string }, socket: Socket) => {
    const fault = error.code === 'HPE_CLOSED_CONNECTION' || (error.code === 'HPE_INVALID_EOF_STATE' && awaitingBody.has(socket));
    if (!fault || socket.destroyed || !socket.writable) return;
    const requestId = awaitingBody.get(socket) ?? newRequestId();
    app.log.info({ reqId: requestId, code: error.code }, 'body length disagrees with Content-Length');
    const body = JSON.stringify(problemBody(baseUrl, contentLengthMismatch(), requestId));
    socket.write(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/problem+json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `x-request-id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
    socket.destroy();
  });
}

/** The methods routes are declared with; Fastify answers HEAD wherever GET is. */
const ROUTE_METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The methods a path takes when a request reached no route with its own (RFC 9110 §15.5.6:
 * 405 with Allow, so that `GET /ingest/ingestListings` says to POST); empty when no route has
 * the path. A route that matched the method and answered 404 itself (callNotFound) is no 405.
 */
function allowedMethods(app: FastifyInstance, method: string, path: string): string[] {
  if (app.findRoute({ method: method as HTTPMethods, url: path })) return [];
  return ROUTE_METHODS.filter((candidate) => app.findRoute({ method: candidate, url: path }) !== null);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a body holds at most, named in a 413 beside the byte limit: "500 listings". */
    bodyItems?: string;
    /** What the route's schema refusals add to the rule a field breaks: where to look instead (field-hints.ts). */
    fieldHints?: FieldHints;
  }
  interface FastifyReply {
    /** The problem code sent, kept for the request log. */
    errorCode?: ErrorCode;
  }
}
