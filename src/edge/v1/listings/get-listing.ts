import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses } from '../../http/schemas.js';
import { ServiceIdParams } from '../../http/params.js';
import { tenantOf } from '../../http/tenant.js';
import { notFound } from '../../../platform/outcome.js';
import { findListing } from '../../../domain/listings/store.js';
import { ListingRecord } from '../schemas.js';
import { etagHeader, security, sendListing, SERVICE_ID_HINTS } from './listing-http.js';

const schema = {
  tags: ['v1'],
  operationId: 'getListing',
  summary: 'One listing by service identifier',
  description: 'The full record in v1 names, with addressLine (owner only), publicDescription as the site shows it, and ETag "v{version}".',
  security,
  params: ServiceIdParams,
  response: { 200: { ...ListingRecord, headers: etagHeader }, ...errorResponses(404) },
};

/** GET /v1/listings/{serviceId}. */
export const getListingRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.services;
  app.get('/listings/:serviceId', { config: { scope: 'listings:read', fieldHints: SERVICE_ID_HINTS }, schema }, async (request, reply) => {
    const listing = await findListing(db, tenantOf(request), { serviceId: request.params.serviceId });
    if (!listing) throw failWith(notFound('Listing'));
    return sendListing(reply, listing, config.siteUrl);
  });
};
