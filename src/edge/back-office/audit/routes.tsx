import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUDIT_TARGET_TYPES, readAudit } from '../../../domain/audit/audit-log.js';
import { Int } from '../../../platform/validation/schema-types.js';
import type { BackOfficeSpace } from '../space.js';
import { AuditPage, type AuditFilters } from '../views/audit.js';

const AUDIT_PAGE = 100;

/** The filters as the form sends them: an empty field is no filter. */
const AuditQuery = Type.Object({
  avant: Type.Optional(Int(1, Number.MAX_SAFE_INTEGER)),
  type: Type.Optional(Type.Union([Type.Literal(''), ...AUDIT_TARGET_TYPES.map((type) => Type.Literal(type))])),
  par: Type.Optional(Type.String({ maxLength: 254 })),
});

/** `/admin/audit` (docs/decisions.md §10): who did what, newest first, a page at a time, by kind of target and by operator. */
export const auditPage: FastifyPluginAsyncTypebox<{ space: BackOfficeSpace }> = async (app, { space }) => {
  const { db } = app.services;
  app.get('/audit', { schema: { hide: true, querystring: AuditQuery } }, async (request, reply) => {
    const filters: AuditFilters = {
      ...(request.query.type ? { targetType: request.query.type } : {}),
      ...(request.query.par?.trim() ? { actorEmail: request.query.par.trim() } : {}),
    };
    const entries = await readAudit(db, { limit: AUDIT_PAGE, before: request.query.avant, ...filters });
    return space.page(
      reply,
      200,
      <AuditPage
        viewer={space.viewerOf(request)}
        entries={entries}
        filters={filters}
        next={entries.length === AUDIT_PAGE ? entries.at(-1)!.seq : null}
      />,
    );
  });
};
