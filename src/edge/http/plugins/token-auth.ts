import fp from 'fastify-plugin';
import { sameToken } from '../../../domain/credentials/same-token.js';
import { ApiError } from '../errors.js';

export interface TokenAuthOptions {
  /** The one token the server was started with (ADMIN_TOKEN, RELAY_TOKEN). */
  token: string;
  /** The 401's detail when no `Authorization: Bearer` header is sent. */
  missing: string;
  /** The 401's detail when another token is sent. */
  wrong: string;
}

/**
 * Every route of the scope needs `Authorization: Bearer <token>`, the server's one shared
 * token for a machine interface, compared in constant time. Unlike key-auth there is no
 * principal to hand on: the token is the whole identity (the audit log's ADMIN_TOKEN actor).
 */
const tokenAuth = (name: string) =>
  fp<TokenAuthOptions>(
    async (app, options) => {
      app.addHook('onRequest', async (request) => {
        const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
        if (!match) throw new ApiError('unauthorized', options.missing);
        if (!sameToken(match[1]!, options.token)) throw new ApiError('unauthorized', options.wrong);
      });
    },
    { name, fastify: '5.x' },
  );

/** The operator API's ADMIN_TOKEN (docs/decisions.md §10). */
export const operatorTokenAuth = tokenAuth('operator-token-auth');

/** The relay feed's RELAY_TOKEN (docs/decisions.md §14). */
export const relayTokenAuth = tokenAuth('relay-token-auth');
