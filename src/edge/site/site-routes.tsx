import type { FastifyError, FastifyPluginAsync } from 'fastify';
import formbody from '@fastify/formbody';
import { renderDocument } from '../html/render.js';
import { STYLESHEET, STYLESHEET_PATH } from '../html/stylesheet.js';
import { checkLeadInput } from '../../domain/leads/lead-input.js';
import { receiveLead } from '../../domain/leads/receive.js';
import { findPublicListing } from '../../domain/public-listings/find.js';
import { MAX_RESULTS, PAGE_SIZE } from '../../domain/public-listings/model.js';
import { latestPublicListings, searchPublicListings } from '../../domain/public-listings/search.js';
import { publicListingCount, SITEMAP_PAGE_SIZE, sitemapEntries } from '../../domain/public-listings/sitemap.js';
import { listingPath, publicUrl } from '../../domain/public-listings/visibility.js';
import { goneHtml, notFoundHtml, problemHtml, thanksHtml, tooManyMessagesHtml, type ProblemStatus } from './pages.js';
import { parseSearchQuery, searchPath } from './search-query.js';
import { robotsTxt, sitemapIndex, urlSet } from './seo.js';
import { EMPTY_CONTACT, type ContactValues } from './views/contact-form.js';
import { PageCache, type Rendered } from './page-cache.js';
import { keepAgreeing } from './cache-agreement.js';
import { formFields, html, isFormPost, PAGE_CACHE } from './replies.js';
import { conversationRoutes } from './conversation-routes.js';
import { alertRoutes } from './alerts/alert-routes.js';
import { siteAudience } from './audience.js';
import { HomePage } from './views/home.js';
import { ListingPage } from './views/listing-page.js';
import { SearchPage } from './views/search-page.js';
import { idPattern } from '../../platform/db/ids.js';
import type { FieldError } from '../../platform/outcome.js';
import type { Queryable } from '../../platform/db/database.js';

/** A contact form's fields fit in a few KiB; a larger body is refused before it is parsed. */
export const CONTACT_BODY_LIMIT = 16 * 1024;
const LATEST_ON_HOME = 12;
const SERVICE_ID = new RegExp(idPattern('lst'));
/** The stylesheet never changes under its name. */
const FOREVER = 'public, max-age=31536000, immutable';

/**
 * The public site (docs/decisions.md §12): French, server-rendered pages that work without script.
 * Routes parse, call the public-listings and leads capabilities, and render; every listing
 * read goes through the public projection (domain/public-listings/projection.ts), which views
 * print as it is.
 */
