import type { FastifyInstance } from 'fastify';
import { watchDepartures } from '../../domain/public-listings/departures.js';
import type { PageCache } from './page-cache.js';

/**
 * Keeps this process's page cache in agreement with the database (docs/decisions.md §19): a
 * listing leaving the site is dropped with the pages showing it as soon as the database's notice
 * arrives; until the replica (when there is one) has replayed the departure, pages rendered from
 * it that still show the listing are served but not kept. While notices are not heard, the cache
 * is off. Stops when the application closes.
 */
export async function keepAgreeing(app: FastifyInstance, cache: PageCache): Promise<void> {
  if (!cache.enabled) return;
  const { db, readDb, metrics } = app.services;
  const departures = await watchDepartures(db, {
    message: (serviceId) => {
      metrics?.departure();
      const departure = cache.forget(serviceId);
      void readDb.caughtUp().then(() => cache.settle(departure));
    },
    up: () => cache.hearing(true),
    down: () => cache.hearing(false),
  });
  app.addHook('onClose', () => departures.close());
}
