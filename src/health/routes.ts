import type { FastifyPluginAsync } from 'fastify';

/** Load-balancer probes: liveness of the process, readiness of its database. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  const probe = (operationId: string, summary: string, description: string, statuses: Record<number, string>) => ({
    tags: ['service'],
    operationId,
    summary,
    description,
    response: Object.fromEntries(
      Object.entries(statuses).map(([status, value]) => [status, { type: 'object', properties: { status: { type: 'string', enum: [value] } }, required: ['status'] }]),
    ),
  });
  app.get('/healthz', { schema: probe('healthz', 'Liveness: the process answers', 'Answers without touching the database: restart the process if this fails.', { 200: 'ok' }) }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: probe('readyz', 'Readiness: the database answers', 'Runs SELECT 1: send no traffic to this process while it answers 503.', { 200: 'ready', 503: 'database unreachable' }) }, async (_request, reply) => {
    try {
      await app.services.db.query('SELECT 1');
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database unreachable' });
    }
  });
};
