import type { FastifyPluginAsync } from 'fastify';
import { findPublicListingForPage } from '../../domain/public-listings/find.js';
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
    const shown = await cache.through(serviceId, async () =>
      SERVICE_ID.test(serviceId)
        ? listingPage(await findPublicListingForPage(readDb, serviceId), config.siteUrl, 200, { values: EMPTY_CONTACT, errors: [] })
        : { status: 404, body: notFoundHtml(), cacheable: false },
    );
    audience.viewed(request, serviceId, shown);
    return html(reply, shown.status, shown.body);
  });
};
