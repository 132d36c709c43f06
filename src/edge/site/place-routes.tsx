import type { FastifyPluginAsync } from 'fastify';
import { renderDocument } from '../html/render.js';
import { communePages, departmentPages, placeAt, placesAbove, PLACES_PATH, type Place } from '../../domain/public-listings/place-paths.js';
import { placeOverview } from '../../domain/public-listings/places.js';
import { notFoundHtml } from './pages.js';
import type { Rendered } from './page-cache.js';
import { html } from './replies.js';
import type { SiteContext } from './site-context.js';
import { DepartmentsPage, NoListingsPage, PlacePage } from './views/place-pages.js';

/**
 * A place's page: its counts, newest listings and the places within it with listings; a page
 * saying it has none (404) when it has none now.
 */
async function placePage(db: Parameters<typeof placeOverview>[0], place: Place, canonical: string): Promise<Rendered> {
  const above = placesAbove(place);
  const overview = await placeOverview(db, place);
  if (overview.counts.total === 0)
    return { status: 404, body: renderDocument(<NoListingsPage place={place} above={above} />), cacheable: true };
  // A département lists its communes (a city with arrondissements too); a city, its arrondissements.
  const within = communePages(overview.communes).filter(
    ({ place: inside }) => place.kind === 'department' || place.arrondissements.includes(inside.code),
  );
  const body = renderDocument(<PlacePage place={place} above={above} overview={overview} within={within} canonical={canonical} />);
  return { status: 200, body, cacheable: true, shows: overview.newest.map((card) => card.serviceId) };
}

/**
 * GET /immobilier and GET /immobilier/{place} (docs/site-and-spaces.md, « Pages par lieu »):
 * through the page cache. A segment whose code is a place but whose words are not its own is
 * sent to its address (301); a segment naming no place is the site's 404.
 */
export const placeRoutes: FastifyPluginAsync<SiteContext> = async (app, { cache, audience, places }) => {
  const { readDb, config } = app.services;
  app.get(PLACES_PATH, { schema: { hide: true } }, async (_request, reply) => {
    const shown = await cache.through(PLACES_PATH, async () => {
      const departments = departmentPages((await places()).departments);
      const body = renderDocument(<DepartmentsPage departments={departments} canonical={config.siteUrl + PLACES_PATH} />);
      return { status: 200, body, cacheable: true };
    });
    return html(reply, shown.status, shown.body);
  });
  app.get(`${PLACES_PATH}/:place`, { schema: { hide: true } }, async (request, reply) => {
    const { place: segment } = request.params as { place: string };
    const place = placeAt(segment);
    if (!place) return html(reply, 404, notFoundHtml());
    if (place.path !== `${PLACES_PATH}/${segment}`) return reply.redirect(place.path, 301);
    const shown = await cache.through(place.path, () => placePage(readDb, place, config.siteUrl + place.path));
    audience.shown(request, shown);
    return html(reply, shown.status, shown.body);
  });
};
