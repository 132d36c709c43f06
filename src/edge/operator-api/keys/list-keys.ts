import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AgencyIdParams } from '../../http/params.js';
import { findAgency } from '../../../domain/agencies/agency-store.js';
import { listKeys } from '../../../domain/keys/key-store.js';
import { foundAgency } from '../agency-view.js';
import { keyView } from './key-view.js';

/** GET /admin/api/agencies/{agencyId}/keys. */
export const listKeysRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.services;
  app.get('/agencies/:agencyId/keys', { schema: { params: AgencyIdParams, hide: true } }, async (request) => {
    const { agencyId } = request.params;
    foundAgency(await findAgency(db, agencyId), agencyId);
    return { keys: (await listKeys(db, agencyId)).map(keyView) };
  });
};
