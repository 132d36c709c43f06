import type { Queryable } from '../../platform/db/database.js';
import { contentHash } from '../listing-model/content-hash.js';
import { listingContent } from '../listing-model/content.js';
import type { CommercialStatus, ModerationState } from '../listing-model/model.js';
import { appendEvents } from '../events/outbox.js';
import { changeEvents } from '../listings/change-events.js';
import { advanceClock } from '../events/change-clock.js';
import type { AgencyEnv } from '../tenant.js';

/**
 * The commercial statuses of a listing on the market. A full sync withdraws only these:
 * a listing already sold, rented or withdrawn is off the market, and a nightly export of
 * "all active listings" (the recommended nightly push, docs/integrator-kit.md) leaving it out says nothing new about it.
 */
export const ON_MARKET: readonly CommercialStatus[] = ['active', 'under_offer', 'paused'];

/** The share of the listings on the market a session may withdraw without `force`. */
export const WITHDRAW_CAP = 0.2;

export interface WithdrawPlan {
  onMarket: number;
  unseen: number;
}

/** Rows updated per statement: bounds the parameters and the contents held in memory at once. */
const CHUNK = 1000;

/**
 * Takes the agency's listing lock (as every listing write does) and counts the listings on
 * the market and those of them the session did not name. Must run inside the transaction
 * that then withdraws them, so no write of the agency slips in between.
 */
export async function planWithdrawal(tx: Queryable, scope: AgencyEnv, syncId: string): Promise<WithdrawPlan> {
  await advanceClock(tx, scope, 0);
  const { rows } = await tx.query<{ on_market: number; unseen: number }>(
    `SELECT count(*)::int AS on_market,
            count(*) FILTER (WHERE NOT EXISTS (
              SELECT 1 FROM sync_session_seen s WHERE s.sync_id = $3 AND s.external_id = l.external_id))::int AS unseen
     FROM listings l
     WHERE l.agency_id = $1 AND l.env = $2 AND l.deleted_at IS NULL AND l.status = ANY($4::text[])`,
    [scope.agencyId, scope.env, syncId, ON_MARKET],
  );
  return { onMarket: rows[0]!.on_market, unseen: rows[0]!.unseen };
}

/**
 * Withdraws the listings on the market that the session did not name, as status changes:
 * each gets status `withdrawn`, a new version, a new change sequence number (so
 * `agencyListings` readers see it) and a new content hash. Runs after `planWithdrawal`
 * in the same transaction, under the lock it took. Returns the number withdrawn.
 */
export async function withdrawUnseen(tx: Queryable, scope: AgencyEnv, syncId: string, count: number, now: Date): Promise<number> {
  if (count === 0) return 0;
  // Reserves one sequence number per withdrawal after the agency's last one (the lock is already held).
  const lastSeq = await advanceClock(tx, scope, count);
  const { rows: unseen } = await tx.query<{ id: string }>(
    `SELECT l.id FROM listings l
     WHERE l.agency_id = $1 AND l.env = $2 AND l.deleted_at IS NULL AND l.status = ANY($4::text[])
       AND NOT EXISTS (SELECT 1 FROM sync_session_seen s WHERE s.sync_id = $3 AND s.external_id = l.external_id)
     ORDER BY l.id`,
    [scope.agencyId, scope.env, syncId, ON_MARKET],
  );
  let seq = lastSeq;
  let withdrawn = 0;
  for (let start = 0; start < unseen.length; start += CHUNK) {
    const ids = unseen.slice(start, start + CHUNK).map((row) => row.id);
    const { rows } = await tx.query<{
      id: string;
      external_id: string;
      content: Record<string, unknown>;
      status: CommercialStatus;
      moderation_state: ModerationState;
      version: number;
    }>('SELECT id, external_id, content, status, moderation_state, version FROM listings WHERE id = ANY($1::text[]) ORDER BY id', [ids]);
    const hashes = rows.map((row) => contentHash(listingContent.read(row.content), 'withdrawn'));
    const seqs = rows.map(() => ++seq);
    const result = await tx.query(
      // A status change alone never waits for moderation: when the latest version was the public one, the new one is.
      `UPDATE listings l SET status = 'withdrawn', content_hash = w.hash, version = l.version + 1, change_seq = w.seq, updated_at = $4,
         published_version = CASE WHEN l.published_version = l.version THEN l.version + 1 ELSE l.published_version END
       FROM unnest($1::text[], $2::text[], $3::bigint[]) AS w(id, hash, seq)
       WHERE l.id = w.id`,
      [rows.map((row) => row.id), hashes, seqs, now.toISOString()],
    );
    withdrawn += result.rowCount ?? rows.length;
    // Each withdrawal is a status change like any other: its event goes to the outbox in this transaction.
    const events = rows.flatMap((row, i) =>
      changeEvents(
        {
          kind: 'status_changed',
          agencyId: scope.agencyId,
          env: scope.env,
          serviceId: row.id,
          externalId: row.external_id,
          version: row.version + 1,
          status: 'withdrawn',
          previousStatus: row.status,
          moderationState: row.moderation_state,
          reasons: [],
        },
        seqs[i]!,
      ),
    );
    await appendEvents(tx, scope, events, now);
  }
  return withdrawn;
}
