import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authenticatedKey } from '../http/plugins/key-auth.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { envelopeOnly } from '../http/validation.js';
import { ApiError, failWith } from '../http/errors.js';
import { notFound } from '../../platform/outcome.js';
import { errorResponses, IdempotencyHeader } from '../http/schemas.js';
import { ruleErrorLogger } from '../http/plugins/request-log.js';
import { ServiceId } from '../../domain/listings/schemas.js';
import type { CommercialStatus } from '../../domain/listing-model/model.js';
import type { AgencyEnv } from '../../domain/tenant.js';
import { findListing, listListings } from '../../domain/listings/store.js';
import { deleteListing, setStatus, updateListing, upsertListing } from '../../domain/listings/single-writes.js';
import type { WrittenListing } from '../../domain/listings/write.js';
import { moderationSummary } from '../../domain/listings/response-views.js';
import { publicUrl } from '../../domain/public-listings/visibility.js';
import { PLAN_BATCH_SIZES } from '../../domain/agencies/plans.js';
import { isIsoTimestamp, restoreQueryOffset } from '../../platform/validation/timestamps.js';
import { batchUpsert } from './batch.js';
import { etagOf, v1BodyRefusal, v1Draft, v1DraftOver, type V1Body } from './mapping.js';
import { toV1Record, v1Status } from '../../domain/listings/v1-record.js';
import {
  BatchRequest,
  BatchResult,
  CreationResult,
  ListingCreate,
  ListingRecord,
  ListingUpdate,
  ListQuery,
  ListResponse,
  StatusBody,
  UpdatedListing,
} from './schemas.js';
import { ExternalIdParams, ServiceIdParams } from '../http/params.js';

const security = [{ bearerAuth: [] }];
const IfMatch = Type.Object({
  'if-match': Type.Optional(
    Type.String({ maxLength: 64, description: 'ETag "v{version}" of the listing: refuse (412) if it changed since.' }),
  ),
});
const WriteHeaders = Type.Object({ ...IfMatch.properties, ...IdempotencyHeader.properties });
const etagHeader = { ETag: { type: 'string', pattern: '^"v[0-9]+"$', maxLength: 16, description: '"v{version}"' } };

/** `If-Match: "v3"` → 3; absent → undefined; anything else cannot match any version. */
function expectedVersion(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const match = /^\s*(?:W\/)?"v(\d+)"\s*$/.exec(String(header));
  return match ? Number(match[1]) : -1;
}

function creationResult(outcome: WrittenListing, siteUrl: string) {
  return {
    ok: true,
    serviceId: outcome.serviceId,
    externalId: outcome.externalId,
    status: v1Status(outcome),
    publicUrl: publicUrl(siteUrl, outcome.serviceId),
    version: outcome.version,
    createdAt: outcome.createdAt.toISOString(),
    outcome: outcome.outcome,
    warnings: outcome.warnings,
    compliance: outcome.compliance,
    moderation: moderationSummary(outcome),
  };
}

