import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findAgency } from '../../../domain/agencies/agency-store.js';
import { listListings } from '../../../domain/listings/store.js';
import { reviewedListing } from '../../../domain/listings/moderation-queue.js';
import { audienceByListing, listingAudience } from '../../../domain/audience/report.js';
import { lastDays } from '../../../domain/audience/period.js';
import { ServiceIdParams } from '../../http/params.js';
import { Int } from '../../../platform/validation/schema-types.js';
import type { ProSpace } from '../space.js';
import { ListingPage } from '../views/listing-page.js';
import { ListingsPage } from '../views/listings-page.js';

const LISTINGS_PAGE = 50;
const PageQuery = Type.Object({ page: Type.Optional(Int(1, 10_000)) });

/** `/pro/listings` (docs/decisions.md §13): the agency's LIVE listings with their moderation, for admins and agents. */
export const listingsPages: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  const { db, config, now } = app.services;
  const { page, viewerOf, agencyOf } = space;

  app.get('/listings', { schema: { hide: true, querystring: PageQuery } }, async (request, reply) => {
    const current = request.query.page ?? 1;
    const [{ listings, total }, agency] = await Promise.all([
      listListings(db, { agencyId: agencyOf(request), env: 'live' }, { limit: LISTINGS_PAGE, offset: (current - 1) * LISTINGS_PAGE }),
      findAgency(db, agencyOf(request)),
    ]);
    const pages = Math.max(1, Math.ceil(total / LISTINGS_PAGE));
    const audience = await audienceByListing(
      db,
      agencyOf(request),
      listings.map((listing) => listing.serviceId),
      lastDays(now()),
    );
    const view = (
      <ListingsPage
        viewer={viewerOf(request)}
        listings={listings}
        total={total}
        page={current}
        pages={pages}
        siteUrl={config.siteUrl}
        agencySuspended={Boolean(agency?.suspendedAt)}
        audience={audience}
      />
    );
    return page(reply, current > pages ? 404 : 200, view);
  });

  app.get('/listings/:serviceId', { schema: { hide: true, params: ServiceIdParams } }, async (request, reply) => {
    const [item, agency] = await Promise.all([reviewedListing(db, request.params.serviceId), findAgency(db, agencyOf(request))]);
    // Another agency's listing is answered exactly as an unknown one.
    if (!item || item.listing.agencyId !== agencyOf(request))
      return space.message(request, reply, 404, 'Annonce introuvable', 'Aucune de vos annonces n’a cet identifiant.');
    const audience = await listingAudience(db, { agencyId: agencyOf(request), env: 'live' }, item.listing.serviceId, lastDays(now()));
    return page(
      reply,
      200,
      <ListingPage
        viewer={viewerOf(request)}
        item={item}
        siteUrl={config.siteUrl}
        agencySuspended={Boolean(agency?.suspendedAt)}
        audience={audience.ok ? audience.value : null}
      />,
    );
  });
};
