import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { leadCounts, recentLeads } from '../../../domain/leads/conversation-store.js';
import { Int } from '../../../platform/validation/schema-types.js';
import type { ProSpace } from '../space.js';
import { LeadsPage } from '../views/space-pages.js';

/** `/pro/leads` (docs/decisions.md §13): the site's contact requests for the agency, for admins and agents. */
export const leadsPage: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  const { db } = app.services;
  app.get(
    '/leads',
    { schema: { hide: true, querystring: Type.Object({ page: Type.Optional(Int(1, 10_000)) }) } },
    async (request, reply) => {
      const scope = { agencyId: space.agencyOf(request), env: 'live' as const };
      const page = request.query.page ?? 1;
      const [{ leads, total }, { unread }] = await Promise.all([
        recentLeads(db, scope, { limit: 50, offset: (page - 1) * 50 }),
        leadCounts(db, scope),
      ]);
      return space.page(reply, 200, <LeadsPage viewer={space.viewerOf(request)} leads={leads} total={total} unread={unread} />);
    },
  );
};
