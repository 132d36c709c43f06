import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { tenantOf } from '../../http/tenant.js';
import { listEndpoints } from '../../../domain/webhooks/endpoint-store.js';
import { WebhookList } from './schemas.js';
import { endpointJson, security, tags } from './endpoint-json.js';

const schema = { tags, security, operationId: 'listWebhooks', summary: 'List the webhook endpoints', response: { 200: WebhookList } };

/** GET /v1/webhooks. */
export const listWebhooksRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now } = app.services;
  app.get('/webhooks', { config: { scope: 'webhooks:manage' }, schema }, async (request) => ({
    webhooks: (await listEndpoints(db, tenantOf(request), now())).map(endpointJson),
  }));
};
