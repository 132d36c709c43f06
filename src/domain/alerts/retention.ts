import type { Queryable } from '../../platform/db/database.js';
import { CONFIRMATION_MS } from './alert-model.js';
import { CONFIRM_LINK_KEPT_DAYS, MANAGE_LINK_DAYS } from './alert-links.js';

const DAY_MS = 24 * 3_600_000;

/**
 * What alerts keep, and for how long (docs/decisions.md §18): an alert never confirmed is deleted
 * after 7 days; links are dropped once no page would open them (confirmation links a few weeks
 * after they expired, so an old one still says "expired"); searches no alert uses any more go.
 */
export async function purgeAlerts(db: Queryable, now: Date): Promise<{ unconfirmed: number }> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM alerts WHERE confirmed_at IS NULL AND created_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    [new Date(now.getTime() - CONFIRMATION_MS)],
  );
  await db.query(`DELETE FROM alert_links WHERE (kind = 'confirm' AND created_at < $1) OR created_at < $2`, [
    new Date(now.getTime() - CONFIRM_LINK_KEPT_DAYS * DAY_MS),
    new Date(now.getTime() - MANAGE_LINK_DAYS * DAY_MS),
  ]);
  // A search being given a new alert is locked by that request (request.ts): skipped, not deleted under it.
  await db.query(
    `DELETE FROM alert_searches WHERE id IN (
       SELECT s.id FROM alert_searches s WHERE NOT EXISTS (SELECT 1 FROM alerts a WHERE a.search_id = s.id) FOR UPDATE SKIP LOCKED)`,
  );
  return { unconfirmed: rows[0]!.n };
}
