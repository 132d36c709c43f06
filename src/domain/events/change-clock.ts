import type { Queryable } from '../../platform/db/database.js';
import type { AgencyEnv } from '../tenant.js';

/**
 * The events' clock (docs/decisions.md §9): every agency environment counts its changes in
 * `listing_sequences.last_seq`, and every event of a change takes a position derived from
 * the change's number. Writers advance the clock under its row lock, so numbers (and so
 * positions) commit in increasing order; readers (webhook fan-out, the relay index, the
 * operator's event list) page by position and never skip a committed event.
 */

/** Room for a change's events: a change has at most 4, so ranks 0 to 7 leave slack. */
const POSITIONS_PER_CHANGE = 8;

/** An event's place in its agency's order: the change's sequence number, then its rank among the change's events. */
export const eventPosition = (changeSeq: number, rank: number) => changeSeq * POSITIONS_PER_CHANGE + rank;

/** The last position change `changeSeq` can hold: a reader at the clock's value has read everything up to here. */
export const lastPositionOf = (changeSeq: number) => eventPosition(changeSeq, POSITIONS_PER_CHANGE - 1);

/** `eventPosition` in SQL, for statements that take their change's number from the clock themselves. */
export const eventPositionSql = (changeSeq: string, rank: string) => `(${changeSeq} * ${POSITIONS_PER_CHANGE} + ${rank})`;

/** `lastPositionOf` in SQL, for statements that read the counter column (`s.last_seq`) themselves. */
export const lastPositionSql = (lastSeqColumn: string) => `(${lastSeqColumn} * ${POSITIONS_PER_CHANGE} + ${POSITIONS_PER_CHANGE - 1})`;

/**
 * The clock statement as a CTE named `clock` with the column `last_seq` (the value before
 * this reservation), taking $1 agency, $2 env, $3 how many numbers to reserve. A caller that
 * needs more from the same round trip (the listing write reads the agency's sharing defaults)
 * selects from it; everyone else calls `advanceClock`.
 */
// One statement creates the counter row if needed and locks it (ON CONFLICT DO UPDATE takes the row lock).
export const CLOCK_CTE = `clock AS (
   INSERT INTO listing_sequences (agency_id, env, last_seq) VALUES ($1, $2, $3)
   ON CONFLICT (agency_id, env) DO UPDATE SET last_seq = listing_sequences.last_seq + $3
   RETURNING last_seq - $3 AS last_seq)`;

/**
 * Takes the scope's clock lock for the rest of the transaction and reserves `reserve` change
 * numbers after the returned one (the numbers are last+1 … last+reserve). Every change of an
 * agency's listings or events goes through here, so they are serialised per agency. Numbers
 * reserved but not used (unchanged listings) are simply skipped: readers page by "after",
 * never by count. With `reserve` 0 it only waits for writes in progress and reads the clock.
 */
export async function advanceClock(tx: Queryable, scope: AgencyEnv, reserve: number): Promise<number> {
  const { rows } = await tx.query<{ last_seq: number }>(`WITH ${CLOCK_CTE} SELECT last_seq FROM clock`, [
    scope.agencyId,
    scope.env,
    reserve,
  ]);
  return rows[0]!.last_seq;
}
