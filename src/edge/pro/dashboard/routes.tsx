import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { agencyOverview } from '../../../domain/agency-overview/overview.js';
import { agencyAudience } from '../../../domain/audience/report.js';
import { lastDays } from '../../../domain/audience/period.js';
import type { ProSpace } from '../space.js';
import { DashboardPage } from '../views/dashboard-page.js';

/** `/pro`: the agency's overview, for admins and agents. */
export const dashboardPage: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  const { db, config, now } = app.services;
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const agencyId = space.agencyOf(request);
    const [overview, audience] = await Promise.all([
      agencyOverview(db, agencyId, now(), config.quotas.keyLimits),
      agencyAudience(db, { agencyId, env: 'live' }, lastDays(now())),
    ]);
    if (!overview.ok) throw failWith(overview);
    return space.page(reply, 200, <DashboardPage viewer={space.viewerOf(request)} view={overview.value} audience={audience} />);
  });
};
