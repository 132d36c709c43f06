import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors.js';

/**
 * Idempotency-Key on POST, PUT, PATCH and DELETE (beyond the spec, as payment APIs do it):
 * the same key with the same request replays the first answer for 24 hours, across
 * processes; the same key with another request is 409 conflict. A retry after a timeout
 * therefore never creates or updates twice. Server faults are not kept, so they can be retried.
 */
const WINDOW_MS = 24 * 3600 * 1000;
const ABANDONED_MS = 2 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const REPLAYED_HEADERS = ['etag', 'location'];

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey?: string;
  }
}

function fingerprint(request: FastifyRequest): string {
  return createHash('sha256')
    .update(request.method)
    .update('\u0000')
    .update(request.url)
    .update('\u0000')
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url');
}

export function registerIdempotency(app: FastifyInstance) {
  const { db } = app.services;

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(request.method)) return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0]! : header;
    if (!KEY_PATTERN.test(key)) {
      const message = 'Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID is a good choice)';
      throw new ApiError('validation_error', message, [{ field: 'Idempotency-Key', message }]);
    }
    const auth = request.auth!;
    const now = app.services.now();
    const print = fingerprint(request);
    // Expired entries, and claims abandoned by a process that died mid-request, count as absent.
    await db.query(
      `DELETE FROM idempotency_keys WHERE agency_id = $1 AND env = $2 AND key = $3
       AND (created_at < $4 OR (status IS NULL AND created_at < $5))`,
      [auth.agencyId, auth.env, key, new Date(now.getTime() - WINDOW_MS).toISOString(), new Date(now.getTime() - ABANDONED_MS).toISOString()],
    );
    const inserted = await db.query(
      `INSERT INTO idempotency_keys (agency_id, env, key, fingerprint, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING`,
      [auth.agencyId, auth.env, key, print, now.toISOString()],
    );
    if (inserted.rowCount === 1) {
      request.idempotencyKey = key;
      return;
    }
    const { rows } = await db.query<{ fingerprint: string; status: number | null; content_type: string | null; headers: Record<string, string> | null; body: string | null }>(
      'SELECT fingerprint, status, content_type, headers, body FROM idempotency_keys WHERE agency_id = $1 AND env = $2 AND key = $3',
      [auth.agencyId, auth.env, key],
    );
    const stored = rows[0];
    if (!stored) throw new ApiError('conflict', 'This Idempotency-Key is being processed; retry in a moment');
    if (stored.fingerprint !== print) {
      throw new ApiError('conflict', 'This Idempotency-Key was already used with a different request; use a new key for a new request');
    }
    if (stored.status === null) throw new ApiError('conflict', 'A request with this Idempotency-Key is still in progress; retry in a moment');
    reply.code(stored.status).headers({ ...(stored.headers ?? {}), 'idempotent-replayed': 'true' });
    if (stored.content_type) reply.type(stored.content_type);
    return reply.send(stored.body ?? '');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key) return payload;
    const auth = request.auth!;
    if (reply.statusCode >= 500) {
      await db.query('DELETE FROM idempotency_keys WHERE agency_id = $1 AND env = $2 AND key = $3', [auth.agencyId, auth.env, key]);
      return payload;
    }
    const headers = Object.fromEntries(REPLAYED_HEADERS.filter((name) => reply.hasHeader(name)).map((name) => [name, String(reply.getHeader(name))]));
    await db.query(
      'UPDATE idempotency_keys SET status = $4, content_type = $5, headers = $6, body = $7 WHERE agency_id = $1 AND env = $2 AND key = $3',
      [auth.agencyId, auth.env, key, reply.statusCode, String(reply.getHeader('content-type') ?? ''), JSON.stringify(headers), typeof payload === 'string' ? payload : ''],
    );
    return payload;
  });
}

/** Entries older than the replay window, removed by a periodic job (see createServices). */
export async function purgeIdempotencyKeys(db: { query(sql: string, params?: unknown[]): Promise<unknown> }, now: Date) {
  await db.query('DELETE FROM idempotency_keys WHERE created_at < $1', [new Date(now.getTime() - WINDOW_MS).toISOString()]);
}
