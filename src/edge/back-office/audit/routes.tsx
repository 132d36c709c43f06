import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { readAudit } from '../../../domain/audit/audit-log.js';
import { Int } from '../../../platform/validation/schema-types.js';
import type { BackOfficeSpace } from '../space.js';
import { AuditPage } from '../views/audit.js';

const AUDIT_PAGE = 100;

/** `/admin/audit` (docs/decisions.md §10): who did what, newest first, a page at a time. */
export const auditPage: FastifyPluginAsyncTypebox<{ space: BackOfficeSpace }> = async (app, { space }) => {
  const { db } = app.services;
  app.get(
    '/audit',
    { schema: { hide: true, querystring: Type.Object({ avant: Type.Optional(Int(1, Number.MAX_SAFE_INTEGER)) }) } },
    async (request, reply) => {
      const entries = await readAudit(db, { limit: AUDIT_PAGE, before: request.query.avant });
      return space.page(
        reply,
        200,
        <AuditPage viewer={space.viewerOf(request)} entries={entries} next={entries.length === AUDIT_PAGE ? entries.at(-1)!.seq : null} />,
      );
    },
  );
};
