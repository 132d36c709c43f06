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
    replica: {
      type: ['object', 'null'],
      description:
        'The read replica of DATABASE_READ_URL, as its last check (every second) found it; null without one. ' +
        'Its lag does not change the status: past DATABASE_READ_MAX_LAG_MS, or unreachable, the site reads the primary instead.',
      properties: {
        reachable: { type: 'boolean' },
        lagSeconds: {
          type: ['number', 'null'],
          minimum: 0,
          description: 'How long the oldest change the replica has not replayed has been committed (0: caught up), to about a second.',
        },
        lagBytes: {
          type: ['integer', 'null'],
          format: 'int64',
          minimum: 0,
          maximum: Number.MAX_SAFE_INTEGER,
          description: 'WAL the primary has written that the replica has not replayed.',
        },
        reading: {
          type: 'string',
          enum: ['replica', 'primary'],
          description: 'Where the public site, its sitemaps and the relay feed read now.',
        },
      },
      required: ['reachable', 'lagSeconds', 'lagBytes', 'reading'],
    },
  },
  required: ['webhooks', 'replica'],
};

/** Load-balancer probes: liveness of the process; readiness of its database, and whether it is stopping. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  const probe = (operationId: string, summary: string, description: string, statuses: Record<number, string[]>) => ({
    tags: ['service'],
    operationId,
    summary,
    description,
    response: Object.fromEntries(
      Object.entries(statuses).map(([status, value]) => [
        status,
        { type: 'object', properties: { status: { type: 'string', enum: value } }, required: ['status'] },
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
        { 200: ['ok'] },
      ),
    },
    async () => ({ status: 'ok' }),
  );
  const readiness = probe(
    'readyz',
    'Readiness: the database answers and the process is not stopping',
    'Reads the webhook delivery backlog from the database: send no traffic to this process while it answers 503. ' +
      'A stopping process answers 503 `stopping` for SHUTDOWN_DRAIN_MS while it still serves, so a load balancer checking it takes it out before it closes. ' +
      'details.webhooks tells operators how far deliveries lag, details.replica how far the read replica does (neither changes the status).',
    { 200: ['ready'], 503: ['database unreachable', 'stopping'] },
  );
  readiness.response['200']!.properties = { ...readiness.response['200']!.properties, details: DETAILS } as never;
  app.get('/readyz', { schema: readiness }, async (_request, reply) => {
    const state = app.services.readiness;
    state.probed();
    if (state.stopping) return reply.code(503).send({ status: 'stopping' });
    try {
      const webhooks = await deliveryBacklog(app.services.db, app.services.now());
      return { status: 'ready', details: { webhooks, replica: app.services.readDb.replicaState() } };
    } catch {
      return reply.code(503).send({ status: 'database unreachable' });
    }
  });
};
