import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { readAudit } from '../../../domain/audit/audit-log.js';
import { Int } from '../../../platform/validation/schema-types.js';
import type { ProSpace } from '../space.js';
import { ActivityPage } from '../views/activity-page.js';

const ACTIVITY_PAGE = 100;

/**
 * `/pro/activity` (docs/accounts.md, "Activity"): the audit log's entries of the agency, newest
 * first, a page at a time; an admin sees every member's, an agent the entries about their own account.
 */
export const activityPage: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  const { db } = app.services;
  app.get(
    '/activity',
    { schema: { hide: true, querystring: Type.Object({ avant: Type.Optional(Int(1, Number.MAX_SAFE_INTEGER)) }) } },
    async (request, reply) => {
      const viewer = space.viewerOf(request);
      const own = viewer.role === 'admin' ? {} : { target: { type: 'user' as const, id: space.userOf(request) } };
      const entries = await readAudit(db, { limit: ACTIVITY_PAGE, before: request.query.avant, agencyId: space.agencyOf(request), ...own });
      const next = entries.length === ACTIVITY_PAGE ? entries.at(-1)!.seq : null;
      return space.page(reply, 200, <ActivityPage viewer={viewer} entries={entries} next={next} />);
    },
  );
};
