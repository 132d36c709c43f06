import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listWebhooksRoute } from './list-webhooks.js';
import { createWebhookRoute } from './create-webhook.js';
import { getWebhookRoute } from './get-webhook.js';
import { updateWebhookRoute } from './update-webhook.js';
import { deleteWebhookRoute } from './delete-webhook.js';
import { rotateWebhookSecretRoute } from './rotate-webhook-secret.js';
import { testWebhookRoute } from './test-webhook.js';
import { listWebhookDeliveriesRoute } from './list-webhook-deliveries.js';
import { retryWebhookDeliveryRoute } from './retry-webhook-delivery.js';

/**
 * Webhook endpoints of the calling key's agency and environment (docs/decisions.md §9), one file
 * per operation: a LIVE key manages LIVE endpoints, a TEST key (under /sandbox) sandbox
 * endpoints, each with the plan's cap. Deliveries themselves are sent by the dispatcher
 * (src/domain/webhooks/dispatcher.ts).
 */
export const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const operation of [
    listWebhooksRoute,
    createWebhookRoute,
    getWebhookRoute,
    updateWebhookRoute,
    deleteWebhookRoute,
    rotateWebhookSecretRoute,
    testWebhookRoute,
    listWebhookDeliveriesRoute,
    retryWebhookDeliveryRoute,
  ])
    await app.register(operation);
};
