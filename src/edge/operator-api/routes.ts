import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { operatorTokenAuth } from '../http/plugins/token-auth.js';
import { moderationAdminRoutes } from './moderation-routes.js';
import { backOfficeAdminRoutes } from './operations-routes.js';
import { agencyRoutes } from './agencies/index.js';
import { keyRoutes } from './keys/index.js';
import { factorResetRoutes } from './factor-reset-routes.js';

/**
 * Operator API (docs/decisions.md §10): used by the CLI, the back-office and tests. Every route
 * is behind `ADMIN_TOKEN`; a folder per resource, a file per operation.
 */
export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const adminToken = app.services.config.adminToken;
  if (!adminToken) return; // Off without ADMIN_TOKEN; the start-up output says so.

  await app.register(operatorTokenAuth, { token: adminToken });

  await app.register(moderationAdminRoutes);
  await app.register(backOfficeAdminRoutes);
  await app.register(agencyRoutes);
  await app.register(keyRoutes);
  await app.register(factorResetRoutes);
};
