import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createKeyRoute } from './create-key.js';
import { listKeysRoute } from './list-keys.js';
import { revokeKeyRoute } from './revoke-key.js';

/** The operator API's API keys, one file per operation. */
export const keyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const operation of [createKeyRoute, listKeysRoute, revokeKeyRoute]) await app.register(operation);
};
