import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findAgency } from '../../../domain/agencies/agency-store.js';
import { AgencyIdParams } from '../../http/params.js';
import { agencyView, foundAgency } from '../agency-view.js';

/** GET /admin/api/agencies/{agencyId}. */
export const getAgencyRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.services;
  app.get('/agencies/:agencyId', { schema: { params: AgencyIdParams, hide: true } }, async (request) => {
    const { agencyId } = request.params;
    return agencyView(foundAgency(await findAgency(db, agencyId), agencyId));
  });
};
