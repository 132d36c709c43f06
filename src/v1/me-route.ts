import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PLAN_BATCH_SIZES, PLAN_NAMES, PLAN_WEBHOOKS } from '../agencies/plans.js';

const Quota = Type.Object({
  name: Type.String({ enum: ['key', 'plan'], description: "key: this key's own quota; plan: the agency's plan quota on v1, shared by its keys of this environment." }),
  limit: Type.Integer(),
  used: Type.Integer(),
  remaining: Type.Integer(),
  reset: Type.Integer({ description: 'Unix seconds at which the oldest counted call leaves the rolling 24-hour window.' }),
});

const MeResponse = Type.Object({
  agency: Type.Object({
    agencyId: Type.String(),
    name: Type.String(),
    plan: Type.String({ enum: ['solo', 'agence', 'reseau'] }),
    planName: Type.String(),
    verified: Type.Boolean(),
    batchSize: Type.Integer({ description: 'Most listings POST /v1/listings/batch takes on this plan.' }),
    webhooks: Type.Integer({ description: 'Webhook endpoints this plan allows.' }),
  }),
  key: Type.Object({
    keyId: Type.String(),
    name: Type.String(),
    display: Type.String({ description: 'Environment prefix and the first 4 random characters.' }),
    env: Type.String({ enum: ['live', 'test'] }),
    scopes: Type.Array(Type.String()),
    createdAt: Type.String({ format: 'date-time' }),
    lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  }),
  quotas: Type.Array(Quota, { description: 'Every quota this key is subject to on v1 (rolling 24 hours). Empty when quotas are switched off.' }),
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
        description: 'Needs only a valid key. Tells the agency and its plan (batch size, webhooks), the key (display form, environment, scopes, created, last used) and every quota with its limit, used, remaining and reset.',
        security: [{ bearerAuth: [] }],
        response: { 200: MeResponse },
      },
    },
    async (request) => {
      // Everything comes from the verified key (cached with its agency): no database round-trip.
      const auth = request.auth!;
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
