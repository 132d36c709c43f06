import { sameToken } from '../../domain/credentials/same-token.js';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, failWith } from '../http/errors.js';
import { findAgency, insertAgency, listAgencies } from '../../domain/agencies/agency-store.js';
import { AGENCY_NAME_MAX, PLANS } from '../../domain/agencies/plans.js';
import { normaliseSiren } from '../../domain/agencies/siren.js';
import { createKey, listKeys, type ApiKeyRecord } from '../../domain/keys/key-store.js';
import { KEY_NAME_MAX, SCOPES, type Scope } from '../../domain/keys/key-format.js';
import { AgencyIdParams, KeyIdParams } from '../http/params.js';
import { moderationAdminRoutes } from './moderation-routes.js';
import { backOfficeAdminRoutes } from './operations-routes.js';
import { agencyView } from './agency-view.js';
import { ADMIN_TOKEN_ACTOR } from '../../domain/audit/audit-log.js';
import { changePlan } from '../../domain/agencies/plan-change.js';
import { revokeKeyAsOperator } from '../../domain/keys/revocation.js';
import { verifyAgency } from '../../domain/verification/verification.js';

const Plan = Type.Union(PLANS.map((plan) => Type.Literal(plan)));
const ScopeSchema = Type.Union(SCOPES.map((scope) => Type.Literal(scope)));


const CreateAgencyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: AGENCY_NAME_MAX }),
    plan: Plan,
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    siren: Type.Optional(Type.String({ maxLength: 20 })),
    verified: Type.Optional(Type.Boolean()),
    shareWithServiceDefault: Type.Optional(Type.Boolean()),
    shareWithRelayDefault: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const CreateKeyBody = Type.Object(
  {
    env: Type.Union([Type.Literal('live'), Type.Literal('test')]),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: KEY_NAME_MAX })),
    scopes: Type.Optional(Type.Array(ScopeSchema, { minItems: 1, maxItems: SCOPES.length, uniqueItems: true })),
  },
  { additionalProperties: false },
);


export const keyView = (key: ApiKeyRecord) => ({
  keyId: key.id,
  agencyId: key.agencyId,
  name: key.name,
  env: key.env,
  display: key.display,
  scopes: key.scopes,
  createdAt: key.createdAt.toISOString(),
  lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  revokedAt: key.revokedAt?.toISOString() ?? null,
});

/** Operator API (docs/decisions.md §10): used by the CLI, the back-office and tests. */
export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, db, keys } = app.services;
  const adminToken = config.adminToken;
  if (!adminToken) return; // Off without ADMIN_TOKEN; the start-up output says so.

  app.addHook('onRequest', async (request) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match) throw new ApiError('unauthorized', 'The operator API needs "Authorization: Bearer <ADMIN_TOKEN>"');
    if (!sameToken(match[1]!, adminToken)) {
      throw new ApiError('unauthorized', 'The bearer token is not this server\'s ADMIN_TOKEN: use the value the server was started with');
    }
  });

  await app.register(moderationAdminRoutes);
  await app.register(backOfficeAdminRoutes);

  const requireAgency = async (agencyId: string) => {
    const agency = await findAgency(db, agencyId);
    if (!agency) throw new ApiError('not_found', `Agency ${agencyId} not found`);
    return agency;
  };

  app.post('/agencies', { schema: { body: CreateAgencyBody, hide: true } }, async (request, reply) => {
    const body = request.body;
    let siren: string | null = null;
    if (body.siren !== undefined) {
      siren = normaliseSiren(body.siren);
      if (!siren) {
        const message = 'siren must be 9 digits with a valid checksum (Luhn)';
        throw new ApiError('validation_error', message, [{ field: 'siren', message }]);
      }
    }
    const result = await db.transaction(async (tx) => {
      const agency = await insertAgency(tx, { ...body, siren });
      const test = await createKey(tx, { agencyId: agency.id, env: 'test', name: 'Default test key' });
      const live = agency.verified ? await createKey(tx, { agencyId: agency.id, env: 'live', name: 'Default live key' }) : null;
      return { agency, test, live };
    });
    return reply.code(201).header('location', `/admin/api/agencies/${result.agency.id}`).send({
      agencyId: result.agency.id,
      agency: agencyView(result.agency),
      keys: { test: result.test.key, live: result.live?.key ?? null },
    });
  });

  app.get(
    '/agencies',
    { schema: { querystring: Type.Object({ name: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false }), hide: true } },
    async (request) => {
      // Operators look agencies up by a piece of their name ("demo"), whatever its case.
      const wanted = request.query.name?.toLocaleLowerCase('fr');
      const agencies = await listAgencies(db);
      return { agencies: agencies.filter((a) => !wanted || a.name.toLocaleLowerCase('fr').includes(wanted)).map(agencyView) };
    },
  );

  app.get('/agencies/:agencyId', { schema: { params: AgencyIdParams, hide: true } }, async (request) =>
    agencyView(await requireAgency(request.params.agencyId)),
  );

  const PlanBody = Type.Object({ plan: Plan }, { additionalProperties: false });
  const changePlanRoute = async (request: { params: { agencyId: string }; body: { plan: (typeof PLANS)[number] } }) => {
    const changed = await changePlan(db, request.params.agencyId, request.body.plan, ADMIN_TOKEN_ACTOR);
    if (!changed.ok) throw failWith(changed);
    // Cached keys carry the plan: every process must reload them for the next call.
    await keys.invalidateEverywhere();
    return agencyView(changed.value);
  };
  app.patch('/agencies/:agencyId', { schema: { params: AgencyIdParams, body: PlanBody, hide: true } }, changePlanRoute);
  // The form docs/decisions.md §10 names; the same change.
  app.put('/agencies/:agencyId/plan', { schema: { params: AgencyIdParams, body: PlanBody, hide: true } }, changePlanRoute);

  app.post('/agencies/:agencyId/verify', { schema: { params: AgencyIdParams, hide: true } }, async (request) => {
    const verified = await verifyAgency(db, request.params.agencyId, ADMIN_TOKEN_ACTOR);
    if (!verified.ok) throw failWith(verified);
    const live = verified.value.liveKey;
    if (live) await keys.invalidateEverywhere(); // cached keys carry the verified flag
    return { agencyId: verified.value.agency.id, verified: true, liveKey: live?.key ?? null, keyId: live?.id ?? null };
  });

  app.post('/agencies/:agencyId/keys', { schema: { params: AgencyIdParams, body: CreateKeyBody, hide: true } }, async (request, reply) => {
    const agency = await requireAgency(request.params.agencyId);
    if (request.body.env === 'live' && !agency.verified) {
      throw new ApiError('forbidden', 'LIVE keys are issued once the agency business registration is verified');
    }
    const created = await createKey(db, {
      agencyId: agency.id,
      env: request.body.env,
      name: request.body.name,
      scopes: request.body.scopes as Scope[] | undefined,
    });
    return reply.code(201).send({ ...keyView(created.record), key: created.key });
  });

  app.get('/agencies/:agencyId/keys', { schema: { params: AgencyIdParams, hide: true } }, async (request) => {
    await requireAgency(request.params.agencyId);
    return { keys: (await listKeys(db, request.params.agencyId)).map(keyView) };
  });

  app.delete(
    '/keys/:keyId',
    { schema: { params: KeyIdParams, hide: true } },
    async (request) => {
      const revoked = await revokeKeyAsOperator(db, request.params.keyId, ADMIN_TOKEN_ACTOR);
      if (!revoked.ok) throw failWith(revoked);
      await keys.invalidateEverywhere();
      return { ...keyView(revoked.value), revoked: true };
    },
  );
};
