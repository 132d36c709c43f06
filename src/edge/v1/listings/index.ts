import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { upsertListingRoute } from './upsert-listing.js';
import { listListingsRoute } from './list-listings.js';
import { getListingRoute } from './get-listing.js';
import { getListingByExternalIdRoute } from './get-listing-by-external-id.js';
import { updateListingRoute } from './update-listing.js';
import { setListingStatusRoute } from './set-listing-status.js';
import { deleteListingRoute } from './delete-listing.js';
import { batchUpsertListingsRoute } from './batch-upsert-listings.js';

/** The listing operations of v1, one file each, mapped onto the one listing model; in the order the description lists them. */
export const v1ListingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const operation of [
    upsertListingRoute,
    listListingsRoute,
    getListingRoute,
    getListingByExternalIdRoute,
    updateListingRoute,
    setListingStatusRoute,
    deleteListingRoute,
    batchUpsertListingsRoute,
  ])
    await app.register(operation);
};
