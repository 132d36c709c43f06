import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** The ingestion interface (spec 4.1), mounted live and under /sandbox. */
export const ingestionRoutes: FastifyPluginAsyncTypebox = async () => {};
