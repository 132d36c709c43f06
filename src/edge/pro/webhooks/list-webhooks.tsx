import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminsOnly, type ProSpace } from '../space.js';
import { WebhooksPage } from '../views/webhooks-page.js';
import { FLASHES, FlashQuery, listView } from './own-endpoint.js';

/** GET /pro/webhooks: the agency's endpoints with its plan's cap. */
export const listWebhooksPage: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  app.get('/webhooks', { config: adminsOnly, schema: { hide: true, querystring: FlashQuery } }, async (request, reply) => {
    const view = await listView(app, space, request, FLASHES[request.query.fait ?? ''] ?? null);
    return space.page(reply, 200, <WebhooksPage viewer={space.viewerOf(request)} view={view} />);
  });
};
