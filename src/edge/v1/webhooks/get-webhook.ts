import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses } from '../../http/schemas.js';
import { WebhookIdParams } from '../../http/params.js';
import { tenantOf } from '../../http/tenant.js';
import { findEndpoint } from '../../../domain/webhooks/endpoint-store.js';
import { WebhookEndpoint } from './schemas.js';
import { endpointJson, security, tags } from './endpoint-json.js';

const schema = {
  tags,
  security,
  operationId: 'getWebhook',
  summary: 'One webhook endpoint',
  params: WebhookIdParams,
  response: { 200: WebhookEndpoint, ...errorResponses(404) },
};

/** GET /v1/webhooks/{webhookId}. */
export const getWebhookRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now } = app.services;
  app.get('/webhooks/:webhookId', { config: { scope: 'webhooks:manage' }, schema }, async (request) => {
    const found = await findEndpoint(db, tenantOf(request), request.params.webhookId, now());
    if (!found.ok) throw failWith(found);
    return endpointJson(found.value);
  });
};