/** The listing operations of v1 (spec 4.2), mapped onto the one listing model. */
export const v1ListingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.services;
  const scopeOf = (request: FastifyRequest): AgencyEnv => {
    const { agencyId, env } = authenticatedKey(request);
    return { agencyId, env };
  };
  const sendListing = (reply: FastifyReply, listing: Parameters<typeof toV1Record>[0]) =>
    reply.header('etag', etagOf(listing.version)).send(toV1Record(listing, config.siteUrl));

  app.post(
    '/listings',
    {
      config: { scope: 'listings:write' },
      schema: {
        tags: ['v1'],
        operationId: 'upsertListing',
        summary: 'Create or update a listing by externalId (upsert)',
        description:
          '201 with the creation result when the listing is created (version 1; status active when the automatic check approved it in this request, pending_moderation when it waits for an operator); 200 with the same shape when it is ' +
          'updated, or when the content equals what is stored (outcome unchanged, no new version). With If-None-Match: * the call only ' +
          'creates: an externalId already used is 409. warnings[] gives the remarks a push of the same listing would: a long title, ' +
          'contact details masked (naming the field they were in).',
        security,
        headers: Type.Object({
          ...IdempotencyHeader.properties,
          'if-none-match': Type.Optional(Type.String({ maxLength: 64, description: '"*": create only.' })),
        }),
        body: ListingCreate,
        response: { 200: CreationResult, 201: CreationResult, ...errorResponses(409, 422) },
      },
    },
    async (request, reply) => {
      const draft = v1Draft(request.body as V1Body);
      if (!draft.ok) throw failWith(draft);
      const written = await upsertListing(db, scopeOf(request), draft.value, app.services.now(), {
        createOnly: request.headers['if-none-match'] === '*',
        onRuleError: ruleErrorLogger(request),
      });
      if (!written.ok) throw failWith(written);
      const outcome = written.value;
      if (outcome.outcome === 'created')
        reply.header(
          'location',
          `${config.baseUrl}${authenticatedKey(request).env === 'test' ? '/sandbox' : ''}/v1/listings/${outcome.serviceId}`,
        );
      return reply.code(outcome.outcome === 'created' ? 201 : 200).send(creationResult(outcome, config.siteUrl));
    },
  );

  app.get(
    '/listings',
    {
      config: { scope: 'listings:read' },
      schema: {
        tags: ['v1'],
        operationId: 'listListings',
        summary: 'The agency’s listings, newest change first',
        description: 'Filters: status (a v1 status), modifiedSince (ISO 8601). Pages from 1; pageSize 1–200, default 50.',
        security,
        querystring: ListQuery,
        response: { 200: ListResponse },
      },
      // Before the schema judges it: an unencoded + in the offset arrives as a space.
      preValidation: async (request) => {
        const query = request.query as { modifiedSince?: unknown };
        if (typeof query.modifiedSince === 'string') query.modifiedSince = restoreQueryOffset(query.modifiedSince);
      },
    },
    async (request) => {
      const { page, pageSize, status, modifiedSince } = request.query;
      if (modifiedSince !== undefined && !isIsoTimestamp(modifiedSince)) {
        const message = 'modifiedSince must be an ISO 8601 timestamp such as 2026-03-01T09:30:00Z';
        throw new ApiError('validation_error', message, [{ field: 'modifiedSince', message }]);
      }
      const { listings, total } = await listListings(db, scopeOf(request), {
        status,
        modifiedSince: modifiedSince ? new Date(modifiedSince) : undefined,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { data: listings.map((l) => toV1Record(l, config.siteUrl)), page, pageSize, total, hasMore: page * pageSize < total };
    },
  );

  app.get(
    '/listings/:serviceId',
    {
      config: { scope: 'listings:read' },
      schema: {
        tags: ['v1'],
        operationId: 'getListing',
        summary: 'One listing by service identifier',
        description:
          'The full record in v1 names, with addressLine (owner only), publicDescription as the site shows it, and ETag "v{version}".',
        security,
        params: ServiceIdParams,
        response: { 200: { ...ListingRecord, headers: etagHeader }, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const listing = await findListing(db, scopeOf(request), { serviceId: request.params.serviceId });
      if (!listing) throw failWith(notFound('Listing'));
      return sendListing(reply, listing);
    },
  );

  app.get(
    '/listings/by-external/:externalId',
    {
      config: { scope: 'listings:read' },
      schema: {
        tags: ['v1'],
        operationId: 'getListingByExternalId',
        summary: 'One listing by the agency’s identifier',
        description: 'Same record as GET /v1/listings/{serviceId}, found by the agency’s externalId.',
        security,
        params: ExternalIdParams,
        response: { 200: { ...ListingRecord, headers: etagHeader }, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const listing = await findListing(db, scopeOf(request), { externalId: request.params.externalId });
      if (!listing) throw failWith(notFound('Listing'));
      return sendListing(reply, listing);
    },
  );

  app.put(
    '/listings/:serviceId',
    {
      config: { scope: 'listings:write' },
      schema: {
        tags: ['v1'],
        operationId: 'updateListing',
        summary: 'Update a listing; only the fields given change',
        description:
          'A partial body is accepted. The version grows by 1 when something changes. A new externalId already used by the agency is 409.',
        security,
        params: ServiceIdParams,
        headers: WriteHeaders,
        body: ListingUpdate,
        response: { 200: { ...UpdatedListing, headers: etagHeader }, ...errorResponses(404, 409, 412, 422) },
      },
    },
    async (request, reply) => {
      const body = request.body as V1Body;
      const unreadable = v1BodyRefusal(body);
      if (unreadable) throw failWith(unreadable);
      const result = await updateListing(
        db,
        scopeOf(request),
        request.params.serviceId,
        (current) => v1DraftOver({ externalId: current.externalId, ...body }, current.content),
        app.services.now(),
        expectedVersion(request),
        { onRuleError: ruleErrorLogger(request) },
      );
      if (!result.ok) throw failWith(result);
      const { listing, warnings } = result.value;
      return reply.header('etag', etagOf(listing.version)).send({ ...toV1Record(listing, config.siteUrl), warnings });
    },
  );

  app.patch(
    '/listings/:serviceId/status',
    {
      config: { scope: 'listings:write' },
      schema: {
        tags: ['v1'],
        operationId: 'setListingStatus',
        summary: 'Change the commercial status',
        description:
          'Any source state is allowed. The v1 status stays pending_moderation until moderation approves the listing; commercialStatus shows the new value.',
        security,
        params: ServiceIdParams,
        headers: WriteHeaders,
        body: StatusBody,
        response: { 200: { ...ListingRecord, headers: etagHeader }, ...errorResponses(404, 409, 412) },
      },
    },
    async (request, reply) => {
      const result = await setStatus(
        db,
        scopeOf(request),
        { serviceId: request.params.serviceId },
        request.body.status as CommercialStatus,
        app.services.now(),
        expectedVersion(request),
      );
      if (!result.ok) throw failWith(result);
      return sendListing(reply, result.value.listing);
    },
  );

  app.delete(
    '/listings/:serviceId',
    {
      config: { scope: 'listings:delete' },
      schema: {
        tags: ['v1'],
        operationId: 'deleteListing',
        summary: 'Remove a listing (soft delete)',
        description:
          'The listing leaves the public site and every read at once; it is kept for audit. Pushing its externalId again creates it anew.',
        security,
        params: ServiceIdParams,
        headers: WriteHeaders,
        response: { 200: Type.Object({ serviceId: ServiceId(), deleted: Type.Literal(true) }), ...errorResponses(404, 409, 412) },
      },
    },
    async (request) => {
      const outcome = await deleteListing(
        db,
        scopeOf(request),
        { serviceId: request.params.serviceId },
        app.services.now(),
        expectedVersion(request),
      );
      if (!outcome.ok) throw failWith(outcome);
      return { serviceId: outcome.value.serviceId, deleted: true as const };
    },
  );

  app.post(
    '/listings/batch',
    {
      config: { scope: 'listings:write', bodyItems: '10, 50 or 100 listings (the plan’s batch size)' },
      bodyLimit: 8 * 1024 * 1024,
      // Only the envelope is enforced for the whole request; items are checked one by one.
      validatorCompiler: envelopeOnly(BatchEnvelope),
      schema: {
        tags: ['v1'],
        operationId: 'batchUpsertListings',
        summary: 'Create or update several listings; one outcome per item',
        description:
          'At most the plan’s batch size (Solo 10, Agence 50, Réseau 100); more is 400. Each item is an upsert by externalId; a bad item is ' +
          'reported in results[] with its error and never stops the others. Always 200 when the request itself is well-formed. ' +
          'Each accepted item carries the same warnings as a push of it would.',
        security,
        headers: IdempotencyHeader,
        body: BatchRequest,
        response: { 200: BatchResult, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const items = (request.body as { listings: unknown[] }).listings;
      const result = await batchUpsert(db, scopeOf(request), items, PLAN_BATCH_SIZES[authenticatedKey(request).plan], app.services.now(), {
        onRuleError: ruleErrorLogger(request),
      });
      if (!result.ok) throw failWith(result);
      reply.listingsSynced = result.value.processed - result.value.failed;
      return result.value;
    },
  );
};

/** The plan's batch size is checked in the handler, with a message that names it. */
const BatchEnvelope = Type.Object({ listings: Type.Array(Type.Unknown(), { minItems: 1 }) }, { additionalProperties: false });
