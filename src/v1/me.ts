import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findAgency } from '../agencies/agency-store.js';
import { ApiError } from '../http/errors.js';

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
      const auth = request.auth!;
      const agency = await findAgency(app.services.db, auth.agencyId);
      if (!agency) throw new ApiError('unauthorized', 'The API key is unknown or has been revoked');
      return {
        agency: { agencyId: agency.id, name: agency.name, plan: agency.plan, verified: agency.verified },
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
