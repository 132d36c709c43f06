import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { tenantOf } from '../../http/tenant.js';
import { listSessions, SESSIONS_LISTED, type SyncSession } from '../../../domain/sync/sessions.js';
import { sessionView, SYNC_STATES, SyncSessionView } from './session-view.js';

const schema = {
  tags: ['ingestion'],
  operationId: 'listSyncSessions',
  summary: 'The agency’s sync sessions, newest first',
  description:
    `At most ${SESSIONS_LISTED}, newest first; finished sessions are kept 30 days. With state=open: the open session, if any ` +
    '(a sync that died half-way left it behind: abandon it with DELETE /ingest/syncSessions/{syncId}).',
  security: [{ bearerAuth: [] }],
  querystring: Type.Object(
    { state: Type.Optional(Type.String({ enum: [...SYNC_STATES], description: 'Only the sessions in this state.' })) },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object({ syncSessions: Type.Array(SyncSessionView, { maxItems: SESSIONS_LISTED }) }, { additionalProperties: false }),
  },
};

/** GET /ingest/syncSessions. */
export const listSyncSessionsRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now } = app.services;
  app.get('/syncSessions', { config: { scope: 'listings:read' }, schema }, async (request) => {
    const sessions = await listSessions(db, tenantOf(request), { state: request.query.state as SyncSession['state'] }, now());
    return { syncSessions: sessions.map(sessionView) };
  });
};
