import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';

/** One request-log line per authenticated call, written in batches off the request path. */
export const requestLog = fp(
  async (app) => {
    const { requestLog: writer } = app.services;
    app.addHook('onResponse', async (request, reply) => {
      const auth = request.auth;
      if (!auth) return;
      writer.record({
        at: new Date(),
        agencyId: auth.agencyId,
        keyId: auth.keyId,
        env: auth.env,
        method: request.method,
        path: request.url.split('?')[0]!,
        status: reply.statusCode,
        errorCode: reply.errorCode ?? null,
        latencyMs: reply.elapsedTime,
        requestId: request.id,
      });
    });
  },
  { name: 'request-log', fastify: '5.x' },
);

/** A moderation rule that throws sends its listing to an operator; the error itself goes to the log. */
export const ruleErrorLogger = (request: FastifyRequest) => (rule: string, error: unknown) =>
  request.log.error({ err: error, rule, requestId: request.id }, 'a moderation rule failed: the listing waits for an operator (rule_error)');
