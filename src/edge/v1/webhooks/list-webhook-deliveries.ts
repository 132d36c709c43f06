import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses } from '../../http/schemas.js';
import { WebhookIdParams } from '../../http/params.js';
import { tenantOf } from '../../http/tenant.js';
import { deliveryLog } from '../../../domain/webhooks/delivery-log.js';
import { DeliveriesQuery, DeliveryLog } from './schemas.js';
import { security, tags } from './endpoint-json.js';

const schema = {
  tags,
  security,
  operationId: 'listWebhookDeliveries',
  summary: 'The endpoint’s delivery log, newest first',
  description: 'Each delivery with its attempts: time, HTTP status, latency, the first KiB of the answer, or why it failed. Kept 30 days.',
  params: WebhookIdParams,
  querystring: DeliveriesQuery,
  response: { 200: DeliveryLog, ...errorResponses(404) },
};

/** GET /v1/webhooks/{webhookId}/deliveries. */
export const listWebhookDeliveriesRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.services;
  app.get('/webhooks/:webhookId/deliveries', { config: { scope: 'webhooks:manage' }, schema }, async (request) => {
    const { before, limit, state } = request.query;
    const log = await deliveryLog(db, tenantOf(request), request.params.webhookId, {
      before,
      limit: limit ?? 20,
      state: state as 'pending' | undefined,
    });
    if (!log.ok) throw failWith(log);
    return {
      deliveries: log.value.deliveries.map((d) => ({
        ...d,
        attempts: d.attempts.map((a) => ({ ...a, at: a.at.toISOString() })),
        nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
        createdAt: d.createdAt.toISOString(),
      })),
      next: log.value.next,
    };
  });
};
