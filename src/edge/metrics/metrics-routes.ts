import type { FastifyPluginAsync } from 'fastify';
import { metricsTokenAuth } from '../http/plugins/token-auth.js';

/**
 * GET /metrics: the Prometheus exposition text (docs/operations.md, "Metrics"), behind
 * `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN nothing is measured and the
 * address is unknown (404), like the relay feed without RELAY_TOKEN. Left out of the OpenAPI
 * description: its reader is Prometheus, not an integrator.
 */
export const metricsRoutes: FastifyPluginAsync = async (app) => {
  const { metrics, config } = app.services;
  if (!metrics || !config.metricsToken) return;
  await app.register(metricsTokenAuth, { token: config.metricsToken });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    const text = await metrics.scrape();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
};
