import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses } from '../../http/schemas.js';
import { ServiceIdParams } from '../../http/params.js';
import { tenantOf } from '../../http/tenant.js';
import { setStatus } from '../../../domain/listings/single-writes.js';
import type { CommercialStatus } from '../../../domain/listing-model/model.js';
import { ListingRecord, StatusBody } from '../schemas.js';
import { etagHeader, expectedVersion, security, sendListing, SERVICE_ID_HINTS, STATUS_PATH, WriteHeaders } from './listing-http.js';

const schema = {
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
};

/** PATCH /v1/listings/{serviceId}/status. */
export const setListingStatusRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, now } = app.services;
  app.patch(STATUS_PATH, { config: { scope: 'listings:write', fieldHints: SERVICE_ID_HINTS }, schema }, async (request, reply) => {
    const result = await setStatus(
      db,
      tenantOf(request),
      { serviceId: request.params.serviceId },
      request.body.status as CommercialStatus,
      now(),
      expectedVersion(request),
    );
    if (!result.ok) throw failWith(result);
    return sendListing(reply, result.value.listing, config.siteUrl);
  });
};
