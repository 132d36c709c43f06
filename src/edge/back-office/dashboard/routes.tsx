import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { serviceHealth } from '../../../domain/service-health/service-health.js';
import { Done, flashOf, type BackOfficeSpace } from '../space.js';
import { DashboardPage } from '../views/dashboard.js';

/** `/admin`: the service's health against its promises. */
export const dashboardPage: FastifyPluginAsyncTypebox<{ space: BackOfficeSpace }> = async (app, { space }) => {
  const { db, now } = app.services;
  app.get('/', { schema: { hide: true, querystring: Done } }, async (request, reply) =>
    space.page(
      reply,
      200,
      <DashboardPage viewer={space.viewerOf(request)} health={await serviceHealth(db, now())} flash={flashOf(request.query)} />,
    ),
  );
};
