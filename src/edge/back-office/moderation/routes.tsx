import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { moderationQueueSummary, QUEUE_CURSOR_PATTERN } from '../../../domain/listings/moderation-queue.js';
import { decideAsOperator, operatorReview } from '../../../domain/listings/operator-review.js';
import { OPERATOR_REASON_MAX } from '../../../domain/listings/schemas.js';
import { ServiceIdParams } from '../../http/params.js';
import { Done, flashOf, Form, type BackOfficeSpace } from '../space.js';
import { QueuePage, ReviewPage } from '../views/moderation.js';

const QueueQuery = Type.Object({
  apres: Type.Optional(Type.String({ pattern: QUEUE_CURSOR_PATTERN, maxLength: 80 })),
  fait: Done.properties.fait,
});
const DecisionForm = Form({
  decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
  version: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }),
  reason: Type.Optional(Type.String({ maxLength: OPERATOR_REASON_MAX })),
  reasonChoice: Type.Optional(Type.String({ maxLength: OPERATOR_REASON_MAX })),
});
const WHY: Record<'reason_missing' | 'changed', [number, string]> = {
  reason_missing: [400, 'Un refus doit avoir un motif : choisissez-en un ou rédigez-le.'],
  changed: [409, 'L’annonce a changé depuis l’ouverture de cette page : rien n’a été décidé. Examinez la nouvelle version ci-dessous.'],
};

/** `/admin/moderation` (docs/decisions.md §11, §13): the queue, one flagged version beside the public one, the decision. */
export const moderationPages: FastifyPluginAsyncTypebox<{ space: BackOfficeSpace }> = async (app, { space }) => {
  const { db, now } = app.services;
  const { page, viewerOf } = space;

  /** A listing that is not (or no longer) there: unknown, sandbox, or deleted since its page was opened. */
  const listingGone = (request: FastifyRequest, reply: FastifyReply, decision: boolean) =>
    space.message(
      request,
      reply,
      404,
      'Annonce introuvable',
      `Aucune annonce en ligne (hors bac à sable) n’a cet identifiant, ou elle a été supprimée.${decision ? ' Rien n’a été décidé.' : ''}`,
    );
  const reviewPage = async (request: FastifyRequest, reply: FastifyReply, serviceId: string, status: number, error: string | null) => {
    const review = await operatorReview(db, serviceId);
    return review
      ? page(reply, status, <ReviewPage viewer={viewerOf(request)} view={{ ...review, now: now(), error }} />)
      : listingGone(request, reply, error !== null);
  };

  app.get('/moderation', { schema: { hide: true, querystring: QueueQuery } }, async (request, reply) => {
    const queue = await moderationQueueSummary(db, { limit: 50, after: request.query.apres });
    return page(
      reply,
      200,
      <QueuePage
        viewer={viewerOf(request)}
        items={queue.items}
        total={queue.total}
        next={queue.next}
        now={now()}
        flash={flashOf(request.query)}
      />,
    );
  });

  app.get('/moderation/:serviceId', { schema: { hide: true, params: ServiceIdParams } }, async (request, reply) =>
    reviewPage(request, reply, request.params.serviceId, 200, null),
  );

  app.post('/moderation/:serviceId', { schema: { hide: true, params: ServiceIdParams, body: DecisionForm } }, async (request, reply) => {
    const { serviceId } = request.params;
    const { decision } = request.body;
    const reason = request.body.reason?.trim() || request.body.reasonChoice?.trim() || undefined;
    const decided = await decideAsOperator(
      db,
      serviceId,
      { decision, reason, reviewedVersion: Number(request.body.version), operatorId: space.operatorOf(request) },
      now(),
    );
    if (!decided.ok && decided.why === 'gone') return listingGone(request, reply, true);
    if (!decided.ok) return reviewPage(request, reply, serviceId, ...WHY[decided.why]);
    const done = decision === 'approve' ? 'approuvee' : 'refusee_annonce';
    return space.seeOther(reply, decided.nextId ? `/admin/moderation/${decided.nextId}` : `/admin/moderation?fait=${done}`);
  });
};
