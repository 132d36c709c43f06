import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses, IdempotencyHeader } from '../../http/schemas.js';
import { SyncIdParams } from '../../http/params.js';
import { tenantOf } from '../../http/tenant.js';
import { completeSession } from '../../../domain/sync/sessions.js';
import { ON_MARKET } from '../../../domain/sync/withdraw.js';
import { CAP, sessionView, SyncSessionView } from './session-view.js';

const schema = {
  tags: ['ingestion'],
  operationId: 'completeSyncSession',
  summary: 'Complete a sync session: withdraw the listings it did not see',
  description:
    `Each listing on the market (${ON_MARKET.join(', ')}) whose externalId no push of the session named gets status withdrawn, ` +
    'as a status change: a new version and a new change sequence, so agencyListings shows it. Sold, rented and withdrawn listings ' +
    'are left as they are. A listing a push of the session named counts as seen even if that push rejected it (its stored version ' +
    `stays). Safety cap: when the withdrawals would be more than ${CAP} of the listings on the market, the answer is 409 and ` +
    'nothing changes unless the body is {"force": true}: the session stays open, to push what is missing, complete with force, or abandon. Unknown, expired or another agency’s session: 404. ' +
    'Already completed: 409.',
  security: [{ bearerAuth: [] }],
  params: SyncIdParams,
  headers: IdempotencyHeader,
  body: Type.Object(
    {
      force: Type.Optional(Type.Boolean({ default: false, description: `Withdraw even more than ${CAP} of the listings on the market.` })),
    },
    { additionalProperties: false, examples: [{ force: false }] },
  ),
  response: {
    200: SyncSessionView,
    ...errorResponses(404),
    409: {
      description: `conflict: the session is already completed, or completing it would withdraw more than ${CAP} of the listings on the market (send {"force": true}).`,
      content: { 'application/problem+json': { schema: Type.Ref('Problem') } },
    } as never,
  },
};

/** POST /ingest/syncSessions/{syncId}/complete: withdraws what the session did not see, within the cap. */
export const completeSyncSessionRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now } = app.services;
  app.post('/syncSessions/:syncId/complete', { config: { scope: 'listings:write' }, schema }, async (request) => {
    const outcome = await completeSession(db, tenantOf(request), request.params.syncId, request.body.force ?? false, now());
    if (!outcome.ok) throw failWith(outcome);
    return sessionView(outcome.value);
  });
};
