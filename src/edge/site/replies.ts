import type { FastifyReply, FastifyRequest } from 'fastify';

/** Pages change when a listing does: short shared caching. */
export const PAGE_CACHE = 'public, max-age=60';

/** An HTML page with its status and caching. */
export const html = (reply: FastifyReply, status: number, body: string, cache = PAGE_CACHE) =>
  reply.code(status).header('cache-control', cache).type('text/html; charset=utf-8').send(body);

/** The site's forms post their own encoding only: the JSON parser the interfaces use is no way in (415). */
export const isFormPost = (request: FastifyRequest) => /^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '');

/** A form's fields, whatever the body was. */
export const formFields = (request: FastifyRequest) =>
  (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
