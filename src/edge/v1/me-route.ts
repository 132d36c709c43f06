import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authenticatedKey } from '../http/plugins/key-auth.js';
import { Count, DateTime, IdString, Int, Text, UNIX_SECONDS_MAX } from '../../platform/validation/schema-types.js';
import { SCOPES } from '../../domain/keys/key-format.js';
import { AGENCY_NAME_MAX } from '../../domain/agencies/plans.js';
import { KEY_NAME_MAX } from '../../domain/keys/key-format.js';
import { PLAN_BATCH_SIZES, PLAN_NAMES, PLAN_WEBHOOKS } from '../../domain/agencies/plans.js';

const Quota = Type.Object({
  name: Type.String({
    enum: ['key', 'plan'],
    description: "key: this key's own quota; plan: the agency's plan quota on v1, shared by its keys of this environment.",
  }),
  limit: Count(),
  used: Count(),
  remaining: Count(),
  reset: Int(0, UNIX_SECONDS_MAX, { description: 'Unix seconds at which the oldest counted call leaves the rolling 24-hour window.' }),
});

const MeResponse = Type.Object({
  agency: Type.Object({
    agencyId: IdString('agc'),
    name: Text(AGENCY_NAME_MAX),
    plan: Type.String({ enum: Object.keys(PLAN_NAMES) }),
    planName: Type.String({ enum: Object.values(PLAN_NAMES) }),
    verified: Type.Boolean(),
    batchSize: Count(Math.max(...Object.values(PLAN_BATCH_SIZES)), {
      description: 'Most listings POST /v1/listings/batch takes on this plan.',
    }),
    webhooks: Count(Math.max(...Object.values(PLAN_WEBHOOKS)), { description: 'Webhook endpoints this plan allows.' }),
  }),
  key: Type.Object({
    keyId: IdString('key'),
    name: Text(KEY_NAME_MAX),
    display: Text(32, { description: 'Environment prefix and the first 4 random characters.' }),
    env: Type.String({ enum: ['live', 'test'] }),
    scopes: Type.Array(Type.String({ enum: [...SCOPES] }), { maxItems: SCOPES.length }),
    createdAt: DateTime(),
    lastUsedAt: Type.Union([DateTime(), Type.Null()]),
  }),
  quotas: Type.Array(Quota, {
    maxItems: 2,
    description: 'Every quota this key is subject to on v1 (rolling 24 hours). Empty when quotas are switched off.',
  }),
});

export const meRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/me',
    {
      config: { scope: null },
      schema: {
        tags: ['v1'],
        operationId: 'getMe',
        summary: 'The calling key, its agency and its remaining quota',
        description:
          'Needs only a valid key. Tells the agency and its plan (batch size, webhooks), the key (display form, environment, scopes, created, last used) and every quota with its limit, used, remaining and reset.',
        security: [{ bearerAuth: [] }],
        response: { 200: MeResponse },
      },
    },
    async (request) => {
      // Everything comes from the verified key (cached with its agency): no database round-trip.
      const auth = authenticatedKey(request);
      return {
        agency: {
          agencyId: auth.agencyId,
          name: auth.key.agencyName,
          plan: auth.plan,
          planName: PLAN_NAMES[auth.plan],
          verified: auth.key.agencyVerified,
          batchSize: PLAN_BATCH_SIZES[auth.plan],
          webhooks: PLAN_WEBHOOKS[auth.plan],
        },
        key: {
          keyId: auth.keyId,
          name: auth.key.name,
          display: auth.key.display,
          env: auth.env,
          scopes: [...auth.scopes],
          createdAt: auth.key.createdAt.toISOString(),
          lastUsedAt: auth.key.lastUsedAt?.toISOString() ?? null,
        },
        quotas: request.quotaStates ?? [],
      };
    },
  );
};
