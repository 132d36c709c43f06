import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses, IdempotencyHeader } from '../../http/schemas.js';
import { WebhookIdParams } from '../../http/params.js';
import { tenantOf } from '../../http/tenant.js';
import { rotateSecret, type Endpoint } from '../../../domain/webhooks/endpoint-store.js';
import { answerInWrite } from '../../http/plugins/idempotency.js';
import { SecretRotated } from './schemas.js';
import { endpointJson, security, tags } from './endpoint-json.js';

const schema = {
  tags,
  security,
  operationId: 'rotateWebhookSecret',
  summary: 'Replace the signing secret',
  description:
    'The new secret is in this answer only. For 24 hours every delivery carries two signatures in webhook-signature (the new secret’s and the previous one’s), ' +
    'so receivers verify with either while they switch; afterwards the new secret alone signs.',
  params: WebhookIdParams,
  headers: IdempotencyHeader,
  // A body is not expected, but one sent with another media type is refused (415) like anywhere else.
  response: { 200: SecretRotated, ...errorResponses(404, 409, 413, 415) },
};

/** POST /v1/webhooks/{webhookId}/rotate-secret. */
export const rotateWebhookSecretRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now } = app.services;
  app.post('/webhooks/:webhookId/rotate-secret', { config: { scope: 'webhooks:manage' }, schema }, async (request, reply) => {
    const answer = (value: { endpoint: Endpoint; secret: string }) => ({ webhook: endpointJson(value.endpoint), secret: value.secret });
    const kept = answerInWrite(request, reply, 200, answer);
    const rotated = await rotateSecret(db, tenantOf(request), request.params.webhookId, now(), kept);
    if (!rotated.ok) throw failWith(rotated);
    return answer(rotated.value);
  });
};
