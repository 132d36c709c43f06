import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { authenticatedKey } from '../http/plugins/key-auth.js';
import { failWith } from '../http/errors.js';
import { errorResponses, IdempotencyHeader } from '../http/schemas.js';
import {
  createEndpoint,
  deleteEndpoint,
  findEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
  type Endpoint,
} from '../../domain/webhooks/endpoint-store.js';
import { deliveryLog, queueTestMessage, retryDelivery } from '../../domain/webhooks/deliveries.js';
import type { WebhookEventType } from '../../domain/webhooks/delivery-policy.js';
import {
  DeliveriesQuery,
  DeliveryLog,
  DeliveryQueued,
  SecretRotated,
  WebhookCreate,
  WebhookCreated,
  WebhookDeleted,
  WebhookEndpoint,
  WebhookList,
  WebhookUpdate,
} from './webhook-schemas.js';
import { DeliveryIdParams, WebhookIdParams } from '../http/params.js';
import type { AgencyEnv } from '../../domain/tenant.js';

export const endpointJson = (endpoint: Endpoint) => ({
  webhookId: endpoint.webhookId,
  env: endpoint.env,
  url: endpoint.url,
  description: endpoint.description,
  events: endpoint.events,
  enabled: endpoint.enabled,
  disabledReason: endpoint.disabledReason,
  disabledAt: endpoint.disabledAt?.toISOString() ?? null,
  failingSince: endpoint.failingSince?.toISOString() ?? null,
  previousSecretValidUntil: endpoint.previousSecretUntil?.toISOString() ?? null,
  createdAt: endpoint.createdAt.toISOString(),
  updatedAt: endpoint.updatedAt.toISOString(),
});

const tags = ['webhooks'];
const security = [{ bearerAuth: [] }];
const config = { scope: 'webhooks:manage' as const };

/**
 * Webhook endpoints of the calling key's agency and environment (docs/decisions.md §9): a LIVE key
 * manages LIVE endpoints, a TEST key (under /sandbox) sandbox endpoints, each with the plan's
 * cap. Deliveries themselves are sent by the dispatcher (src/webhooks/dispatcher.ts).
 */
export const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now } = app.services;
  const allowPrivate = app.services.config.webhooks.allowPrivate;
  const scopeOf = (request: FastifyRequest): AgencyEnv => {
    const { agencyId, env } = authenticatedKey(request);
    return { agencyId, env };
  };

  app.get(
    '/webhooks',
    {
      config,
      schema: { tags, security, operationId: 'listWebhooks', summary: 'List the webhook endpoints', response: { 200: WebhookList } },
    },
    async (request) => ({ webhooks: (await listEndpoints(db, scopeOf(request), now())).map(endpointJson) }),
  );

  app.post(
    '/webhooks',
    {
      config,
      schema: {
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
      },
    },
    async (request, reply) => {
      const body = request.body;
      const created = await createEndpoint(
        db,
        scopeOf(request),
        {
          url: body.url,
          events: body.events as WebhookEventType[] | null | undefined,
          description: body.description,
          enabled: body.enabled,
        },
        now(),
        { allowPrivate },
      );
      if (!created.ok) throw failWith(created);
      const prefix = authenticatedKey(request).env === 'test' ? '/sandbox/v1' : '/v1';
      reply.code(201).header('location', `${prefix}/webhooks/${created.value.endpoint.webhookId}`);
      return { webhook: endpointJson(created.value.endpoint), secret: created.value.secret };
    },
  );

  app.get(
    '/webhooks/:webhookId',
    {
      config,
      schema: {
        tags,
        security,
        operationId: 'getWebhook',
        summary: 'One webhook endpoint',
        params: WebhookIdParams,
        response: { 200: WebhookEndpoint, ...errorResponses(404) },
      },
    },
    async (request) => {
      const found = await findEndpoint(db, scopeOf(request), request.params.webhookId, now());
      if (!found.ok) throw failWith(found);
      return endpointJson(found.value);
    },
  );

  app.patch(
    '/webhooks/:webhookId',
    {
      config,
      schema: {
        tags,
        security,
        operationId: 'updateWebhook',
        summary: 'Change a webhook endpoint (URL, events, description, enabled)',
        params: WebhookIdParams,
        body: WebhookUpdate,
        headers: IdempotencyHeader,
        response: { 200: WebhookEndpoint, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const body = request.body;
      const updated = await updateEndpoint(
        db,
        scopeOf(request),
        request.params.webhookId,
        {
          url: body.url,
          events: body.events as WebhookEventType[] | null | undefined,
          description: body.description,
          enabled: body.enabled,
        },
        now(),
        { allowPrivate },
      );
      if (!updated.ok) throw failWith(updated);
      return endpointJson(updated.value);
    },
  );

  app.delete(
    '/webhooks/:webhookId',
    {
      config,
      schema: {
        tags,
        security,
        operationId: 'deleteWebhook',
        summary: 'Delete a webhook endpoint and its delivery log',
        params: WebhookIdParams,
        headers: IdempotencyHeader,
        response: { 200: WebhookDeleted, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const deleted = await deleteEndpoint(db, scopeOf(request), request.params.webhookId);
      if (!deleted.ok) throw failWith(deleted);
      return { webhookId: request.params.webhookId, deleted: true as const };
    },
  );

  app.post(
    '/webhooks/:webhookId/rotate-secret',
    {
      config,
      schema: {
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
      },
    },
    async (request) => {
      const rotated = await rotateSecret(db, scopeOf(request), request.params.webhookId, now());
      if (!rotated.ok) throw failWith(rotated);
      return { webhook: endpointJson(rotated.value.endpoint), secret: rotated.value.secret };
    },
  );

  app.post(
    '/webhooks/:webhookId/test',
    {
      config,
      schema: {
        tags,
        security,
        operationId: 'testWebhook',
        summary: 'Send a webhook.test message',
        description: 'Queued at once, signed and retried like any event; follow it in the delivery log. A disabled endpoint is 409.',
        params: WebhookIdParams,
        headers: IdempotencyHeader,
        response: { 202: DeliveryQueued, ...errorResponses(404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const queued = await queueTestMessage(db, scopeOf(request), request.params.webhookId, now());
      if (!queued.ok) throw failWith(queued);
      app.services.webhooks?.nudge();
      return reply.code(202).send(queued.value);
    },
  );

  app.get(
    '/webhooks/:webhookId/deliveries',
    {
      config,
      schema: {
        tags,
        security,
        operationId: 'listWebhookDeliveries',
        summary: 'The endpoint’s delivery log, newest first',
        description:
          'Each delivery with its attempts: time, HTTP status, latency, the first KiB of the answer, or why it failed. Kept 30 days.',
        params: WebhookIdParams,
        querystring: DeliveriesQuery,
        response: { 200: DeliveryLog, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { before, limit, state } = request.query;
      const log = await deliveryLog(db, scopeOf(request), request.params.webhookId, {
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
    },
  );

  app.post(
    '/webhooks/:webhookId/deliveries/:deliveryId/retry',
    {
      config,
      schema: {
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
      },
    },
    async (request, reply) => {
      const retried = await retryDelivery(db, scopeOf(request), request.params.webhookId, request.params.deliveryId, now());
      if (!retried.ok) throw failWith(retried);
      app.services.webhooks?.nudge();
      return reply.code(202).send({ deliveryId: request.params.deliveryId });
    },
  );
};
