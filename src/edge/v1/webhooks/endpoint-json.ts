import type { Endpoint } from '../../../domain/webhooks/endpoint-store.js';
import type { WebhookEventType } from '../../../domain/webhooks/delivery-policy.js';

/** What the webhook operations share: their tag, security and scope, and an endpoint as v1 shows it. */

export const tags = ['webhooks'];
export const security = [{ bearerAuth: [] }];

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

/** A create or update body as the endpoint store takes it: the schema has checked each event type. */
export const endpointInput = <Body extends { events?: readonly string[] | null }>(body: Body) => ({
  ...body,
  events: body.events as WebhookEventType[] | null | undefined,
});
