import type { Queryable } from '../../platform/db/database.js';
import { OUTBOX_CURSORS, type OutboxCursors } from './cursors.js';
import { unreadEvents } from './follower.js';

/** How far one follower of the outbox is behind the clock (follower.ts). */
export interface OutboxLag {
  consumer: string;
  /** Events after its cursors, summed over its scopes, counted up to 100,000. */
  events: number;
  /** Age of the oldest of them (0: none is unread). */
  seconds: number;
}

const COUNTED_UP_TO = 100_000;

/** Each follower's lag, in one statement: the metrics read it at each scrape, so every process reports the same figures. */
export async function outboxLag(
  db: Queryable,
  now: Date,
  followers: readonly OutboxCursors[] = Object.values(OUTBOX_CURSORS),
): Promise<OutboxLag[]> {
  const lagOf = (cursors: OutboxCursors, rank: number) =>
    `(WITH behind AS (${cursors.scopes(null)})
      SELECT ${rank} AS rank,
        (SELECT count(*) FROM (SELECT 1 FROM behind sc CROSS JOIN LATERAL (SELECT 1 ${unreadEvents('sc')} LIMIT $1) ev LIMIT $1) unread)::int AS events,
        (SELECT min(ev.at) FROM behind sc CROSS JOIN LATERAL (SELECT at ${unreadEvents('sc')} ORDER BY position LIMIT 1) ev) AS oldest)`;
  const { rows } = await db.query<{ rank: number; events: number; oldest: Date | string | null }>(
    `${followers.map(lagOf).join(' UNION ALL ')} ORDER BY rank`,
    [COUNTED_UP_TO],
  );
  return rows.map((row) => ({
    consumer: followers[row.rank]!.name,
    events: row.events,
    seconds: row.oldest === null ? 0 : Math.max(0, (now.getTime() - new Date(row.oldest).getTime()) / 1000),
  }));
}
