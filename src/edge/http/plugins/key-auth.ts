import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
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

/**
 * The key that authenticated the request. Only routes behind keyAuth call it, so a missing key
 * is a wiring mistake (a 500), never a client's: the plugin refuses unauthenticated calls first.
 */
export function authenticatedKey(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error(`${request.method} ${request.routeOptions.url} reads the API key but is not behind key-auth`);
  return request.auth;
}
