import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ingestListingsRoute } from './ingest-listings.js';
import { agencyListingsRoute } from './agency-listings.js';
import { getListingByExternalIdRoute } from './get-listing-by-external-id.js';
import { deleteListingByExternalIdRoute } from './delete-listing-by-external-id.js';
import { computeContentHashesRoute } from './compute-content-hashes.js';

/** The listing operations of the ingestion interface, one file each, in the order the description lists them. */
export const ingestionListingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const operation of [
    ingestListingsRoute,
    agencyListingsRoute,
    getListingByExternalIdRoute,
    deleteListingByExternalIdRoute,
    computeContentHashesRoute,
  ])
    await app.register(operation);
};
