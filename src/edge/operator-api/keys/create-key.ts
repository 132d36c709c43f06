import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { AgencyIdParams } from '../../http/params.js';
import { findAgency } from '../../../domain/agencies/agency-store.js';
import { createKey } from '../../../domain/keys/key-store.js';
import { KEY_NAME_MAX, SCOPES, type Scope } from '../../../domain/keys/key-format.js';
import { foundAgency } from '../agency-view.js';
import { keyView } from './key-view.js';

const ScopeSchema = Type.Union(SCOPES.map((scope) => Type.Literal(scope)));
const CreateKeyBody = Type.Object(
  {
    env: Type.Union([Type.Literal('live'), Type.Literal('test')]),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: KEY_NAME_MAX })),
    scopes: Type.Optional(Type.Array(ScopeSchema, { minItems: 1, maxItems: SCOPES.length, uniqueItems: true })),
  },
  { additionalProperties: false },
);

/** POST /admin/api/agencies/{agencyId}/keys: the key is in this answer only. */
export const createKeyRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.services;
  app.post('/agencies/:agencyId/keys', { schema: { params: AgencyIdParams, body: CreateKeyBody, hide: true } }, async (request, reply) => {
    const { agencyId } = request.params;
    const agency = foundAgency(await findAgency(db, agencyId), agencyId);
    // The key store refuses a LIVE key to an agency that may not hold one (agencies/live-keys.ts).
    const created = await createKey(db, {
      agencyId: agency.id,
      env: request.body.env,
      name: request.body.name,
      scopes: request.body.scopes as Scope[] | undefined,
    });
    if (!created.ok) throw failWith(created);
    return reply.code(201).send({ ...keyView(created.value.record), key: created.value.key });
  });
};
