import fp from 'fastify-plugin';
import { authenticatedKey } from './key-auth.js';
import { missingScope } from '../../../domain/keys/bearer.js';
import type { Scope } from '../../../domain/keys/key-format.js';
import { failWith } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Scope a key needs for this route; `null` means any valid key (e.g. GET /v1/me). */
    scope?: Scope | null;
  }
}

/** Routes declare the scope they need in `config.scope`; a key without it gets 403. */
export const scopeCheck = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      const scope = request.routeOptions.config.scope;
      if (!scope) return;
      const refusal = missingScope(authenticatedKey(request), scope, `${request.method} ${request.routeOptions.url}`);
      if (refusal) throw failWith(refusal);
    });
  },
  { name: 'scope', fastify: '5.x', dependencies: ['key-auth'] },
);
