import type { FastifyPluginAsync } from 'fastify';
import { deliveryBacklog } from '../../domain/webhooks/deliveries.js';

const DETAILS = {
  type: 'object',
  properties: {
    webhooks: {
      type: 'object',
      properties: {
        pending: {
          type: 'integer',
          format: 'int32',
          minimum: 0,
          maximum: 100_000,
          description: 'Deliveries waiting for an attempt (counted up to 100,000).',
        },
        oldestPendingSeconds: {
          type: ['integer', 'null'],
          format: 'int32',
          minimum: 0,
          maximum: 2_147_483_647,
          description: 'Age of the oldest change still waiting for its delivery.',
        },
      },
      required: ['pending', 'oldestPendingSeconds'],
    },
  },
  required: ['webhooks'],
};

/** Load-balancer probes: liveness of the process, readiness of its database. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  const probe = (operationId: string, summary: string, description: string, statuses: Record<number, string>) => ({
    tags: ['service'],
    operationId,
    summary,
    description,
    response: Object.fromEntries(
      Object.entries(statuses).map(([status, value]) => [
        status,
        { type: 'object', properties: { status: { type: 'string', enum: [value] } }, required: ['status'] },
      ]),
    ),
  });
  app.get(
    '/healthz',
    {
      schema: probe(
        'healthz',
        'Liveness: the process answers',
        'Answers without touching the database: restart the process if this fails.',
        { 200: 'ok' },
      ),
    },
    async () => ({ status: 'ok' }),
  );
  const readiness = probe(
    'readyz',
    'Readiness: the database answers',
    'Reads the webhook delivery backlog from the database: send no traffic to this process while it answers 503. ' +
      'details.webhooks tells operators how far deliveries lag (it does not change the status).',
    { 200: 'ready', 503: 'database unreachable' },
  );
  readiness.response['200']!.properties = { ...readiness.response['200']!.properties, details: DETAILS } as never;
  app.get('/readyz', { schema: readiness }, async (_request, reply) => {
    try {
      return { status: 'ready', details: { webhooks: await deliveryBacklog(app.services.db, app.services.now()) } };
    } catch {
      return reply.code(503).send({ status: 'database unreachable' });
    }
  });
};
