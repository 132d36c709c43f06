import fp from 'fastify-plugin';

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
