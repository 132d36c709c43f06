import type { Database } from '../../platform/db/database.js';
import { changeCachedRows, type SharedCache } from '../../platform/db/shared-cache.js';
import { recordAudit } from '../audit/audit-log.js';
import { requeueAgencyInRelay } from '../relay/relay-index.js';
import { restoreAgencyKeywords } from '../public-listings/keyword-index.js';
import { notFound, type Outcome } from '../../platform/outcome.js';
import { findAgency, toAgency, type Agency, type AgencyRow } from './agency-store.js';

export const SUSPENSION_REASON_MAX = 1000;

/**
 * Suspends an agency: its keys are refused and its listings leave the public site (the
 * `public_listings` view leaves suspended agencies out). Nothing is deleted, so reinstating
 * brings both back. Cached keys carry the suspension, so every process forgets them.
 */
export async function suspendAgency(
  db: Database,
  keys: SharedCache,
  agencyId: string,
  reason: string,
  actor: string,
): Promise<Outcome<Agency>> {
  return setSuspension(db, keys, agencyId, actor, 'agency.suspend', reason);
}

export async function reinstateAgency(db: Database, keys: SharedCache, agencyId: string, actor: string): Promise<Outcome<Agency>> {
  return setSuspension(db, keys, agencyId, actor, 'agency.reinstate', null);
}

async function setSuspension(
  db: Database,
  keys: SharedCache,
  agencyId: string,
  actor: string,
  action: string,
  reason: string | null,
): Promise<Outcome<Agency>> {
  return changeCachedRows(db, keys, async (tx) => {
    const before = await findAgency(tx, agencyId);
    if (!before) return notFound('Agency');
    // Suspending twice keeps the first date; the reason is the latest one given.
    const { rows } = await tx.query<AgencyRow>(
      reason === null
        ? 'UPDATE agencies SET suspended_at = NULL, suspension_reason = NULL WHERE id = $1 RETURNING *'
        : 'UPDATE agencies SET suspended_at = coalesce(suspended_at, now()), suspension_reason = $2 WHERE id = $1 RETURNING *',
      reason === null ? [agencyId] : [agencyId, reason],
    );
    const after = toAgency(rows[0]!);
    const state = (agency: Agency) => ({ suspendedAt: agency.suspendedAt?.toISOString() ?? null, reason: agency.suspensionReason });
    await recordAudit(tx, { actor, action, targetType: 'agency', targetId: agencyId, before: state(before), after: state(after) });
    // Its listings leave (or come back to) the partner's copy too.
    await requeueAgencyInRelay(tx, agencyId);
    // Back on the site, its listings are found by keyword again.
    if (reason === null) await restoreAgencyKeywords(tx, agencyId);
    return { ok: true, value: after };
  });
}
