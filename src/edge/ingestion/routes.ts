import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ingestionListingRoutes } from './listings/index.js';
import { syncSessionRoutes } from './sync-sessions/index.js';
import { polirisRoutes } from './poliris/index.js';

/** The ingestion interface, mounted live and under /sandbox: a folder per resource, a file per operation. */
export const ingestionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(ingestionListingRoutes);
  await app.register(syncSessionRoutes);
  await app.register(polirisRoutes);
};
