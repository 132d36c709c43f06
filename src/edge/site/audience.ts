import type { FastifyRequest } from 'fastify';
import type { AudienceCounter } from '../../domain/audience/counter.js';
import type { CachedPage } from './page-cache.js';

/**
 * The site's side of the audience statistics (docs/decisions.md §17): what a visitor was
 * answered, counted after the page is chosen, whether it came from the page cache or was
 * rendered. A HEAD request shows nothing and counts nothing; the counter leaves crawlers out.
 */
export function siteAudience(counter: AudienceCounter) {
  const userAgent = (request: FastifyRequest) => request.headers['user-agent'];
  return {
    /** A results page or the home page: each listing it shows appeared once. */
    shown(request: FastifyRequest, page: CachedPage): void {
      if (request.method === 'GET' && page.shows?.length) counter.record('searchAppearances', page.shows, userAgent(request));
    },
    /** A listing's own page, counted when it answered 200. */
    viewed(request: FastifyRequest, serviceId: string, page: CachedPage): void {
      if (request.method === 'GET' && page.status === 200) counter.record('detailViews', [serviceId], userAgent(request));
    },
    /** A visitor's message opened a conversation that reaches the agency. */
    contacted(request: FastifyRequest, serviceId: string): void {
      counter.record('leads', [serviceId], userAgent(request));
    },
  };
}
