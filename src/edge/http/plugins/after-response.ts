import fp from 'fastify-plugin';
import type { Metrics } from '../../../platform/metrics/metrics.js';
import { logRequest } from './request-log.js';
import { countRequest } from './request-metrics.js';

/**
 * What is kept of every answer once it has left, in one callback hook at the root: the request
 * log line of an authenticated API call and, with METRICS_TOKEN, the metrics. One hook for both,
 * and not an async one: on a small request such as GET /v1/me each onResponse hook cost about as
 * much as the work it did (a hook doing nothing took 3 % of its throughput, bench/metrics.ts).
 */
export const afterResponse = fp<{ metrics: Metrics | null }>(
  async (app, { metrics }) => {
    const { requestLog } = app.services;
    app.addHook('onResponse', (request, reply, done) => {
      logRequest(requestLog, request, reply);
      if (metrics) countRequest(metrics, request, reply);
      done();
    });
  },
  { name: 'after-response', fastify: '5.x' },
);
