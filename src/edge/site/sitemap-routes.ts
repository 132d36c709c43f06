import type { FastifyPluginAsync } from 'fastify';
import { placePagePaths, publicListingCount, SITEMAP_PAGE_SIZE, sitemapEntries } from '../../domain/public-listings/sitemap.js';
import { PLACES_PATH } from '../../domain/public-listings/place-paths.js';
import { publicUrl } from '../../domain/public-listings/visibility.js';
import { notFoundHtml } from './pages.js';
import { html, PAGE_CACHE } from './replies.js';
import { robotsTxt, sitemapIndex, urlSet } from './seo.js';

/** GET /robots.txt. */
export const robotsRoute: FastifyPluginAsync = async (app) => {
  const { siteUrl } = app.services.config;
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', PAGE_CACHE).type('text/plain; charset=utf-8').send(robotsTxt(siteUrl)),
  );
};

/** GET /sitemap.xml: the index of the sitemap files. */
export const sitemapIndexRoute: FastifyPluginAsync = async (app) => {
  const { readDb, config } = app.services;
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const files = Math.ceil((await publicListingCount(readDb)) / SITEMAP_PAGE_SIZE);
    return reply.header('cache-control', PAGE_CACHE).type('application/xml; charset=utf-8').send(sitemapIndex(config.siteUrl, files));
  });
};

/** GET /sitemaps/{file}: the site's own pages, the pages of places, or one page of public listings. */
export const sitemapFileRoute: FastifyPluginAsync = async (app) => {
  const { readDb, config } = app.services;
  const { siteUrl } = config;
  app.get('/sitemaps/:file', { schema: { hide: true } }, async (request, reply) => {
    const { file } = request.params as { file: string };
    const xml = (body: string) => reply.header('cache-control', PAGE_CACHE).type('application/xml; charset=utf-8').send(body);
    if (file === 'pages.xml') return xml(urlSet([`/`, '/listings', PLACES_PATH].map((path) => ({ loc: siteUrl + path }))));
    if (file === 'places.xml') return xml(urlSet((await placePagePaths(readDb)).map((path) => ({ loc: siteUrl + path }))));
    const page = /^listings-([1-9]\d{0,5})\.xml$/.exec(file)?.[1];
    const entries = page ? await sitemapEntries(readDb, Number(page)) : [];
    if (entries.length === 0) return html(reply, 404, notFoundHtml());
    return xml(urlSet(entries.map((e) => ({ loc: publicUrl(siteUrl, e.serviceId), lastmod: e.updatedAt }))));
  });
};
