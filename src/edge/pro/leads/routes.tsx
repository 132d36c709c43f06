import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { readLeadsPage } from '../../../domain/leads/inbox.js';
import { Int } from '../../../platform/validation/schema-types.js';
import type { ProSpace } from '../space.js';
import { LeadsPage } from '../views/space-pages.js';

/** `/pro/leads` (docs/decisions.md §13): the site's contact requests for the agency, for admins and agents. */
export const leadsPage: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  const { db, now } = app.services;
  app.get(
    '/leads',
    { schema: { hide: true, querystring: Type.Object({ page: Type.Optional(Int(1, 10_000)) }) } },
    async (request, reply) => {
      const { leads, total, unread } = await readLeadsPage(db, space.agencyOf(request), request.query.page ?? 1, now());
      return space.page(reply, 200, <LeadsPage viewer={space.viewerOf(request)} leads={leads} total={total} unread={unread} />);
    },
  );
};
