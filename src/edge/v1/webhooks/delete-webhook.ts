import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses, IdempotencyHeader } from '../../http/schemas.js';
import { WebhookIdParams } from '../../http/params.js';
import { tenantOf } from '../../http/tenant.js';
import { deleteEndpoint } from '../../../domain/webhooks/endpoint-store.js';
import { WebhookDeleted } from './schemas.js';
import { security, tags } from './endpoint-json.js';

const schema = {
  tags,
  security,
  operationId: 'deleteWebhook',
  summary: 'Delete a webhook endpoint and its delivery log',
  params: WebhookIdParams,
  headers: IdempotencyHeader,
  response: { 200: WebhookDeleted, ...errorResponses(404, 409) },
};

/** DELETE /v1/webhooks/{webhookId}. */
export const deleteWebhookRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.services;
  app.delete('/webhooks/:webhookId', { config: { scope: 'webhooks:manage' }, schema }, async (request) => {
    const deleted = await deleteEndpoint(db, tenantOf(request), request.params.webhookId);
    if (!deleted.ok) throw failWith(deleted);
    return { webhookId: request.params.webhookId, deleted: true as const };
  });
};
