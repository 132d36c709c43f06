import type { FastifyInstance } from 'fastify';
import { startServer, stopOnSignals } from '../src/main/server.js';
import { loadConfig } from '../src/platform/config.js';
import { prepared } from '../src/platform/db/database.js';
import { findPublicListing } from '../src/domain/public-listings/find.js';
import { searchPublicListings } from '../src/domain/public-listings/search.js';
import { parseSearchQuery } from '../src/edge/site/search-query.js';

/**
 * The server as `listing-sync serve` starts it, plus the routes the benchmarks compare the
 * real ones with: the bare work behind a route, without authentication, quota, mapping or
 * page rendering. Only the benchmarks start this entry (`startBenchServer(…, { benchRoutes: true })`);
 * the production composition knows nothing of these routes.
 */
const RAW_LISTING = prepared('bench-raw-listing', 'SELECT * FROM listings WHERE id = $1');

function benchRoutes(app: FastifyInstance) {
  const { db, readDb } = app.services;
  const hide = { schema: { hide: true } };
  // GET /v1/listings/{id} against reading its row by primary key (bench/v1.ts), prepared as
  // the service's own lookup is, so the ratio is the service's work around the same read.
  app.get('/bench/raw-listing/:id', hide, async (request) => {
    const { rows } = await db.query(RAW_LISTING, [(request.params as { id: string }).id]);
    return rows[0] ?? null;
  });
  // The site's pages against the very queries they run, through the same pool, answered as JSON (bench/site.ts).
  app.get('/bench/site-listing/:serviceId', hide, async (request) =>
    findPublicListing(readDb, (request.params as { serviceId: string }).serviceId),
  );
  app.get('/bench/site-search', hide, async (request) => {
    const { filters, sort, page } = parseSearchQuery(request.query as Record<string, unknown>);
    return searchPublicListings(readDb, filters, sort, page);
  });
}

const started = startServer(loadConfig(process.env), { routes: benchRoutes });
stopOnSignals({ stop: async () => (await started).stop() });
await started;
