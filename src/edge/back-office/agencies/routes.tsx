import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findAgency, searchAgencies } from '../../../domain/agencies/agency-store.js';
import { changePlan } from '../../../domain/agencies/plan-change.js';
import { PLANS } from '../../../domain/agencies/plans.js';
import { reinstateAgency, suspendAgency, SUSPENSION_REASON_MAX } from '../../../domain/agencies/suspension.js';
import { listKeys } from '../../../domain/keys/key-store.js';
import { revokeKeyAsOperator } from '../../../domain/keys/revocation.js';
import { readAudit } from '../../../domain/audit/audit-log.js';
import { AgencyIdParams, KeyIdParams } from '../../http/params.js';
import { Done, flashOf, Form, Reason, type BackOfficeSpace } from '../space.js';
import { AgenciesPage, AgencyPage } from '../views/agencies.js';

const SearchQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 200 })), fait: Done.properties.fait });
const PlanForm = Form({ plan: Type.Union(PLANS.map((plan) => Type.Literal(plan))) });

/**
 * `/admin/agencies` (docs/decisions.md §10, §13): search, an agency's file (keys, audit), and
 * what operators change on it, through the capabilities the operator API also uses.
 */
export const agenciesPages: FastifyPluginAsyncTypebox<{ space: BackOfficeSpace }> = async (app, { space }) => {
  const { db, keys } = app.services;
  const { page, seeOther, viewerOf, operatorOf } = space;
  const unknownAgency = (request: FastifyRequest, reply: FastifyReply) =>
    space.message(request, reply, 404, 'Agence introuvable', 'Aucune agence n’a cet identifiant.');

  app.get('/agencies', { schema: { hide: true, querystring: SearchQuery } }, async (request, reply) => {
    const query = request.query.q ?? '';
    return page(
      reply,
      200,
      <AgenciesPage
        viewer={viewerOf(request)}
        query={query}
        agencies={await searchAgencies(db, query, 100)}
        flash={flashOf(request.query)}
      />,
    );
  });

  app.get('/agencies/:agencyId', { schema: { hide: true, params: AgencyIdParams, querystring: Done } }, async (request, reply) => {
    const agency = await findAgency(db, request.params.agencyId);
    if (!agency) return unknownAgency(request, reply);
    const [agencyKeys, audit] = await Promise.all([
      listKeys(db, agency.id),
      readAudit(db, { limit: 50, target: { type: 'agency', id: agency.id } }),
    ]);
    return page(
      reply,
      200,
      <AgencyPage viewer={viewerOf(request)} agency={agency} keys={agencyKeys} audit={audit} flash={flashOf(request.query)} />,
    );
  });

  app.post('/agencies/:agencyId/plan', { schema: { hide: true, params: AgencyIdParams, body: PlanForm } }, async (request, reply) => {
    const changed = await changePlan(db, keys, request.params.agencyId, request.body.plan, operatorOf(request));
    if (!changed.ok) return unknownAgency(request, reply);
    return seeOther(reply, `/admin/agencies/${changed.value.id}?fait=plan`);
  });

  app.post(
    '/agencies/:agencyId/suspend',
    { schema: { hide: true, params: AgencyIdParams, body: Form({ reason: Reason(SUSPENSION_REASON_MAX) }) } },
    async (request, reply) => {
      const suspended = await suspendAgency(db, keys, request.params.agencyId, request.body.reason, operatorOf(request));
      if (!suspended.ok) return unknownAgency(request, reply);
      return seeOther(reply, `/admin/agencies/${suspended.value.id}?fait=suspendue`);
    },
  );

  app.post('/agencies/:agencyId/reinstate', { schema: { hide: true, params: AgencyIdParams, body: Form({}) } }, async (request, reply) => {
    const reinstated = await reinstateAgency(db, keys, request.params.agencyId, operatorOf(request));
    if (!reinstated.ok) return unknownAgency(request, reply);
    return seeOther(reply, `/admin/agencies/${reinstated.value.id}?fait=retablie`);
  });

  app.post('/keys/:keyId/revoke', { schema: { hide: true, params: KeyIdParams, body: Form({}) } }, async (request, reply) => {
    const revoked = await revokeKeyAsOperator(db, keys, request.params.keyId, operatorOf(request));
    if (!revoked.ok) return space.message(request, reply, 404, 'Clé introuvable', 'Aucune clé n’a cet identifiant.');
    return seeOther(reply, `/admin/agencies/${revoked.value.agencyId}?fait=revoquee`);
  });
};
