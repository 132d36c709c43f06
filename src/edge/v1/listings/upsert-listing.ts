import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses, IdempotencyHeader } from '../../http/schemas.js';
import { ruleErrorLogger } from '../../http/plugins/request-log.js';
import { tenantOf } from '../../http/tenant.js';
import { upsertListing } from '../../../domain/listings/single-writes.js';
import type { WrittenListing } from '../../../domain/listings/write.js';
import { moderationSummary } from '../../../domain/listings/response-views.js';
import { publicUrl } from '../../../domain/public-listings/visibility.js';
import { v1Status } from '../../../domain/listings/v1-record.js';
import { v1Draft, type V1Body } from '../mapping.js';
import { CreationResult, ListingCreate } from '../schemas.js';
import { LISTING_BODY_HINTS, security } from './listing-http.js';

const schema = {
  tags: ['v1'],
  operationId: 'upsertListing',
  summary: 'Create or update a listing by externalId (upsert)',
  description:
    '201 with the creation result when the listing is created (version 1; status active when the automatic check approved it in this request, pending_moderation when it waits for an operator); 200 with the same shape when it is ' +
    'updated, or when the content equals what is stored (outcome unchanged, no new version). With If-None-Match: * the call only ' +
    'creates: an externalId already used is 409. warnings[] gives the remarks a push of the same listing would: a long title, ' +
    'contact details masked (naming the field they were in). The body is the whole listing: sent again, it replaces what is ' +
    'stored, so an optional field left out is cleared (photos empty, fees null). To change some fields only, use ' +
    'PUT /v1/listings/{serviceId}.',
  security,
  headers: Type.Object({
    ...IdempotencyHeader.properties,
    'if-none-match': Type.Optional(Type.String({ maxLength: 64, description: '"*": create only.' })),
  }),
  body: ListingCreate,
  response: { 200: CreationResult, 201: CreationResult, ...errorResponses(409, 422) },
};

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

/** POST /v1/listings: create or update a listing by its externalId. */
export const upsertListingRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, now } = app.services;
  app.post('/listings', { config: { scope: 'listings:write', fieldHints: LISTING_BODY_HINTS }, schema }, async (request, reply) => {
    const draft = v1Draft(request.body as V1Body);
    if (!draft.ok) throw failWith(draft);
    const tenant = tenantOf(request);
    const written = await upsertListing(db, tenant, draft.value, now(), {
      createOnly: request.headers['if-none-match'] === '*',
      onRuleError: ruleErrorLogger(request),
    });
    if (!written.ok) throw failWith(written);
    const outcome = written.value;
    if (outcome.outcome === 'created')
      reply.header('location', `${config.baseUrl}${tenant.env === 'test' ? '/sandbox' : ''}/v1/listings/${outcome.serviceId}`);
    return reply.code(outcome.outcome === 'created' ? 201 : 200).send(creationResult(outcome, config.siteUrl));
  });
};
