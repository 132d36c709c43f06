import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ProSpace } from '../space.js';
import { listWebhooksPage } from './list-webhooks.js';
import { createWebhookPage } from './create-webhook.js';
import { showWebhookPage } from './show-webhook.js';
import { testWebhookPage } from './test-webhook.js';
import { switchWebhookPages } from './switch-webhook.js';
import { deleteWebhookPages } from './delete-webhook.js';
import { retryDeliveryPage } from './retry-delivery.js';
import { rotateSecretPage } from './rotate-secret.js';

/**
 * `/pro/webhooks` (docs/decisions.md §9, §13): the agency admin's view of the v1 webhook API — list,
 * add (the secret shown once), test, delivery log with retry, secret rotation, disable, delete.
 * Admins only, declared on each route; one file per page or button.
 */
export const webhooksPages: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  for (const pages of [
    listWebhooksPage,
    createWebhookPage,
    showWebhookPage,
    testWebhookPage,
    switchWebhookPages,
    deleteWebhookPages,
    retryDeliveryPage,
    rotateSecretPage,
  ])
    await app.register(pages, { space });
};
