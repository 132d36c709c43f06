import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../http/errors.js';
import { decideListing } from '../../domain/listings/decisions.js';
import {
  moderationMetrics,
  moderationQueue,
  PUBLICATION_PROMISE_SECONDS,
  QUEUE_CURSOR_PATTERN,
  type QueuedListing,
} from '../../domain/listings/moderation-queue.js';
import { moderationView } from '../../domain/listings/response-views.js';
import { OPERATOR_REASON_MAX } from '../../domain/listings/schemas.js';
import { readEvents } from '../../domain/events/outbox.js';
import { ADMIN_TOKEN_ACTOR } from '../../domain/audit/audit-log.js';
import { findAgency } from '../../domain/agencies/agency-store.js';
import { notFound } from '../../platform/outcome.js';
import { Int } from '../../platform/validation/schema-types.js';
import { AgencyIdParams, ServiceIdParams } from '../http/params.js';
import { toV1Record, v1Status } from '../../domain/listings/v1-record.js';
import type { Listing } from '../../domain/listing-model/model.js';

export const DecisionBody = Type.Object(
  {
    decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: OPERATOR_REASON_MAX })),
    version: Type.Optional(
      Int(1, 2_147_483_647, {
        description:
          'The version the operator reviewed: a listing changed since is refused (409). Without it the decision applies to the version waiting now; the back-office and the CLI always send it.',
      }),
    ),
  },
  { additionalProperties: false },
);

/** A listing's moderation after a decision, as the operator API and the sandbox answer it. */
export const decisionView = (listing: Listing) => ({
  serviceId: listing.serviceId,
  externalId: listing.externalId,
  version: listing.version,
  status: v1Status(listing),
  moderation: moderationView(listing),
});

const QueueQuery = Type.Object(
  { limit: Int(1, 200, { default: 50 }), after: Type.Optional(Type.String({ pattern: QUEUE_CURSOR_PATTERN, maxLength: 80 })) },
  { additionalProperties: false },
);
const EventsQuery = Type.Object(
  {
    env: Type.Union([Type.Literal('live'), Type.Literal('test')], { default: 'live' }),
    after: Int(0, Number.MAX_SAFE_INTEGER, { default: 0 }),
    limit: Int(1, 1000, { default: 100 }),
  },
  { additionalProperties: false },
);

/** Operator API, moderation (docs/decisions.md §10, §11): the queue, decisions, their timing, and an agency's events. */
export const moderationAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.services;
  const queued = (item: QueuedListing) => ({
    serviceId: item.listing.serviceId,
    agencyId: item.listing.agencyId,
    agencyName: item.agencyName,
    externalId: item.listing.externalId,
    version: item.listing.version,
    submittedAt: item.submittedAt.toISOString(),
    waitingSeconds: Math.max(0, Math.round((app.services.now().getTime() - item.submittedAt.getTime()) / 1000)),
    reasons: moderationView(item.listing).reasons,
    flagged: toV1Record(item.listing, config.siteUrl),
    approved: item.published ? toV1Record({ ...item.listing, ...item.published, moderationState: 'approved' }, config.siteUrl) : null,
  });

  app.get('/moderation/queue', { schema: { querystring: QueueQuery, hide: true } }, async (request) => {
    const page = await moderationQueue(db, { limit: request.query.limit, after: request.query.after });
    return { total: page.total, items: page.items.map(queued), next: page.next };
  });

  app.post('/listings/:serviceId/moderation', { schema: { params: ServiceIdParams, body: DecisionBody, hide: true } }, async (request) => {
    const { decision, reason, version } = request.body;
    const decided = await decideListing(
      db,
      request.params.serviceId,
      { decision, reason, expectedVersion: version, by: 'operator', actor: ADMIN_TOKEN_ACTOR },
      app.services.now(),
    );
    if (!decided.ok) throw failWith(decided);
    return decisionView(decided.value);
  });

  app.get('/moderation/metrics', { schema: { hide: true } }, async () => {
    const metrics = await moderationMetrics(db, app.services.now());
    return {
      ...metrics,
      targetAverageSeconds: PUBLICATION_PROMISE_SECONDS,
      queue: { length: metrics.queue.length, oldestSubmittedAt: metrics.queue.oldestSubmittedAt?.toISOString() ?? null },
    };
  });

  app.get('/agencies/:agencyId/events', { schema: { params: AgencyIdParams, querystring: EventsQuery, hide: true } }, async (request) => {
    const { agencyId } = request.params;
    if (!(await findAgency(db, agencyId))) throw failWith(notFound('Agency'));
    const { env, after, limit } = request.query;
    const events = await readEvents(db, { agencyId, env }, after, limit);
    return {
      events: events.map((event) => ({ ...event, at: event.at.toISOString() })),
      nextAfter: events.length === limit ? events.at(-1)!.position : null,
    };
  });
};
