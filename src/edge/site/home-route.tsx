import type { FastifyPluginAsync } from 'fastify';
import { renderDocument } from '../html/render.js';
import { latestPublicListings } from '../../domain/public-listings/search.js';
import { html } from './replies.js';
import type { SiteContext } from './site-context.js';
import { HomePage } from './views/home.js';
import { departmentPages } from '../../domain/public-listings/place-paths.js';

const LATEST_ON_HOME = 12;
/** The départements with the most listings, linked from the home page (the others from /immobilier). */
const DEPARTMENTS_ON_HOME = 12;

/** GET /: the latest publications and the départements with the most listings, through the page cache. */
export const homeRoute: FastifyPluginAsync<SiteContext> = async (app, { cache, audience, places }) => {
  const { readDb, config } = app.services;
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const home = await cache.through('/', async () => {
      const latest = await latestPublicListings(readDb, LATEST_ON_HOME);
      const departments = departmentPages((await places()).departments).slice(0, DEPARTMENTS_ON_HOME);
      const body = renderDocument(<HomePage latest={latest} departments={departments} siteUrl={config.siteUrl} />);
      return { status: 200, body, cacheable: true, shows: latest.map((card) => card.serviceId) };
    });
    audience.shown(request, home);
    return html(reply, home.status, home.body);
  });
};
