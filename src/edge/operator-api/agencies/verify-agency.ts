import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { AgencyIdParams } from '../../http/params.js';
import { ADMIN_TOKEN_ACTOR } from '../../../domain/audit/audit-log.js';
import { verifyAgency } from '../../../domain/verification/verification.js';

/** POST /admin/api/agencies/{agencyId}/verify: verified, with its first LIVE key. */
export const verifyAgencyRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, keys } = app.services;
  app.post('/agencies/:agencyId/verify', { schema: { params: AgencyIdParams, hide: true } }, async (request) => {
    const verified = await verifyAgency(db, keys, request.params.agencyId, ADMIN_TOKEN_ACTOR, { issueLiveKey: true });
    if (!verified.ok) throw failWith(verified);
    const live = verified.value.liveKey;
    return { agencyId: verified.value.agency.id, verified: true, liveKey: live?.key ?? null, keyId: live?.id ?? null };
  });
};
