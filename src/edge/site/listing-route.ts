import type { FastifyPluginAsync } from 'fastify';
import { findPublicListingForPage, similarPublicListings } from '../../domain/public-listings/find.js';
import { listingPath } from '../../domain/public-listings/visibility.js';
import { notFoundHtml } from './pages.js';
import { html } from './replies.js';
import type { SiteContext } from './site-context.js';
import { EMPTY_CONTACT } from './views/contact-form.js';
import { listingPage, SERVICE_ID } from './listing-page.js';

/** GET /listings/{serviceId}: a listing's page, through the page cache. */
export const listingRoute: FastifyPluginAsync<SiteContext> = async (app, { cache, audience }) => {
  const { readDb, config } = app.services;
  app.get(listingPath(':serviceId'), { schema: { hide: true } }, async (request, reply) => {
    const { serviceId } = request.params as { serviceId: string };
    const shown = await cache.through(serviceId, async () => {
      if (!SERVICE_ID.test(serviceId)) return { status: 404, body: notFoundHtml(), cacheable: false };
      const found = await findPublicListingForPage(readDb, serviceId);
      // A listing that left the site suggests others of its city and transaction.
      const similar = found.kind === 'gone' ? await similarPublicListings(readDb, found) : [];
      return listingPage(found, config.siteUrl, 200, { values: EMPTY_CONTACT, errors: [] }, similar);
    });
    audience.viewed(request, serviceId, shown);
    return html(reply, shown.status, shown.body);
  });
};
