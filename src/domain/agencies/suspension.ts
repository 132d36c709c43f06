import type { Database } from '../../platform/db/database.js';
import { recordAudit } from '../audit/audit-log.js';
import { requeueAgencyInRelay } from '../relay/relay-index.js';
import { notFound, type Outcome } from '../../platform/outcome.js';
import { findAgency, toAgency, type Agency, type AgencyRow } from './agency-store.js';

export const SUSPENSION_REASON_MAX = 1000;

/**
 * Suspends an agency: its keys are refused and its listings leave the public site (the
 * `public_listings` view leaves suspended agencies out). Nothing is deleted, so reinstating
 * brings both back. Callers must also drop cached keys on every process.
 */
export async function suspendAgency(db: Database, agencyId: string, reason: string, actor: string): Promise<Outcome<Agency>> {
  return setSuspension(db, agencyId, actor, 'agency.suspend', reason);
}

export async function reinstateAgency(db: Database, agencyId: string, actor: string): Promise<Outcome<Agency>> {
  return setSuspension(db, agencyId, actor, 'agency.reinstate', null);
}

async function setSuspension(db: Database, agencyId: string, actor: string, action: string, reason: string | null): Promise<Outcome<Agency>> {
  return db.transaction(async (tx) => {
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
    return { ok: true, value: after };
  });
}
