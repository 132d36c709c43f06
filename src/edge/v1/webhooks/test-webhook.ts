import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses, IdempotencyHeader } from '../../http/schemas.js';
import { WebhookIdParams } from '../../http/params.js';
import { tenantOf } from '../../http/tenant.js';
import { queueTestMessage } from '../../../domain/webhooks/delivery-log.js';
import { DeliveryQueued } from './schemas.js';
import { security, tags } from './endpoint-json.js';

const schema = {
  tags,
  security,
  operationId: 'testWebhook',
  summary: 'Send a webhook.test message',
  description: 'Queued at once, signed and retried like any event; follow it in the delivery log. A disabled endpoint is 409.',
  params: WebhookIdParams,
  headers: IdempotencyHeader,
  response: { 202: DeliveryQueued, ...errorResponses(404, 409, 413, 415) },
};

/** POST /v1/webhooks/{webhookId}/test. */
export const testWebhookRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now } = app.services;
  app.post('/webhooks/:webhookId/test', { config: { scope: 'webhooks:manage' }, schema }, async (request, reply) => {
    const queued = await queueTestMessage(db, tenantOf(request), request.params.webhookId, now());
    if (!queued.ok) throw failWith(queued);
    app.services.webhooks?.nudge();
    return reply.code(202).send(queued.value);
  });
};
