import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestLogWriter } from '../../../platform/request-log/request-log.js';

declare module 'fastify' {
  interface FastifyReply {
    /** Listings a bulk write handled without error, for the pro space's statistics. */
    listingsSynced?: number;
  }
}

// A single write of one listing (v1 POST, PUT, PATCH) that succeeded synchronised one listing.
const SINGLE_WRITE = /^\/(sandbox\/)?v1\/listings(\/[^/]+)?$/;
const synced = (method: string, path: string, status: number, counted: number | undefined) =>
  counted ?? (status < 300 && method !== 'GET' && method !== 'DELETE' && SINGLE_WRITE.test(path) ? 1 : 0);

/** The request-log line of an authenticated call, written in batches off the request path (after-response.ts calls it). */
export function logRequest(writer: RequestLogWriter, request: FastifyRequest, reply: FastifyReply): void {
  const auth = request.auth;
  if (!auth) return;
  const path = request.url.split('?')[0]!;
  writer.record({
    at: new Date(),
    agencyId: auth.agencyId,
    keyId: auth.keyId,
    env: auth.env,
    method: request.method,
    path,
    status: reply.statusCode,
    errorCode: reply.errorCode ?? null,
    latencyMs: reply.elapsedTime,
    requestId: request.id,
    listings: synced(request.method, path, reply.statusCode, reply.listingsSynced),
  });
}

/** A moderation rule that throws sends its listing to an operator; the error itself goes to the log. */
export const ruleErrorLogger = (request: FastifyRequest) => (rule: string, error: unknown) =>
  request.log.error(
    { err: error, rule, requestId: request.id },
    'a moderation rule failed: the listing waits for an operator (rule_error)',
  );
