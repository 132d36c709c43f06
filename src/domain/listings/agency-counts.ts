import type { Queryable } from '../../platform/db/database.js';

/** An agency's LIVE listings (deleted ones left out), and how many of them wait for an operator. */
export async function liveListingCounts(db: Queryable, agencyId: string): Promise<{ listings: number; pending: number }> {
  const { rows } = await db.query<{ listings: number; pending: number }>(
    `SELECT count(*)::int AS listings, count(*) FILTER (WHERE moderation_state = 'pending')::int AS pending
       FROM listings WHERE agency_id = $1 AND env = 'live' AND deleted_at IS NULL`,
    [agencyId],
  );
  return { listings: rows[0]?.listings ?? 0, pending: rows[0]?.pending ?? 0 };
}
