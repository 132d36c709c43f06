import type { FastifyPluginAsync } from 'fastify';
import { STYLESHEET, STYLESHEET_PATH } from '../html/stylesheet.js';
import { COMBOBOX_SCRIPT, COMBOBOX_SCRIPT_PATH } from './commune-combobox.js';
import { notFoundHtml } from './pages.js';
import { html } from './replies.js';

/** An asset never changes under its name: the name carries a hash of its content. */
const FOREVER = 'public, max-age=31536000, immutable';

const ASSETS = new Map(
  [
    { path: STYLESHEET_PATH, type: 'text/css; charset=utf-8', body: STYLESHEET },
    { path: COMBOBOX_SCRIPT_PATH, type: 'text/javascript; charset=utf-8', body: COMBOBOX_SCRIPT },
  ].map((asset) => [asset.path.slice('/assets/'.length), asset]),
);

/** GET /assets/{file}: the hashed stylesheet and the script of the city field, cached for ever. */
export const assetsRoute: FastifyPluginAsync = async (app) => {
  app.get(`/assets/:file`, { schema: { hide: true } }, async (request, reply) => {
    const asset = ASSETS.get((request.params as { file: string }).file);
    if (!asset) return html(reply, 404, notFoundHtml());
    return reply.header('cache-control', FOREVER).type(asset.type).send(asset.body);
  });
};
