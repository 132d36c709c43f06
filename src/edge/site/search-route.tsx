import type { FastifyPluginAsync } from 'fastify';
import { renderDocument } from '../html/render.js';
import { MAX_RESULTS, PAGE_SIZE } from '../../domain/public-listings/model.js';
import { searchPublicListings } from '../../domain/public-listings/search.js';
import { parseSearchQuery, searchPath } from './search-query.js';
import { html } from './replies.js';
import type { SiteContext } from './site-context.js';
import { SearchPage } from './views/search-page.js';

/** GET /listings: a search, kept under its canonical address when no value was refused. */
export const searchRoute: FastifyPluginAsync<SiteContext> = async (app, { cache, audience }) => {
  const { readDb, config } = app.services;
  app.get('/listings', { schema: { hide: true } }, async (request, reply) => {
    const raw = request.query as Record<string, unknown>;
    const query = parseSearchQuery(raw);
    const { filters, sort, page } = query;
    // The form sends its empty fields (`?category=&postcode=&q=`): a visitor who shares the address
    // should share what they chose and nothing else, so the search moves to its clean address.
    const empty = Object.values(raw).some((value) => value === '' || (Array.isArray(value) && value.includes('')));
    if (empty && query.errors.length === 0)
      return reply
        .code(303)
        .header('location', searchPath(filters, sort, page))
        .send();
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
          canonical={config.siteUrl + searchPath(filters, sort, page)}
          firstPage={searchPath(filters, sort)}
          noindex={status !== 200 || narrowing}
          pastTheEnd={pastTheEnd}
        />
      );
      return { status, body: renderDocument(view), cacheable: true, shows: result.cards.map((card) => card.serviceId) };
    };
    const shown = query.errors.length ? await render() : await cache.through(searchPath(filters, sort, page), render);
    audience.shown(request, shown);
    return html(reply, shown.status, shown.body);
  });
};
