import fp from 'fastify-plugin';
import { verifyBearer, type AuthContext, type KeyEnvironment } from '../../../domain/keys/bearer.js';
import { failWith } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Every route of the scope needs a valid API key of the scope's environment. */
export const keyAuth = fp<KeyEnvironment>(
  async (app, where) => {
    if (!app.hasRequestDecorator('auth')) app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      const verified = await verifyBearer(request.headers.authorization, where, app.services.keys);
      if (!verified.ok) throw failWith(verified);
      request.auth = verified.value;
    });
  },
  { name: 'key-auth', fastify: '5.x' },
);
