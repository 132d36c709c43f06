import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createAgencyRoute } from './create-agency.js';
import { listAgenciesRoute } from './list-agencies.js';
import { getAgencyRoute } from './get-agency.js';
import { changePlanRoute } from './change-plan.js';
import { verifyAgencyRoute } from './verify-agency.js';

/** The operator API's agencies, one file per operation. */
export const agencyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const operation of [createAgencyRoute, listAgenciesRoute, getAgencyRoute, changePlanRoute, verifyAgencyRoute])
    await app.register(operation);
};
