import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { queueTestMessage } from '../../../domain/webhooks/delivery-log.js';
import type { ProSpace } from '../space.js';
import { endpointAction } from './endpoint-action.js';

/** POST /pro/webhooks/{webhookId}/test: a webhook.test message, seen in the log. */
export const testWebhookPage: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  endpointAction(
    app,
    space,
    '/webhooks/:webhookId/test',
    (tenant, id) => queueTestMessage(app.services.db, tenant, id, app.services.now()),
    'test',
  );
};
