import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { meRoute } from './me-route.js';
import { v1ListingRoutes } from './listings/index.js';
import { sandboxModerationRoute } from './sandbox-moderation-route.js';
import { webhookRoutes } from './webhooks/index.js';
import { v1LeadRoutes } from './leads/index.js';
import { sandboxLeadRoute } from './leads/sandbox-create-lead.js';
import { v1PerformanceRoutes } from './performance-routes.js';

/** The public v1 REST interface (docs/interfaces.md), mounted live and under /sandbox. */
export const v1Routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(meRoute);
  await app.register(v1ListingRoutes);
  await app.register(webhookRoutes);
  await app.register(v1LeadRoutes);
  await app.register(v1PerformanceRoutes);
};

/** The sandbox's v1: the same operations, plus the TEST key's moderation decisions and test conversations. */
export const sandboxV1Routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(v1Routes);
  await app.register(sandboxModerationRoute);
  await app.register(sandboxLeadRoute);
};
