import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses, IdempotencyHeader } from '../../http/schemas.js';
import { tenantOf } from '../../http/tenant.js';
import { createEndpoint } from '../../../domain/webhooks/endpoint-store.js';
import { WebhookCreate, WebhookCreated } from './schemas.js';
import { endpointInput, endpointJson, security, tags } from './endpoint-json.js';

const schema = {
  tags,
  security,
  operationId: 'createWebhook',
  summary: 'Create a webhook endpoint',
  description:
    'Plans allow 0 (Pro Solo), 1 (Pro Agence) or 3 (Pro Réseau) endpoints per environment, disabled ones included; over the cap: 403 naming the plan. ' +
    'The answer holds the signing secret, shown this once. The endpoint receives the events committed from now on.',
  body: WebhookCreate,
  headers: IdempotencyHeader,
  response: { 201: WebhookCreated, ...errorResponses(403, 409) },
};

/** POST /v1/webhooks: an endpoint of the key's environment, within the plan's cap. */
export const createWebhookRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now, config } = app.services;
  app.post('/webhooks', { config: { scope: 'webhooks:manage' }, schema }, async (request, reply) => {
    const tenant = tenantOf(request);
    const created = await createEndpoint(db, tenant, endpointInput(request.body), now(), { allowPrivate: config.webhooks.allowPrivate });
    if (!created.ok) throw failWith(created);
    const prefix = tenant.env === 'test' ? '/sandbox/v1' : '/v1';
    reply.code(201).header('location', `${prefix}/webhooks/${created.value.endpoint.webhookId}`);
    return { webhook: endpointJson(created.value.endpoint), secret: created.value.secret };
  });
};
