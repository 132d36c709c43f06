import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { updateEndpoint } from '../../../domain/webhooks/endpoint-store.js';
import type { ProSpace } from '../space.js';
import { endpointAction } from './endpoint-action.js';

/** POST /pro/webhooks/{webhookId}/disable and …/enable: one switch, two buttons. */
export const switchWebhookPages: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  const { db, config, now } = app.services;
  const options = { allowPrivate: config.webhooks.allowPrivate };
  endpointAction(
    app,
    space,
    '/webhooks/:webhookId/disable',
    (tenant, id) => updateEndpoint(db, tenant, id, { enabled: false }, now(), options),
    'desactive',
  );
  endpointAction(
    app,
    space,
    '/webhooks/:webhookId/enable',
    (tenant, id) => updateEndpoint(db, tenant, id, { enabled: true }, now(), options),
    'reactive',
  );
};
