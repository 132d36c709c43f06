import type { FastifyPluginAsync } from 'fastify';
import { renderDocument } from '../html/render.js';
import { latestPublicListings } from '../../domain/public-listings/search.js';
import { html } from './replies.js';
import type { SiteContext } from './site-context.js';
import { HomePage } from './views/home.js';

const LATEST_ON_HOME = 12;

/** GET /: the latest publications, through the page cache. */
export const homeRoute: FastifyPluginAsync<SiteContext> = async (app, { cache, audience }) => {
  const { readDb, config } = app.services;
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const home = await cache.through('/', async () => {
      const latest = await latestPublicListings(readDb, LATEST_ON_HOME);
      const body = renderDocument(<HomePage latest={latest} siteUrl={config.siteUrl} />);
      return { status: 200, body, cacheable: true, shows: latest.map((card) => card.serviceId) };
    });
    audience.shown(request, home);
    return html(reply, home.status, home.body);
  });
};
