import type { FastifyError, FastifyPluginAsync } from 'fastify';
import formbody from '@fastify/formbody';
import { problemHtml, type ProblemStatus } from './pages.js';
import { PageCache } from './page-cache.js';
import { keepAgreeing } from './cache-agreement.js';
import { html } from './replies.js';
import { conversationRoutes } from './conversation-routes.js';
import { alertRoutes } from './alerts/alert-routes.js';
import { siteAudience } from './audience.js';
import type { SiteContext } from './site-context.js';
import { assetsRoute } from './assets-route.js';
import { communesRoute } from './communes-route.js';
import { homeRoute } from './home-route.js';
import { searchRoute } from './search-route.js';
import { listingRoute } from './listing-route.js';
import { CONTACT_BODY_LIMIT, contactRoute } from './contact-route.js';
import { robotsRoute, sitemapFileRoute, sitemapIndexRoute } from './sitemap-routes.js';
import { placeRoutes } from './place-routes.js';
import { placeTally } from './place-tally.js';

/** Anything that goes wrong on a site route is a French page, never a JSON problem. */
const sitePageStatus = (error: FastifyError): ProblemStatus =>
  error.statusCode === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
    ? 413
    : error.statusCode === 415
      ? 415
      : error.statusCode && error.statusCode < 500
        ? 400
        : 500;

/**
 * The public site (docs/decisions.md §12): French, server-rendered pages that work without script,
 * one file per page. Routes parse, call the public-listings and leads capabilities, and render;
 * every listing read goes through the public projection (domain/public-listings/projection.ts),
 * which views print as it is. Pages and sitemaps read what may lag a moment (readDb: the
 * replica, when there is one); the contact form and its checks read and write the primary (db).
 */
export const siteRoutes: FastifyPluginAsync = async (app) => {
  const { config, metrics } = app.services;
  const cache = new PageCache(config.siteCacheMs, 5000, Date.now, {
    onError: (error) => app.log.error({ err: error }, 'page rendering failed'),
    onLookup: metrics ? (result) => metrics.pageCacheLookup(result) : undefined,
  });
  await keepAgreeing(app, cache);
  // The places with listings: counted at most once a minute per second of page cache.
  const places = placeTally(app.services.readDb, config.siteCacheMs * 60);
  const site: SiteContext = { cache, audience: siteAudience(app.services.audience), places };

  await app.register(formbody, { bodyLimit: CONTACT_BODY_LIMIT });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = sitePageStatus(error);
    if (status === 500) request.log.error({ err: error }, 'site page failed');
    return html(reply, status, problemHtml(status), 'no-store');
  });

  await app.register(assetsRoute);
  // Suggestions of communes for the city field: JSON, cached by browsers, never through the page cache.
  await app.register(communesRoute);
  for (const page of [homeRoute, searchRoute, listingRoute, contactRoute]) await app.register(page, site);
  // The pages of départements and communes, under /immobilier.
  await app.register(placeRoutes, site);
  // The visitor's private conversation pages: never through the page cache above.
  await app.register(conversationRoutes);
  // E-mail alerts on a search: their form's target and their private pages, never cached either.
  await app.register(alertRoutes);
  for (const file of [robotsRoute, sitemapIndexRoute, sitemapFileRoute]) await app.register(file);
};
