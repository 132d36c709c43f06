import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { startSyncSessionRoute } from './start-sync-session.js';
import { listSyncSessionsRoute } from './list-sync-sessions.js';
import { getSyncSessionRoute } from './get-sync-session.js';
import { completeSyncSessionRoute } from './complete-sync-session.js';
import { abandonSyncSessionRoute } from './abandon-sync-session.js';

/** Full sync sessions (docs/decisions.md §15) on the ingestion interface, one file per operation. */
export const syncSessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const operation of [
    startSyncSessionRoute,
    listSyncSessionsRoute,
    getSyncSessionRoute,
    completeSyncSessionRoute,
    abandonSyncSessionRoute,
  ])
    await app.register(operation);
};
