import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { awaitingVerification, refuseVerification, REFUSAL_REASON_MAX, verifyAgency } from '../../../domain/verification/verification.js';
import { AgencyIdParams } from '../../http/params.js';
import { statusOf } from '../../http/error-codes.js';
import { Done, flashOf, Form, Reason, type BackOfficeSpace } from '../space.js';
import { VerificationsPage } from '../views/verifications.js';

/** `/admin/verifications` (docs/decisions.md §13): agencies awaiting their SIREN check, verified or refused with a reason. */
export const verificationPages: FastifyPluginAsyncTypebox<{ space: BackOfficeSpace }> = async (app, { space }) => {
  const { db, keys, now } = app.services;
  const { page, seeOther, message, viewerOf, operatorOf } = space;

  app.get('/verifications', { schema: { hide: true, querystring: Done } }, async (request, reply) => {
    const queue = await awaitingVerification(db, now(), 200);
    return page(
      reply,
      200,
      <VerificationsPage
        viewer={viewerOf(request)}
        items={queue.items}
        total={queue.total}
        overdue={queue.overdue}
        flash={flashOf(request.query)}
      />,
    );
  });

  app.post('/agencies/:agencyId/verify', { schema: { hide: true, params: AgencyIdParams, body: Form({}) } }, async (request, reply) => {
    const verified = await verifyAgency(db, keys, request.params.agencyId, operatorOf(request), { issueLiveKey: false });
    if (!verified.ok) return message(request, reply, 404, 'Agence introuvable', 'Cette agence n’existe pas.');
    return seeOther(reply, '/admin/verifications?fait=verifiee');
  });

  app.post(
    '/agencies/:agencyId/refuse',
    { schema: { hide: true, params: AgencyIdParams, body: Form({ reason: Reason(REFUSAL_REASON_MAX) }) } },
    async (request, reply) => {
      const refused = await refuseVerification(db, request.params.agencyId, request.body.reason, operatorOf(request));
      if (!refused.ok) return message(request, reply, statusOf(refused.code), 'Refus impossible', refused.detail);
      return seeOther(reply, '/admin/verifications?fait=refusee');
    },
  );
};
