import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { importPolirisRoute } from './import-poliris.js';

/**
 * The passerelle format on the ingestion interface (docs/poliris.md), one file per operation. A
 * scope of its own: its routes take their bodies as bytes, not JSON.
 */
export const polirisRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const operation of [importPolirisRoute]) await app.register(operation);
};
