import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, failWith } from '../http/errors.js';
import { operatorTokenAuth } from '../http/plugins/token-auth.js';
import { findAgency, listAgencies } from '../../domain/agencies/agency-store.js';
import { openAgency } from '../../domain/onboarding/open-agency.js';
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

  await app.register(operatorTokenAuth, { token: adminToken });

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
    const result = await db.transaction((tx) => openAgency(tx, { ...body, siren }, { test: 'Default test key', live: 'Default live key' }));
    return reply
      .code(201)
      .header('location', `/admin/api/agencies/${result.agency.id}`)
      .send({
        agencyId: result.agency.id,
        agency: agencyView(result.agency),
        keys: { test: result.testKey.key, live: result.liveKey?.key ?? null },
      });
  });

  app.get(
    '/agencies',
    {
      schema: {
        querystring: Type.Object({ name: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false }),
        hide: true,
      },
    },
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
    const changed = await changePlan(db, keys, request.params.agencyId, request.body.plan, ADMIN_TOKEN_ACTOR);
    if (!changed.ok) throw failWith(changed);
    return agencyView(changed.value);
  };
  app.patch('/agencies/:agencyId', { schema: { params: AgencyIdParams, body: PlanBody, hide: true } }, changePlanRoute);
  // The form docs/decisions.md §10 names; the same change.
  app.put('/agencies/:agencyId/plan', { schema: { params: AgencyIdParams, body: PlanBody, hide: true } }, changePlanRoute);

  app.post('/agencies/:agencyId/verify', { schema: { params: AgencyIdParams, hide: true } }, async (request) => {
    const verified = await verifyAgency(db, keys, request.params.agencyId, ADMIN_TOKEN_ACTOR, { issueLiveKey: true });
    if (!verified.ok) throw failWith(verified);
    const live = verified.value.liveKey;
    return { agencyId: verified.value.agency.id, verified: true, liveKey: live?.key ?? null, keyId: live?.id ?? null };
  });

  app.post('/agencies/:agencyId/keys', { schema: { params: AgencyIdParams, body: CreateKeyBody, hide: true } }, async (request, reply) => {
    const agency = await requireAgency(request.params.agencyId);
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

  app.get('/agencies/:agencyId/keys', { schema: { params: AgencyIdParams, hide: true } }, async (request) => {
    await requireAgency(request.params.agencyId);
    return { keys: (await listKeys(db, request.params.agencyId)).map(keyView) };
  });

  app.delete('/keys/:keyId', { schema: { params: KeyIdParams, hide: true } }, async (request) => {
    const revoked = await revokeKeyAsOperator(db, keys, request.params.keyId, ADMIN_TOKEN_ACTOR);
    if (!revoked.ok) throw failWith(revoked);
    return { ...keyView(revoked.value), revoked: true };
  });
};
