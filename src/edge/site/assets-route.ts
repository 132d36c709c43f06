import type { FastifyPluginAsync } from 'fastify';
import { STYLESHEET, STYLESHEET_PATH } from '../html/stylesheet.js';
import { notFoundHtml } from './pages.js';
import { html } from './replies.js';

/** The stylesheet never changes under its name. */
const FOREVER = 'public, max-age=31536000, immutable';

/** GET /assets/{file}: the hashed stylesheet, cached for ever. */
export const assetsRoute: FastifyPluginAsync = async (app) => {
  app.get(`/assets/:file`, { schema: { hide: true } }, async (request, reply) => {
    if ((request.params as { file: string }).file !== STYLESHEET_PATH.slice('/assets/'.length)) return html(reply, 404, notFoundHtml());
    return reply.header('cache-control', FOREVER).type('text/css; charset=utf-8').send(STYLESHEET);
  });
};
