import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses, IdempotencyHeader } from '../../http/schemas.js';
import { WebhookIdParams } from '../../http/params.js';
import { tenantOf } from '../../http/tenant.js';
import { updateEndpoint } from '../../../domain/webhooks/endpoint-store.js';
import { WebhookEndpoint, WebhookUpdate } from './schemas.js';
import { endpointInput, endpointJson, security, tags } from './endpoint-json.js';

const schema = {
  tags,
  security,
  operationId: 'updateWebhook',
  summary: 'Change a webhook endpoint (URL, events, description, enabled)',
  params: WebhookIdParams,
  body: WebhookUpdate,
  headers: IdempotencyHeader,
  response: { 200: WebhookEndpoint, ...errorResponses(404, 409) },
};

/** PATCH /v1/webhooks/{webhookId}. */
export const updateWebhookRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now, config } = app.services;
  app.patch('/webhooks/:webhookId', { config: { scope: 'webhooks:manage' }, schema }, async (request) => {
    const updated = await updateEndpoint(db, tenantOf(request), request.params.webhookId, endpointInput(request.body), now(), {
      allowPrivate: config.webhooks.allowPrivate,
    });
    if (!updated.ok) throw failWith(updated);
    return endpointJson(updated.value);
  });
};
