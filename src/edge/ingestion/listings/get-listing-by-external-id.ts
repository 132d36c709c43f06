import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses } from '../../http/schemas.js';
import { tenantOf } from '../../http/tenant.js';
import { notFound } from '../../../platform/outcome.js';
import { findListing } from '../../../domain/listings/store.js';
import { ExternalIdQuery, IngestRecord } from '../schemas.js';
import { toIngestRecord } from '../mapping.js';

const schema = {
  tags: ['ingestion'],
  operationId: 'getListingByExternalIdIngest',
  summary: 'One of the agency’s listings by externalId',
  description:
    'The listing in ingestion names plus serviceId, version, publicUrl, timestamps, moderation and publicDescription. 404 when unknown or another agency’s.',
  security: [{ bearerAuth: [] }],
  querystring: ExternalIdQuery,
  response: { 200: IngestRecord, ...errorResponses(404) },
};

/** GET /ingest/listingByExternalId. */
export const getListingByExternalIdRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.services;
  app.get('/listingByExternalId', { config: { scope: 'listings:read' }, schema }, async (request) => {
    const listing = await findListing(db, tenantOf(request), { externalId: request.query.externalId });
    if (!listing) throw failWith(notFound('Listing'));
    return toIngestRecord(listing, config.siteUrl);
  });
};
