import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { WebhookIdParams } from '../../http/params.js';
import { deleteEndpoint } from '../../../domain/webhooks/endpoint-store.js';
import { adminsOnly, type ProSpace } from '../space.js';
import { DeleteEndpointPage } from '../views/webhooks-page.js';
import { endpointAction } from './endpoint-action.js';
import { ownEndpoint } from './own-endpoint.js';

/** GET /pro/webhooks/{webhookId}/delete asks for confirmation; its POST deletes. */
export const deleteWebhookPages: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  endpointAction(app, space, '/webhooks/:webhookId/delete', (tenant, id) => deleteEndpoint(app.services.db, tenant, id), 'supprime');
  app.get(
    '/webhooks/:webhookId/delete',
    { config: adminsOnly, schema: { hide: true, params: WebhookIdParams } },
    async (request, reply) => {
      const own = await ownEndpoint(app, space, request, reply, request.params.webhookId);
      if (!own) return reply;
      return space.page(reply, 200, <DeleteEndpointPage viewer={space.viewerOf(request)} endpoint={own.endpoint} />);
    },
  );
};
