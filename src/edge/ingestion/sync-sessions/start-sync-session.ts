import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses, IdempotencyHeader } from '../../http/schemas.js';
import { tenantOf } from '../../http/tenant.js';
import { startSession, type SyncSession } from '../../../domain/sync/sessions.js';
import { answerInWrite } from '../../http/plugins/idempotency.js';
import { ON_MARKET } from '../../../domain/sync/withdraw.js';
import { sessionUrl, sessionView, SyncSessionView } from './session-view.js';

const schema = {
  tags: ['ingestion'],
  operationId: 'startSyncSession',
  summary: 'Start a full sync session',
  description:
    'A full sync replaces the agency’s set of listings with the set a CRM pushes: start a session, push every listing with its syncId beside ' +
    '`listings` in each ingestListings body, then complete the session. Completion withdraws the listings on the market ' +
    `(${ON_MARKET.join(', ')}) that no push of the session named. A session expires an hour after its start or its last push, and ` +
    '24 hours after its start at the latest. One session may be open per agency and environment: starting a second one is 409, ' +
    'whose detail names the open one and the ways out (complete it, abandon it with DELETE /ingest/syncSessions/{syncId}, or wait ' +
    'for its expiry); GET /ingest/syncSessions?state=open finds it too. No body.',
  security: [{ bearerAuth: [] }],
  headers: IdempotencyHeader,
  // No body is read; one sent anyway is still parsed, so its size and type can be refused.
  response: { 201: SyncSessionView, ...errorResponses(409, 413, 415) },
};

/** POST /ingest/syncSessions. */
export const startSyncSessionRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now, config } = app.services;
  app.post('/syncSessions', { config: { scope: 'listings:write' }, schema }, async (request, reply) => {
    const tenant = tenantOf(request);
    const answer = (session: SyncSession) => {
      reply.header('location', sessionUrl(config, tenant, session.syncId));
      return sessionView(session);
    };
    // Kept with the session: a retry after a crash replays it instead of a 409 on its own session.
    const outcome = await startSession(db, tenant, now(), answerInWrite(request, reply, 201, answer));
    if (!outcome.ok) throw failWith(outcome);
    return reply.code(201).send(answer(outcome.value));
  });
};
