import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { retryDelivery } from '../../../domain/webhooks/delivery-log.js';
import type { ProSpace } from '../space.js';
import { endpointAction } from './endpoint-action.js';

/** POST /pro/webhooks/{webhookId}/deliveries/{deliveryId}/retry: the delivery is attempted again now. */
export const retryDeliveryPage: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  endpointAction(
    app,
    space,
    '/webhooks/:webhookId/deliveries/:deliveryId/retry',
    (tenant, id, params) => retryDelivery(app.services.db, tenant, id, params.deliveryId!, app.services.now()),
    'relance',
  );
};
