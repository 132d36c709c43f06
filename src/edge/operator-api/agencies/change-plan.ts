import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { AgencyIdParams } from '../../http/params.js';
import { ADMIN_TOKEN_ACTOR } from '../../../domain/audit/audit-log.js';
import { changePlan } from '../../../domain/agencies/plan-change.js';
import type { PLANS } from '../../../domain/agencies/plans.js';
import { agencyView } from '../agency-view.js';
import { Plan } from './plan.js';

const schema = { params: AgencyIdParams, body: Type.Object({ plan: Plan }, { additionalProperties: false }), hide: true };

/** PATCH /admin/api/agencies/{agencyId}, and the same change at PUT …/plan, the form docs/decisions.md §10 names. */
export const changePlanRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, keys } = app.services;
  const change = async (request: { params: { agencyId: string }; body: { plan: (typeof PLANS)[number] } }) => {
    const changed = await changePlan(db, keys, request.params.agencyId, request.body.plan, ADMIN_TOKEN_ACTOR);
    if (!changed.ok) throw failWith(changed);
    return agencyView(changed.value);
  };
  app.patch('/agencies/:agencyId', { schema: { ...schema } }, change);
  app.put('/agencies/:agencyId/plan', { schema: { ...schema } }, change);
};
