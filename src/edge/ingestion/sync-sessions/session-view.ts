import { Type } from '@fastify/type-provider-typebox';
import type { SyncSession } from '../../../domain/sync/sessions.js';
import { ON_MARKET, WITHDRAW_CAP } from '../../../domain/sync/withdraw.js';
import { Count, DateTime } from '../../../platform/validation/schema-types.js';
import { SyncId } from '../../http/params.js';
import type { AgencyEnv } from '../../../domain/tenant.js';
import type { Config } from '../../../platform/config.js';

/** What the sync session operations share: a session as they answer it, and where it is read. */

export const SYNC_STATES = ['open', 'completed', 'expired', 'abandoned'] as const;

export const SyncSessionView = Type.Object(
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

export const sessionView = (session: SyncSession) => ({
  ...session,
  createdAt: session.createdAt.toISOString(),
  expiresAt: session.expiresAt.toISOString(),
  completedAt: session.completedAt?.toISOString() ?? null,
});

/** The withdrawal cap, as the descriptions say it. */
export const CAP = `${WITHDRAW_CAP * 100} %`;

/** Where a session of the tenant is read: the Location of a new one. */
export const sessionUrl = (config: Pick<Config, 'ingestBaseUrl' | 'baseUrl'>, tenant: AgencyEnv, syncId: string) =>
  `${tenant.env === 'live' ? config.ingestBaseUrl : `${config.baseUrl}/sandbox/ingest`}/syncSessions/${syncId}`;
