import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authenticatedKey } from '../http/plugins/key-auth.js';
import { failWith } from '../http/errors.js';
import { notFound } from '../../platform/outcome.js';
import { errorResponses, IdempotencyHeader } from '../http/schemas.js';
import { ruleErrorLogger } from '../http/plugins/request-log.js';
import { ExternalId } from '../../domain/listings/schemas.js';
import { Int } from '../../platform/validation/schema-types.js';
import { envelopeOnly } from '../http/validation.js';
import { findListing, listChanges } from '../../domain/listings/store.js';
import { deleteListing } from '../../domain/listings/single-writes.js';
import { pushListings } from './push.js';
import { bulkModerationSummary } from '../../domain/listings/response-views.js';
import { noteSeen } from '../../domain/sync/sessions.js';
import { namedExternalIds } from '../../domain/sync/named.js';
import { syncSessionRoutes } from './sync-routes.js';
import { contentHashRoute } from './hash-route.js';
import { toIngestRecord } from './mapping.js';
import {
  CHANGE_PAGE_MAX,
  ChangeList,
  ExternalIdQuery,
  IngestEnvelope,
  IngestRecord,
  IngestRequest,
  IngestResult,
  MAX_PUSH,
} from './schemas.js';

/** 500 listings of up to 10,000-character descriptions and 100 photo URLs fit with room to spare. */
const PUSH_BODY_LIMIT = 32 * 1024 * 1024;

/** The ingestion interface (spec 4.1), mounted live and under /sandbox. */
export const ingestionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.services;
  const scopeOf = (auth: { agencyId: string; env: 'live' | 'test' }) => ({ agencyId: auth.agencyId, env: auth.env });

  app.post(
    '/ingestListings',
    {
      bodyLimit: PUSH_BODY_LIMIT,
      config: { scope: 'listings:write', bodyItems: `${MAX_PUSH} listings` },
      // The documented schema describes each listing; only the envelope is enforced for the
      // whole request, so a bad listing is reported in errors[] instead of failing the push.
      validatorCompiler: envelopeOnly(IngestEnvelope),
      schema: {
        tags: ['ingestion'],
        operationId: 'ingestListings',
        summary: `Create or update up to ${MAX_PUSH} listings by externalId`,
        description:
          'Upsert by externalId, idempotent. Each rejected listing is reported in errors[] with its index and reason; the others are still written, ' +
          'all in one transaction. A request with more than 500 listings, invalid JSON or no listings array is refused whole (400) and changes nothing. ' +
          'Content equal to what is stored is counted as unchanged (no new version). The same externalId twice in one push: the last occurrence wins. ' +
          'results[] gives one entry per pushed listing, in order, with its outcome, serviceId and version. ' +
          'With syncId, the push belongs to that full sync session (see startSyncSession). ' +
          'Idempotency-Key: a retry with the same key and body gets the first answer again, so its counters stay those of the first attempt.',
        security: [{ bearerAuth: [] }],
        headers: IdempotencyHeader,
        body: IngestRequest,
        response: {
          200: IngestResult,
          ...errorResponses(404),
          409: {
            description:
              'conflict: the syncId names a completed or expired session, or the Idempotency-Key was used with another body, or its first request is still running (then Retry-After says when to retry).',
            content: { 'application/problem+json': { schema: Type.Ref('Problem') } },
          } as never,
        },
      },
    },
    async (request, reply) => {
      const body = request.body as { listings: unknown[]; syncId?: string };
      const scope = scopeOf(authenticatedKey(request));
      if (body.syncId !== undefined) {
        const seen = await noteSeen(db, scope, body.syncId, namedExternalIds(body.listings), app.services.now());
        if (!seen.ok) throw failWith(seen);
      }
      const result = await pushListings(db, scope, body.listings, app.services.now(), { onRuleError: ruleErrorLogger(request) });
      reply.listingsSynced = result.processed - result.errors.length;
      return result;
    },
  );

  app.get(
    '/agencyListings',
    {
      config: { scope: 'listings:read' },
      schema: {
        tags: ['ingestion'],
        operationId: 'agencyListings',
        summary: 'Page through the agency’s current listings for reconciliation',
        description:
          'Keyset pagination on the change sequence: start with afterTs=0 and pass nextAfterTs until it is null. Every current listing is returned ' +
          'exactly once when nothing changes meanwhile, and at least once while listings change (a changed listing moves to a later page). ' +
          'Sequence numbers increase with every change but are not consecutive: treat nextAfterTs as an opaque cursor. ' +
          'Each entry carries its moderation (state, reason codes, publishedVersion), so a nightly job can tell which listings an operator holds ' +
          '(pending) or refused (rejected); an operator’s decision is a change, so the listing comes again on a later page.',
        security: [{ bearerAuth: [] }],
        querystring: Type.Object(
          {
            limit: Int(1, CHANGE_PAGE_MAX, { default: 100 }),
            afterTs: Int(0, Number.MAX_SAFE_INTEGER, { default: 0 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: ChangeList },
      },
    },
    async (request) => {
      const { limit, afterTs } = request.query;
      const page = await listChanges(db, scopeOf(authenticatedKey(request)), afterTs, limit);
      return {
        agencyId: authenticatedKey(request).agencyId,
        listings: page.map(({ moderationState, moderationReasons, publishedVersion, ...entry }) => ({
          ...entry,
          updatedAt: entry.updatedAt.toISOString(),
          moderation: bulkModerationSummary({ moderationState, moderationReasons, publishedVersion }),
        })),
        nextAfterTs: page.length === limit ? page[page.length - 1]!.changeSeq : null,
      };
    },
  );

  app.get(
    '/listingByExternalId',
    {
      config: { scope: 'listings:read' },
      schema: {
        tags: ['ingestion'],
        operationId: 'getListingByExternalIdIngest',
        summary: 'One of the agency’s listings by externalId',
        description:
          'The listing in ingestion names (spec 2.1) plus serviceId, version, publicUrl, timestamps, moderation and publicDescription. 404 when unknown or another agency’s.',
        security: [{ bearerAuth: [] }],
        querystring: ExternalIdQuery,
        response: { 200: IngestRecord, ...errorResponses(404) },
      },
    },
    async (request) => {
      const listing = await findListing(db, scopeOf(authenticatedKey(request)), { externalId: request.query.externalId });
      if (!listing) throw failWith(notFound('Listing'));
      return toIngestRecord(listing, config.siteUrl);
    },
  );

  app.delete(
    '/listingByExternalId',
    {
      config: { scope: 'listings:delete' },
      schema: {
        tags: ['ingestion'],
        operationId: 'deleteListingByExternalIdIngest',
        summary: 'Remove one of the agency’s listings at once (soft delete)',
        description:
          'The listing leaves the public site and every read at once; pushing its externalId again creates it anew, its version continuing.',
        security: [{ bearerAuth: [] }],
        querystring: ExternalIdQuery,
        response: {
          200: Type.Object({ externalId: ExternalId(), deleted: Type.Literal(true) }),
          ...errorResponses(404, 409),
        },
      },
    },
    async (request) => {
      const outcome = await deleteListing(
        db,
        scopeOf(authenticatedKey(request)),
        { externalId: request.query.externalId },
        app.services.now(),
      );
      if (!outcome.ok) throw failWith(outcome);
      return { externalId: request.query.externalId, deleted: true as const };
    },
  );

  await app.register(contentHashRoute);
  await app.register(syncSessionRoutes);
};
