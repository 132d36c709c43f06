import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const MeResponse = Type.Object({
  agency: Type.Object({
    agencyId: Type.String(),
    name: Type.String(),
    plan: Type.String(),
    verified: Type.Boolean(),
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
});

export const meRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/me',
    {
      config: { scope: null },
      schema: {
        tags: ['v1'],
        summary: 'The calling key, its agency and its remaining quota',
        security: [{ bearerAuth: [] }],
        response: { 200: MeResponse },
      },
    },
    async (request) => {
      // Everything comes from the verified key (cached with its agency): no database round-trip.
      const auth = request.auth!;
      return {
        agency: { agencyId: auth.agencyId, name: auth.key.agencyName, plan: auth.plan, verified: auth.key.agencyVerified },
        key: {
          keyId: auth.keyId,
          name: auth.key.name,
          display: auth.key.display,
          env: auth.env,
          scopes: [...auth.scopes],
          createdAt: auth.key.createdAt.toISOString(),
          lastUsedAt: auth.key.lastUsedAt?.toISOString() ?? null,
        },
      };
    },
  );
};
