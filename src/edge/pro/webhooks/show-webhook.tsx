import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { WebhookIdParams } from '../../http/params.js';
import { deliveryLog } from '../../../domain/webhooks/delivery-log.js';
import { adminsOnly, type ProSpace } from '../space.js';
import { EndpointPage } from '../views/webhooks-page.js';
import { FLASHES, FlashQuery, ownEndpoint, unwrap } from './own-endpoint.js';

/** GET /pro/webhooks/{webhookId}: one endpoint with its delivery log. */
export const showWebhookPage: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  const { db, now } = app.services;
  app.get(
    '/webhooks/:webhookId',
    { config: adminsOnly, schema: { hide: true, params: WebhookIdParams, querystring: FlashQuery } },
    async (request, reply) => {
      const own = await ownEndpoint(app, space, request, reply, request.params.webhookId);
      if (!own) return reply;
      const log = unwrap(await deliveryLog(db, own.scope, own.endpoint.webhookId, { limit: 20, before: request.query.avant }));
      const flash = FLASHES[request.query.fait ?? ''] ?? null;
      return space.page(
        reply,
        200,
        <EndpointPage viewer={space.viewerOf(request)} endpoint={own.endpoint} log={log} now={now()} flash={flash} />,
      );
    },
  );
};
