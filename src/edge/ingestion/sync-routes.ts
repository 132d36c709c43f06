import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authenticatedKey } from '../http/plugins/key-auth.js';
import { failWith } from '../http/errors.js';
import { errorResponses, IdempotencyHeader } from '../http/schemas.js';
import {
  abandonSession,
  completeSession,
  getSession,
  listSessions,
  SESSIONS_LISTED,
  startSession,
  type SyncSession,
} from '../../domain/sync/sessions.js';
import { ON_MARKET, WITHDRAW_CAP } from '../../domain/sync/withdraw.js';
import { Count, DateTime } from '../../platform/validation/schema-types.js';
import { SyncId, SyncIdParams } from '../http/params.js';

const SYNC_STATES = ['open', 'completed', 'expired', 'abandoned'] as const;

const SyncSessionView = Type.Object(
  {
    syncId: SyncId(),
    state: Type.String({
      enum: [...SYNC_STATES],
      description: 'open until completed, abandoned, or expiresAt; a finished session takes no pushes.',
    }),
    createdAt: DateTime(),
    expiresAt: DateTime({
      description: 'An hour after the start or the last push, 24 hours after the start at the latest; each push moves it on.',
    }),
    completedAt: Type.Union([DateTime(), Type.Null()], { description: 'When the session was completed or abandoned.' }),
    seen: Count(undefined, {
      description: 'Distinct externalIds the session’s pushes named (kept once the session is completed; 0 once expired).',
    }),
    onMarket: Type.Union([Count(), Type.Null()], {
      description: `On completion: the listings on the market (${ON_MARKET.join(', ')}) before it.`,
    }),
    withdrawn: Type.Union([Count(), Type.Null()], { description: 'On completion: how many of them were withdrawn.' }),
    forced: Type.Union([Type.Boolean(), Type.Null()], { description: 'On completion: whether force was given.' }),
  },
  { additionalProperties: false },
);

const view = (session: SyncSession) => ({
  ...session,
  createdAt: session.createdAt.toISOString(),
  expiresAt: session.expiresAt.toISOString(),
  completedAt: session.completedAt?.toISOString() ?? null,
});

const CAP = `${WITHDRAW_CAP * 100} %`;

/** Full sync sessions (docs/decisions.md §15), on the ingestion interface. */
export const syncSessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now, config } = app.services;
  const sessionUrl = (env: 'live' | 'test', syncId: string) =>
    `${env === 'live' ? config.ingestBaseUrl : `${config.baseUrl}/sandbox/ingest`}/syncSessions/${syncId}`;
  const scopeOf = (auth: { agencyId: string; env: 'live' | 'test' }) => ({ agencyId: auth.agencyId, env: auth.env });

  app.post(
    '/syncSessions',
    {
      config: { scope: 'listings:write' },
      schema: {
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
      },
    },
    async (request, reply) => {
      const outcome = await startSession(db, scopeOf(authenticatedKey(request)), now());
      if (!outcome.ok) throw failWith(outcome);
      return reply
        .code(201)
        .header('location', sessionUrl(authenticatedKey(request).env, outcome.value.syncId))
        .send(view(outcome.value));
    },
  );

  app.get(
    '/syncSessions',
    {
      config: { scope: 'listings:read' },
      schema: {
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
      },
    },
    async (request) => {
      const sessions = await listSessions(
        db,
        scopeOf(authenticatedKey(request)),
        { state: request.query.state as SyncSession['state'] },
        now(),
      );
      return { syncSessions: sessions.map(view) };
    },
  );

  app.get(
    '/syncSessions/:syncId',
    {
      config: { scope: 'listings:read' },
      schema: {
        tags: ['ingestion'],
        operationId: 'getSyncSession',
        summary: 'A sync session: its state, how many externalIds it has seen, and what its completion did',
        security: [{ bearerAuth: [] }],
        params: SyncIdParams,
        response: { 200: SyncSessionView, ...errorResponses(404) },
      },
    },
    async (request) => {
      const outcome = await getSession(db, scopeOf(authenticatedKey(request)), request.params.syncId, now());
      if (!outcome.ok) throw failWith(outcome);
      return view(outcome.value);
    },
  );

  app.post(
    '/syncSessions/:syncId/complete',
    {
      config: { scope: 'listings:write' },
      schema: {
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
            force: Type.Optional(
              Type.Boolean({ default: false, description: `Withdraw even more than ${CAP} of the listings on the market.` }),
            ),
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
      },
    },
    async (request) => {
      const outcome = await completeSession(
        db,
        scopeOf(authenticatedKey(request)),
        request.params.syncId,
        request.body.force ?? false,
        now(),
      );
      if (!outcome.ok) throw failWith(outcome);
      return view(outcome.value);
    },
  );

  app.delete(
    '/syncSessions/:syncId',
    {
      config: { scope: 'listings:write' },
      schema: {
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
      },
    },
    async (request) => {
      const outcome = await abandonSession(db, scopeOf(authenticatedKey(request)), request.params.syncId, now());
      if (!outcome.ok) throw failWith(outcome);
      return view(outcome.value);
    },
  );
};
