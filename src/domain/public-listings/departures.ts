import type { Database } from '../../platform/db/database.js';
import { listenSteadily, type SteadyListenHandlers } from '../../platform/db/steady-listen.js';

/**
 * NOTIFY channel on which the database itself announces each listing leaving the public site
 * (docs/decisions.md §19): deleted, sold, withdrawn, paused, its public version rejected, its
 * agency suspended. Triggers send it (migration 140), in the transaction of the change, so every
 * way a listing leaves is covered, whichever capability wrote it, and a rolled-back change
 * announces nothing. The payload is the listing's serviceId, or ALL_LISTINGS when an agency is
 * suspended (its listings leave together).
 */
export const DEPARTURES_CHANNEL = 'listing_sync_departures';

/** The payload meaning "any listing may have left". */
export const ALL_LISTINGS = '*';

/** Hears departures for as long as it is open, reconnecting after a lost connection (see listenSteadily). */
export function watchDepartures(db: Database, handlers: SteadyListenHandlers): Promise<{ close(): Promise<void> }> {
  return listenSteadily(db, DEPARTURES_CHANNEL, handlers);
}
