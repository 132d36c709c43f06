import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses, IdempotencyHeader } from '../../http/schemas.js';
import { tenantOf } from '../../http/tenant.js';
import { createEndpoint, type Endpoint } from '../../../domain/webhooks/endpoint-store.js';
import { answerInWrite } from '../../http/plugins/idempotency.js';
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
    const prefix = tenant.env === 'test' ? '/sandbox/v1' : '/v1';
    const answer = (value: { endpoint: Endpoint; secret: string }) => {
      reply.header('location', `${prefix}/webhooks/${value.endpoint.webhookId}`);
      return { webhook: endpointJson(value.endpoint), secret: value.secret };
    };
    const created = await createEndpoint(db, tenant, endpointInput(request.body), now(), {
      allowPrivate: config.webhooks.allowPrivate,
      // The secret is shown once: a retry after a crash must get this one, not make another endpoint.
      beforeCommit: answerInWrite(request, reply, 201, answer),
    });
    if (!created.ok) throw failWith(created);
    reply.code(201);
    return answer(created.value);
  });
};
