import fp from 'fastify-plugin';
import { authenticatedKey } from './key-auth.js';
import {
  checkIdempotencyKey,
  claimIdempotencyKey,
  keepAnswer,
  releaseIdempotencyKey,
  REPLAYED_HEADERS,
  requestFingerprint,
  type IdempotencyScope,
} from '../../../platform/idempotency/store.js';
import { failWith } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request holds an Idempotency-Key claim. */
    idempotency?: IdempotencyScope;
  }
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
      if (!scope) return payload;
      if (reply.statusCode >= 500) {
        await releaseIdempotencyKey(db, scope);
        return payload;
      }
      const headers = Object.fromEntries(
        REPLAYED_HEADERS.filter((name) => reply.hasHeader(name)).map((name) => [name, String(reply.getHeader(name))]),
      );
      await keepAnswer(db, scope, {
        status: reply.statusCode,
        contentType: String(reply.getHeader('content-type') ?? ''),
        headers,
        body: typeof payload === 'string' ? payload : '',
      });
      return payload;
    });
  },
  { name: 'idempotency', fastify: '5.x', dependencies: ['key-auth'] },
);
