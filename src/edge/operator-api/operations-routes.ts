import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../http/errors.js';
import { ADMIN_TOKEN_ACTOR, readAudit } from '../../domain/audit/audit-log.js';
import { reinstateAgency, suspendAgency, SUSPENSION_REASON_MAX } from '../../domain/agencies/suspension.js';
import { awaitingVerification, refuseVerification, REFUSAL_REASON_MAX } from '../../domain/verification/verification.js';
import { createOperator, disableOperator, listOperators, type Operator } from '../../domain/operators/operator-store.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../domain/credentials/password.js';
import { serviceHealth } from '../../domain/service-health/service-health.js';
import { IdString, Int } from '../../platform/validation/schema-types.js';
import { idRegexSource } from '../../platform/db/ids.js';
import { AgencyIdParams } from '../http/params.js';
import { agencyView } from './agency-view.js';

const ReasonBody = (max: number) => Type.Object({ reason: Type.String({ minLength: 1, maxLength: max }) }, { additionalProperties: false });
const OperatorRef = Type.Object({
  operator: Type.String({ minLength: 3, maxLength: 254, pattern: `^(${idRegexSource('opr')}|[^\\s@]+@[^\\s@]+)$` }),
});

const operatorView = (operator: Operator) => ({
  operatorId: operator.id,
  email: operator.email,
  createdAt: operator.createdAt.toISOString(),
  disabledAt: operator.disabledAt?.toISOString() ?? null,
});

/**
 * Operator API for the back-office's work (docs/decisions.md §10 and §13): the verification queue and refusals,
 * suspension, operator accounts, the audit log and the service's health against its promises.
 * Every change is written to the audit log with the bearer token as its actor.
 */
export const backOfficeAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, keys, now } = app.services;

  app.get(
    '/verifications',
    { schema: { querystring: Type.Object({ limit: Int(1, 500, { default: 100 }) }, { additionalProperties: false }), hide: true } },
    async (request) => {
      const queue = await awaitingVerification(db, now(), request.query.limit);
      return {
        total: queue.total,
        overdue: queue.overdue,
        items: queue.items.map((item) => ({
          agency: agencyView(item.agency),
          deadline: item.deadline.toISOString(),
          secondsLeft: item.secondsLeft,
          overdue: item.overdue,
          siren: item.siren,
        })),
      };
    },
  );

  app.post(
    '/agencies/:agencyId/refuse-verification',
    { schema: { params: AgencyIdParams, body: ReasonBody(REFUSAL_REASON_MAX), hide: true } },
    async (request) => {
      const refused = await refuseVerification(db, request.params.agencyId, request.body.reason, ADMIN_TOKEN_ACTOR);
      if (!refused.ok) throw failWith(refused);
      return agencyView(refused.value);
    },
  );

  app.post(
    '/agencies/:agencyId/suspend',
    { schema: { params: AgencyIdParams, body: ReasonBody(SUSPENSION_REASON_MAX), hide: true } },
    async (request) => {
      const suspended = await suspendAgency(db, keys, request.params.agencyId, request.body.reason, ADMIN_TOKEN_ACTOR);
      if (!suspended.ok) throw failWith(suspended);
      return agencyView(suspended.value);
    },
  );

  app.post('/agencies/:agencyId/reinstate', { schema: { params: AgencyIdParams, hide: true } }, async (request) => {
    const reinstated = await reinstateAgency(db, keys, request.params.agencyId, ADMIN_TOKEN_ACTOR);
    if (!reinstated.ok) throw failWith(reinstated);
    return agencyView(reinstated.value);
  });

  const AuditQuery = Type.Object(
    {
      limit: Int(1, 500, { default: 100 }),
      before: Type.Optional(Int(1, Number.MAX_SAFE_INTEGER)),
      agencyId: Type.Optional(IdString('agc')),
    },
    { additionalProperties: false },
  );
  app.get('/audit', { schema: { querystring: AuditQuery, hide: true } }, async (request) => {
    const { limit, before, agencyId } = request.query;
    const entries = await readAudit(db, { limit, before, ...(agencyId ? { target: { type: 'agency' as const, id: agencyId } } : {}) });
    return {
      entries: entries.map((entry) => ({ ...entry, at: entry.at.toISOString(), before: entry.before ?? null, after: entry.after ?? null })),
      next: entries.length === limit ? entries.at(-1)!.seq : null,
    };
  });

  app.get('/health', { schema: { hide: true } }, async () => serviceHealth(db, now()));

  const OperatorBody = Type.Object(
    {
      email: Type.String({ format: 'email', maxLength: 254 }),
      password: Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
    },
    { additionalProperties: false },
  );
  app.post('/operators', { schema: { body: OperatorBody, hide: true } }, async (request, reply) => {
    const created = await createOperator(db, request.body, ADMIN_TOKEN_ACTOR);
    if (!created.ok) throw failWith(created);
    return reply.code(201).send(operatorView(created.value));
  });
  app.get('/operators', { schema: { hide: true } }, async () => ({ operators: (await listOperators(db)).map(operatorView) }));
  app.post('/operators/:operator/disable', { schema: { params: OperatorRef, hide: true } }, async (request) => {
    const disabled = await disableOperator(db, request.params.operator, ADMIN_TOKEN_ACTOR);
    if (!disabled.ok) throw failWith(disabled);
    return operatorView(disabled.value);
  });
};
