import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { agencyOverview } from '../../../domain/agency-overview/overview.js';
import { agencyAudience } from '../../../domain/audience/report.js';
import { lastDays } from '../../../domain/audience/period.js';
import type { ProSpace } from '../space.js';
import { DashboardPage } from '../views/dashboard-page.js';
import { AddressNotice } from '../views/account-pages.js';
import { signedIn } from '../../http/plugins/session-auth.js';

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
    const viewer = space.viewerOf(request);
    const addressWaits = signedIn(request).principal.emailVerified === false;
    return space.page(
      reply,
      200,
      <DashboardPage viewer={viewer} view={overview.value} audience={audience}>
        {addressWaits ? <AddressNotice email={viewer.email} csrf={viewer.csrf} /> : ''}
      </DashboardPage>,
    );
  });
};
