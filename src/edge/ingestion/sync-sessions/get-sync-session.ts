import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses } from '../../http/schemas.js';
import { SyncIdParams } from '../../http/params.js';
import { tenantOf } from '../../http/tenant.js';
import { getSession } from '../../../domain/sync/sessions.js';
import { sessionView, SyncSessionView } from './session-view.js';

const schema = {
  tags: ['ingestion'],
  operationId: 'getSyncSession',
  summary: 'A sync session: its state, how many externalIds it has seen, and what its completion did',
  security: [{ bearerAuth: [] }],
  params: SyncIdParams,
  response: { 200: SyncSessionView, ...errorResponses(404) },
};

/** GET /ingest/syncSessions/{syncId}. */
export const getSyncSessionRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now } = app.services;
  app.get('/syncSessions/:syncId', { config: { scope: 'listings:read' }, schema }, async (request) => {
    const outcome = await getSession(db, tenantOf(request), request.params.syncId, now());
    if (!outcome.ok) throw failWith(outcome);
    return sessionView(outcome.value);
  });
};
