import fp from 'fastify-plugin';
import type { Metrics } from '../../../platform/metrics/metrics.js';

/**
 * Every answer counted and timed by its route's template (`/v1/listings/:serviceId`, never the
 * path a client sent), and bulk writes also by the listings they wrote (`reply.listingsSynced`).
 * Registered at the root, before the interfaces, only when METRICS_TOKEN is set.
 */
export const requestMetrics = fp<{ metrics: Metrics }>(
  async (app, { metrics }) => {
    // A callback hook: an async one would cost a promise on every request.
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? null;
      const seconds = reply.elapsedTime / 1000;
      metrics.request(request.method, route, reply.statusCode, seconds);
      if (route !== null && reply.listingsSynced !== undefined) metrics.push(route, reply.listingsSynced, seconds);
      done();
    });
  },
  { name: 'request-metrics', fastify: '5.x' },
);
