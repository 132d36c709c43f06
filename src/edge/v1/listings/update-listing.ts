import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses } from '../../http/schemas.js';
import { ServiceIdParams } from '../../http/params.js';
import { ruleErrorLogger } from '../../http/plugins/request-log.js';
import { tenantOf } from '../../http/tenant.js';
import { updateListing } from '../../../domain/listings/single-writes.js';
import { toV1Record } from '../../../domain/listings/v1-record.js';
import { etagOf, v1BodyRefusal, v1DraftOver, type V1Body } from '../mapping.js';
import { ListingUpdate, UpdatedListing } from '../schemas.js';
import { etagHeader, expectedVersion, LISTING_BODY_HINTS, security, SERVICE_ID_HINTS, WriteHeaders } from './listing-http.js';

const schema = {
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
};

const routeConfig = { scope: 'listings:write', fieldHints: { ...LISTING_BODY_HINTS, ...SERVICE_ID_HINTS } } as const;

/** PUT /v1/listings/{serviceId}: the fields given change, the others stay. */
export const updateListingRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, now } = app.services;
  app.put('/listings/:serviceId', { config: routeConfig, schema }, async (request, reply) => {
    const body = request.body as V1Body;
    const unreadable = v1BodyRefusal(body);
    if (unreadable) throw failWith(unreadable);
    const result = await updateListing(
      db,
      tenantOf(request),
      request.params.serviceId,
      (current) => v1DraftOver({ externalId: current.externalId, ...body }, current.content),
      now(),
      expectedVersion(request),
      { onRuleError: ruleErrorLogger(request) },
    );
    if (!result.ok) throw failWith(result);
    const { listing, warnings } = result.value;
    return reply.header('etag', etagOf(listing.version)).send({ ...toV1Record(listing, config.siteUrl), warnings });
  });
};
