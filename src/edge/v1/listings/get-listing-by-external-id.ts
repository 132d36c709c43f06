import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses } from '../../http/schemas.js';
import { ExternalIdParams } from '../../http/params.js';
import { tenantOf } from '../../http/tenant.js';
import { notFound } from '../../../platform/outcome.js';
import { findListing } from '../../../domain/listings/store.js';
import { ListingRecord } from '../schemas.js';
import { BY_EXTERNAL_ID_PATH, etagHeader, security, sendListing } from './listing-http.js';

const schema = {
  tags: ['v1'],
  operationId: 'getListingByExternalId',
  summary: 'One listing by the agency’s identifier',
  description: 'Same record as GET /v1/listings/{serviceId}, found by the agency’s externalId.',
  security,
  params: ExternalIdParams,
  response: { 200: { ...ListingRecord, headers: etagHeader }, ...errorResponses(404) },
};

/** GET /v1/listings/by-external/{externalId}. */
export const getListingByExternalIdRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.services;
  app.get(BY_EXTERNAL_ID_PATH, { config: { scope: 'listings:read' }, schema }, async (request, reply) => {
    const listing = await findListing(db, tenantOf(request), { externalId: request.params.externalId });
    if (!listing) throw failWith(notFound('Listing'));
    return sendListing(reply, listing, config.siteUrl);
  });
};
