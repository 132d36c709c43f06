import type { Database, Queryable } from '../../platform/db/database.js';
import { changeCachedRows, type SharedCache } from '../../platform/db/shared-cache.js';
import { findAgency, markVerified, toAgency, type Agency, type AgencyRow } from '../agencies/agency-store.js';
import { normaliseSiren } from '../agencies/siren.js';
import { createKey } from '../keys/key-store.js';
import { recordAudit } from '../audit/audit-log.js';
import { notFound, refuse, type Outcome } from '../../platform/outcome.js';

/** Spec part 1 rule 7: the business registration is checked within 48 hours of sign-up. */
export const VERIFICATION_HOURS = 48;
export const REFUSAL_REASON_MAX = 1000;

export type SirenCheck = 'valid' | 'invalid' | 'missing';

export interface AwaitingVerification {
  agency: Agency;
  deadline: Date;
  /** Negative once the deadline has passed. */
  secondsLeft: number;
  overdue: boolean;
  siren: SirenCheck;
}

export function sirenCheck(siren: string | null): SirenCheck {
  if (!siren) return 'missing';
  return normaliseSiren(siren) ? 'valid' : 'invalid';
}

export function verificationDeadline(createdAt: Date): Date {
  return new Date(createdAt.getTime() + VERIFICATION_HOURS * 3_600_000);
}

/** Which agencies await their check: not verified yet, and not refused (one definition for the queue and the health figures). */
const AWAITING = 'NOT verified AND verification_refused_at IS NULL';

/** How many agencies await their check, how many are past the 48 hours, and since when the oldest waits. */
export async function verificationBacklog(
  db: Queryable,
  now: Date,
): Promise<{ total: number; overdue: number; oldestCreatedAt: Date | null }> {
  const overdueSince = new Date(now.getTime() - VERIFICATION_HOURS * 3_600_000).toISOString();
  const { rows } = await db.query<{ total: number; overdue: number; oldest: Date | null }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE created_at < $1)::int AS overdue, min(created_at) AS oldest FROM agencies WHERE ${AWAITING}`,
    [overdueSince],
  );
  return { total: rows[0]?.total ?? 0, overdue: rows[0]?.overdue ?? 0, oldestCreatedAt: rows[0]?.oldest ?? null };
}

/** Agencies awaiting their check, oldest first, with the time left on the 48 hours. */
export async function awaitingVerification(
  db: Queryable,
  now: Date,
  limit = 200,
): Promise<{ items: AwaitingVerification[]; total: number; overdue: number }> {
  const [page, backlog] = await Promise.all([
    db.query<AgencyRow>(`SELECT * FROM agencies WHERE ${AWAITING} ORDER BY created_at, id LIMIT $1`, [limit]),
    verificationBacklog(db, now),
  ]);
  const items = page.rows.map((row) => {
    const agency = toAgency(row);
    const deadline = verificationDeadline(agency.createdAt);
    const secondsLeft = Math.round((deadline.getTime() - now.getTime()) / 1000);
    return { agency, deadline, secondsLeft, overdue: secondsLeft < 0, siren: sirenCheck(agency.siren) };
  });
  return { items, total: backlog.total, overdue: backlog.overdue };
}

export interface Verified {
  agency: Agency;
  /**
   * The first LIVE key, when the caller asked for one (`issueLiveKey`) and this was the first
   * verification; null when the agency already was verified, or is suspended (it makes its
   * LIVE key in the pro space once reinstated).
   */
  liveKey: { id: string; key: string } | null;
}

/**
 * Verifies the agency's registration: LIVE keys become possible. A key's value is shown once,
 * to whoever creates it, so a first LIVE key is issued only for a caller that shows it
 * (`issueLiveKey`: the operator API answers it, for the operator to hand over); the back-office
 * issues none, and the agency generates its LIVE key in the pro space (docs/site-and-spaces.md).
 * Cached keys carry the verified flag, so every process forgets them.
 */
export async function verifyAgency(
  db: Database,
  keys: SharedCache,
  agencyId: string,
  actor: string,
  options: { issueLiveKey: boolean },
): Promise<Outcome<Verified>> {
  return changeCachedRows(db, keys, async (tx) => {
    const before = await findAgency(tx, agencyId);
    if (!before) return notFound('Agency');
    const first = await markVerified(tx, agencyId);
    if (!first) return { ok: true, value: { agency: before, liveKey: null } };
    const live = options.issueLiveKey ? await createKey(tx, { agencyId, env: 'live', name: 'Default live key' }) : null;
    const after = (await findAgency(tx, agencyId))!;
    await recordAudit(tx, {
      actor,
      action: 'agency.verify',
      targetType: 'agency',
      targetId: agencyId,
      before: verificationState(before),
      after: verificationState(after),
    });
    return { ok: true, value: { agency: after, liveKey: live?.ok ? { id: live.value.record.id, key: live.value.key } : null } };
  });
}

/** Refuses the registration with a reason the agency reads in its pro space; it stays unverified. */
export async function refuseVerification(db: Database, agencyId: string, reason: string, actor: string): Promise<Outcome<Agency>> {
  return db.transaction(async (tx) => {
    const before = await findAgency(tx, agencyId);
    if (!before) return notFound('Agency');
    if (before.verified) return refuse('conflict', `Agency ${agencyId} is already verified; suspend it instead if it must stop`);
    const { rows } = await tx.query<AgencyRow>(
      `UPDATE agencies SET verification_refused_at = now(), verification_refusal_reason = $2 WHERE id = $1 RETURNING *`,
      [agencyId, reason],
    );
    const after = toAgency(rows[0]!);
    await recordAudit(tx, {
      actor,
      action: 'agency.refuse_verification',
      targetType: 'agency',
      targetId: agencyId,
      before: verificationState(before),
      after: verificationState(after),
    });
    return { ok: true, value: after };
  });
}

const verificationState = (agency: Agency) => ({
  verified: agency.verified,
  verifiedAt: agency.verifiedAt?.toISOString() ?? null,
  refusedAt: agency.verificationRefusedAt?.toISOString() ?? null,
  refusalReason: agency.verificationRefusalReason,
});
