import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authenticatedKey } from './key-auth.js';
import {
  checkIdempotencyKey,
  claimIdempotencyKey,
  keepAnswer,
  releaseIdempotencyKey,
  REPLAYED_HEADERS,
  requestFingerprint,
  type BeforeCommit,
  type IdempotencyScope,
} from '../../../platform/idempotency/store.js';
import { failWith } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request holds an Idempotency-Key claim. */
    idempotency?: IdempotencyScope;
    /** Set once the answer was kept in the write's own transaction (`answerInWrite`). */
    idempotencyAnswered?: boolean;
  }
}

const replayedHeaders = (reply: FastifyReply) =>
  Object.fromEntries(REPLAYED_HEADERS.filter((name) => reply.hasHeader(name)).map((name) => [name, String(reply.getHeader(name))]));

/**
 * For a write that is not naturally repeatable (it mails, or makes a secret): the answer to its
 * Idempotency-Key, kept in the write's own transaction just before it commits, as the reply will
 * send it (`status`, the headers set so far, the body serialized by the route's schema). A crash
 * after the commit then leaves that answer to replay; undefined without an Idempotency-Key.
 */
export function answerInWrite<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  shape: (value: T) => unknown,
): BeforeCommit<T> | undefined {
  const scope = request.idempotency;
  if (!scope) return undefined;
  return async (tx, value) => {
    reply.code(status);
    // Shaped first: shaping may set a header the replay sends again (Location).
    const body = String(reply.serialize(shape(value)));
    await keepAnswer(tx, scope, { status, contentType: 'application/json; charset=utf-8', headers: replayedHeaders(reply), body });
    request.idempotencyAnswered = true;
  };
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Replays the first answer of a write retried with the same Idempotency-Key. */
export const idempotency = fp(
  async (app) => {
    const { db, now } = app.services;
    app.addHook('preHandler', async (request, reply) => {
      if (!WRITES.has(request.method)) return;
      const header = request.headers['idempotency-key'];
      if (header === undefined) return;
      const key = Array.isArray(header) ? header[0]! : header;
      const invalid = checkIdempotencyKey(key);
      if (invalid) throw failWith(invalid);
      const scope = { agencyId: authenticatedKey(request).agencyId, env: authenticatedKey(request).env, key };
      const claim = await claimIdempotencyKey(db, scope, requestFingerprint(request.method, request.url, request.body), now());
      if ('ok' in claim) throw failWith(claim);
      if (claim.kind === 'claimed') {
        request.idempotency = scope;
        return;
      }
      reply.code(claim.answer.status).headers({ ...claim.answer.headers, 'idempotent-replayed': 'true' });
      if (claim.answer.contentType) reply.type(claim.answer.contentType);
      return reply.send(claim.answer.body);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const scope = request.idempotency;
      // Kept with the write already: the write committed, so even a fault after it is not retried.
      if (!scope || request.idempotencyAnswered) return payload;
      if (reply.statusCode >= 500) {
        await releaseIdempotencyKey(db, scope);
        return payload;
      }
      await keepAnswer(db, scope, {
        status: reply.statusCode,
        contentType: String(reply.getHeader('content-type') ?? ''),
        headers: replayedHeaders(reply),
        body: typeof payload === 'string' ? payload : '',
      });
      return payload;
    });
  },
  { name: 'idempotency', fastify: '5.x', dependencies: ['key-auth'] },
);