export const siteRoutes: FastifyPluginAsync = async (app) => {
  // Pages and sitemaps read what may lag a moment (readDb: the replica, when there is one); the
  // contact form and its checks read and write the primary (db).
  const { db, readDb, config, metrics } = app.services;
  const siteUrl = config.siteUrl;
  const hide = { schema: { hide: true } };
  const cache = new PageCache(config.siteCacheMs, 5000, Date.now, {
    onError: (error) => app.log.error({ err: error }, 'page rendering failed'),
    onLookup: metrics ? (result) => metrics.pageCacheLookup(result) : undefined,
  });
  await keepAgreeing(app, cache);
  const audience = siteAudience(app.services.audience);

  await app.register(formbody, { bodyLimit: CONTACT_BODY_LIMIT });
  // Anything that goes wrong on a site route is a French page, never a JSON problem.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status: ProblemStatus =
      error.statusCode === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? 413
        : error.statusCode === 415
          ? 415
          : error.statusCode && error.statusCode < 500
            ? 400
            : 500;
    if (status === 500) request.log.error({ err: error }, 'site page failed');
    return html(reply, status, problemHtml(status), 'no-store');
  });

  app.get(`/assets/:file`, hide, async (request, reply) => {
    if ((request.params as { file: string }).file !== STYLESHEET_PATH.slice('/assets/'.length)) return html(reply, 404, notFoundHtml());
    return reply.header('cache-control', FOREVER).type('text/css; charset=utf-8').send(STYLESHEET);
  });

  app.get('/', hide, async (request, reply) => {
    const home = await cache.through('/', async () => {
      const latest = await latestPublicListings(readDb, LATEST_ON_HOME);
      const body = renderDocument(<HomePage latest={latest} siteUrl={siteUrl} />);
      return { status: 200, body, cacheable: true, shows: latest.map((card) => card.serviceId) };
    });
    audience.shown(request, home);
    return html(reply, home.status, home.body);
  });

  app.get('/listings', hide, async (request, reply) => {
    const query = parseSearchQuery(request.query as Record<string, unknown>);
    const { filters, sort, page } = query;
    const render = async () => {
      const result = await searchPublicListings(readDb, filters, sort, page);
      const pages = Math.ceil(Math.min(result.total, MAX_RESULTS) / PAGE_SIZE);
      const pastTheEnd = page > Math.max(pages, 1);
      const status = query.errors.length ? 400 : pastTheEnd ? 404 : 200;
      // Keywords, ranges, sorts and energy classes multiply into pages no search engine should index.
      const narrowing = ['q', 'priceMin', 'priceMax', 'surfaceMin', 'roomsMin', 'dpeMax'].some((f) => f in filters) || sort !== 'newest';
      const view = (
        <SearchPage
          filters={filters}
          sort={sort}
          page={page}
          pages={pages}
          total={result.total}
          cards={result.cards}
          errors={query.errors}
          typed={query.typed}
          canonical={siteUrl + searchPath(filters, sort, page)}
          firstPage={searchPath(filters, sort)}
          noindex={status !== 200 || narrowing}
          pastTheEnd={pastTheEnd}
        />
      );
      return { status, body: renderDocument(view), cacheable: true, shows: result.cards.map((card) => card.serviceId) };
    };
    // A search without a refused value is kept under its canonical address.
    const shown = query.errors.length ? await render() : await cache.through(searchPath(filters, sort, page), render);
    audience.shown(request, shown);
    return html(reply, shown.status, shown.body);
  });

  async function renderListing(
    reader: Queryable,
    serviceId: string,
    status: number,
    contact: { values: ContactValues; errors: FieldError[] },
  ): Promise<Rendered> {
    if (!SERVICE_ID.test(serviceId)) return { status: 404, body: notFoundHtml(), cacheable: false };
    const found = await findPublicListing(reader, serviceId);
    if (found.kind === 'gone') return { status: 410, body: goneHtml(), cacheable: false };
    if (found.kind === 'unknown') return { status: 404, body: notFoundHtml(), cacheable: false };
    const canonical = publicUrl(siteUrl, serviceId);
    const body = renderDocument(<ListingPage listing={found.listing} canonical={canonical} contact={contact} />);
    // Only the page as everyone sees it is kept: never one showing a visitor's form.
    return { status, body, cacheable: status === 200, shows: [serviceId] };
  }

  app.get(listingPath(':serviceId'), hide, async (request, reply) => {
    const { serviceId } = request.params as { serviceId: string };
    const shown = await cache.through(serviceId, () => renderListing(readDb, serviceId, 200, { values: EMPTY_CONTACT, errors: [] }));
    audience.viewed(request, serviceId, shown);
    return html(reply, shown.status, shown.body);
  });

  app.post(`${listingPath(':serviceId')}/contact`, { ...hide, bodyLimit: CONTACT_BODY_LIMIT }, async (request, reply) => {
    const { serviceId } = request.params as { serviceId: string };
    if (!isFormPost(request)) return html(reply, 415, problemHtml(415), 'no-store');
    const fields = formFields(request);
    if (!SERVICE_ID.test(serviceId)) return html(reply, 404, notFoundHtml(), 'no-store');
    const found = await findPublicListing(db, serviceId);
    if (found.kind !== 'public')
      return html(reply, found.kind === 'gone' ? 410 : 404, found.kind === 'gone' ? goneHtml() : notFoundHtml(), 'no-store');
    // A robot filled the hidden field: it is thanked like anyone, and nothing is stored.
    const honeypot = fields.website;
    if (honeypot !== undefined && honeypot !== '') return html(reply, 200, thanksHtml(found.listing.title, serviceId), 'no-store');
    const checked = checkLeadInput(fields);
    if (!checked.ok) {
      const shown = await renderListing(db, serviceId, 400, { values: checked.typed, errors: checked.errors });
      return html(reply, shown.status, shown.body, 'no-store');
    }
    const received = await receiveLead(db, serviceId, checked.input, { address: request.ip, now: app.services.now() }, app.services.config);
    if (!received.ok) {
      if (received.code === 'rate_limit_exceeded') {
        const retryAfter = Number(received.headers?.['retry-after'] ?? 3600);
        return html(reply.header('retry-after', String(retryAfter)), 429, tooManyMessagesHtml(retryAfter), 'no-store');
      }
      return html(reply, 410, goneHtml(), 'no-store');
    }
    if (!received.value.withheld) audience.contacted(request, serviceId);
    return html(reply, 200, thanksHtml(found.listing.title, serviceId), 'no-store');
  });

  // The visitor's private conversation pages: never through the page cache above.
  await app.register(conversationRoutes);
  // E-mail alerts on a search: their form's target and their private pages, never cached either.
  await app.register(alertRoutes);

  app.get('/robots.txt', hide, async (_request, reply) =>
    reply.header('cache-control', PAGE_CACHE).type('text/plain; charset=utf-8').send(robotsTxt(siteUrl)),
  );

  app.get('/sitemap.xml', hide, async (_request, reply) => {
    const files = Math.ceil((await publicListingCount(readDb)) / SITEMAP_PAGE_SIZE);
    return reply.header('cache-control', PAGE_CACHE).type('application/xml; charset=utf-8').send(sitemapIndex(siteUrl, files));
  });

  app.get('/sitemaps/:file', hide, async (request, reply) => {
    const { file } = request.params as { file: string };
    const xml = (body: string) => reply.header('cache-control', PAGE_CACHE).type('application/xml; charset=utf-8').send(body);
    if (file === 'pages.xml') return xml(urlSet([{ loc: `${siteUrl}/` }, { loc: `${siteUrl}/listings` }]));
    const page = /^listings-([1-9]\d{0,5})\.xml$/.exec(file)?.[1];
    const entries = page ? await sitemapEntries(readDb, Number(page)) : [];
    if (entries.length === 0) return html(reply, 404, notFoundHtml());
    return xml(urlSet(entries.map((e) => ({ loc: publicUrl(siteUrl, e.serviceId), lastmod: e.updatedAt }))));
  });
};
