import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses, IdempotencyHeader } from '../../http/schemas.js';
import { DeliveryIdParams } from '../../http/params.js';
import { tenantOf } from '../../http/tenant.js';
import { retryDelivery } from '../../../domain/webhooks/delivery-log.js';
import { DeliveryQueued } from './schemas.js';
import { security, tags } from './endpoint-json.js';

const schema = {
  tags,
  security,
  operationId: 'retryWebhookDelivery',
  summary: 'Attempt a delivery again, now',
  description:
    'A failed or succeeded delivery, or one waiting for its next retry, is attempted at once, with the same webhook-id and body as before, so a receiver ' +
    'that already processed it can tell. A delivery being sent right now, or one of a disabled endpoint, is 409.',
  params: DeliveryIdParams,
  headers: IdempotencyHeader,
  response: { 202: DeliveryQueued, ...errorResponses(404, 409, 413, 415) },
};

/** POST /v1/webhooks/{webhookId}/deliveries/{deliveryId}/retry. */
export const retryWebhookDeliveryRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now } = app.services;
  app.post(
    '/webhooks/:webhookId/deliveries/:deliveryId/retry',
    { config: { scope: 'webhooks:manage' }, schema },
    async (request, reply) => {
      const { webhookId, deliveryId } = request.params;
      const retried = await retryDelivery(db, tenantOf(request), webhookId, deliveryId, now());
      if (!retried.ok) throw failWith(retried);
      app.services.webhooks?.nudge();
      return reply.code(202).send({ deliveryId });
    },
  );
};
