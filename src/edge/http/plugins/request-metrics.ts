import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from '../../../platform/metrics/metrics.js';

/**
 * An answer counted and timed by its route's template (`/v1/listings/:serviceId`, never the
 * path a client sent), and a bulk write also by the listings it wrote (`reply.listingsSynced`).
 * after-response.ts calls it for every answer when METRICS_TOKEN is set.
 */
export function countRequest(metrics: Metrics, request: FastifyRequest, reply: FastifyReply): void {
  const route = request.routeOptions.url ?? null;
  const seconds = reply.elapsedTime / 1000;
  metrics.request(request.method, route, reply.statusCode, seconds);
  if (route !== null && reply.listingsSynced !== undefined) metrics.push(route, reply.listingsSynced, seconds);
}
