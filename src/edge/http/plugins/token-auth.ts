import fp from 'fastify-plugin';
import { bearerToken } from '../../../domain/credentials/bearer-token.js';
import { sameToken } from '../../../domain/credentials/same-token.js';
import { ApiError } from '../errors.js';

/** The 401 details: without an `Authorization: Bearer` header, and with another token. */
interface TokenRefusals {
  missing: string;
  wrong: string;
}

/**
 * Every route of the scope needs `Authorization: Bearer <token>`, the one token the server was
 * started with for a machine interface, compared in constant time. Unlike key-auth there is no
 * principal to hand on: the token is the whole identity (the audit log's ADMIN_TOKEN actor).
 */
const tokenAuth = (name: string, refusals: TokenRefusals) =>
  fp<{ token: string }>(
    async (app, { token }) => {
      app.addHook('onRequest', async (request) => {
        const given = bearerToken(request.headers.authorization);
        if (!given) throw new ApiError('unauthorized', refusals.missing);
        if (!sameToken(given, token)) throw new ApiError('unauthorized', refusals.wrong);
      });
    },
    { name, fastify: '5.x' },
  );

/** The operator API's ADMIN_TOKEN (docs/decisions.md §10). */
export const operatorTokenAuth = tokenAuth('operator-token-auth', {
  missing: 'The operator API needs "Authorization: Bearer <ADMIN_TOKEN>"',
  wrong: "The bearer token is not this server's ADMIN_TOKEN: use the value the server was started with",
});

const RELAY_NEEDED = 'The relay feed needs "Authorization: Bearer <RELAY_TOKEN>"';
/** The relay feed's RELAY_TOKEN (docs/decisions.md §14): one answer whether the token is missing or wrong. */
export const relayTokenAuth = tokenAuth('relay-token-auth', { missing: RELAY_NEEDED, wrong: RELAY_NEEDED });

/** GET /metrics's METRICS_TOKEN (docs/operations.md, "Metrics"). */
export const metricsTokenAuth = tokenAuth('metrics-token-auth', {
  missing: 'The metrics need "Authorization: Bearer <METRICS_TOKEN>"',
  wrong: "The bearer token is not this server's METRICS_TOKEN: use the value the server was started with",
});
