import pg from 'pg';
import type { BenchServer } from './lib.js';
import { sendDueAlertMails } from '../src/domain/alerts/dispatch.js';
import type { SearchFilters } from '../src/domain/public-listings/model.js';
import {
  SAVED_SEARCH_COLUMNS,
  savedSearchKey,
  savedSearchParams,
  savedSearchValuesSql,
} from '../src/domain/public-listings/saved-search.js';
import { searchPath } from '../src/edge/site/search-query.js';
import { alertLabel } from '../src/edge/site/alerts/alert-search.js';
import { openDatabase } from '../src/platform/db/open.js';
import { loadConfig } from '../src/platform/config.js';

/** The backlog's recipients: one address per alert, apart from the visitors' and the agency's. */
export const BACKLOG_DOMAIN = '@alertes.example';

/**
 * Queues `count` immediate alert mails about `serviceId`, the lower-priority mail a burst of
 * contacts must overtake: `count` confirmed immediate alerts on one search (written as the form
 * and its confirmation would, as bench/alerts.ts does), each with the listing waiting as the
 * matcher leaves it, then their mails written by the service's own code (`sendDueAlertMails`,
 * what the worker's `alerts.match` job runs). So the mails are made, and ranked, exactly as
 * production makes alert mails, whatever priority the service gives them.
 * Returns when they are all written.
 */
export async function queueAlertBacklog(server: BenchServer, db: pg.Client, serviceId: string, count: number): Promise<number> {
  const filters: SearchFilters = { transaction: 'sale' };
  const key = savedSearchKey(filters);
  const now = new Date();
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO alert_searches (criteria, criteria_key, path, label, created_at, ${SAVED_SEARCH_COLUMNS})
     VALUES ($1::jsonb, $2, $3, $4, $5, ${savedSearchValuesSql(6)}) RETURNING id`,
    [key, key, searchPath(filters), alertLabel(filters), now, ...savedSearchParams(filters)],
  );
  const searchId = rows[0]!.id;
  await db.query(
    `INSERT INTO alerts (email, search_id, frequency, created_at, confirmed_at)
     SELECT 'abonne-' || i || '${BACKLOG_DOMAIN}', $1, 'immediate', $2, $2 FROM generate_series(1, $3::int) AS i`,
    [searchId, now, count],
  );
  await db.query(
    `INSERT INTO alert_pending (alert_id, listing_ids, due_day, found_at) SELECT id, ARRAY[$2::text], NULL, $3 FROM alerts WHERE search_id = $1`,
    [searchId, serviceId, now],
  );
  const config = loadConfig({ SITE_URL: server.url });
  const database = await openDatabase({ databaseUrl: server.databaseUrl!, dataDir: null, poolSize: 2 });
  try {
    await sendDueAlertMails(database, { kind: 'immediate' }, new Date(), { siteUrl: config.siteUrl, mailFrom: config.mailFrom });
  } finally {
    await database.close();
  }
  // The worker's own alerts.match job may have taken some meanwhile: their mails are committed with their rows' removal.
  for (;;) {
    const { rows: left } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM alert_pending p JOIN alerts a ON a.id = p.alert_id WHERE a.search_id = $1`,
      [searchId],
    );
    if (left[0]!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { rows: written } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mails WHERE to_address LIKE $1`, [
    `%${BACKLOG_DOMAIN}`,
  ]);
  return written[0]!.n;
}
