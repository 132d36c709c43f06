import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses, IdempotencyHeader } from '../../http/schemas.js';
import { SyncIdParams } from '../../http/params.js';
import { tenantOf } from '../../http/tenant.js';
import { abandonSession } from '../../../domain/sync/sessions.js';
import { sessionView, SyncSessionView } from './session-view.js';

const schema = {
  tags: ['ingestion'],
  operationId: 'abandonSyncSession',
  summary: 'Abandon an open sync session: nothing is withdrawn',
  description:
    'For a sync that failed half-way: the session ends without withdrawing anything (the listings pushed in it stay as pushed), ' +
    'and a new session can start at once. `listing-sync sync --abandon` does it for the agency’s open session, and the CLI does it ' +
    'itself when a sync is interrupted. Unknown, expired, abandoned or another agency’s session: 404. Completed: 409.',
  security: [{ bearerAuth: [] }],
  params: SyncIdParams,
  headers: IdempotencyHeader,
  response: { 200: SyncSessionView, ...errorResponses(404, 409) },
};

/** DELETE /ingest/syncSessions/{syncId}. */
export const abandonSyncSessionRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now } = app.services;
  app.delete('/syncSessions/:syncId', { config: { scope: 'listings:write' }, schema }, async (request) => {
    const outcome = await abandonSession(db, tenantOf(request), request.params.syncId, now());
    if (!outcome.ok) throw failWith(outcome);
    return sessionView(outcome.value);
  });
};
