import type { Database, Queryable } from '../../platform/db/database.js';
import { appendEvents } from '../events/outbox.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Listing, ModerationReason } from '../listing-model/model.js';
import { notFound, refuse, type Outcome } from '../../platform/outcome.js';
import { changeEvents } from './change-events.js';
import { eventFacts } from './single-writes.js';
import type { AgencyEnv } from '../tenant.js';
import { findListing, LISTING_COLUMNS, toListing, type ListingRow } from './store.js';
import { lockScope, recordWrites } from './write-steps.js';

export type DecisionKind = 'approve' | 'reject';

export interface ModerationDecision {
  decision: DecisionKind;
  /** Shown to the agency with a rejection (or kept with an approval). */
  reason?: string;
  /** The version the decider saw: a listing changed since is refused, never decided unseen. */
  expectedVersion?: number;
  by: 'operator' | 'sandbox';
  /** An operator's decision is written to the audit log under this actor (operator id or the API token). */
  actor?: string;
}

const operatorReason = (decision: DecisionKind, text: string | undefined, by: ModerationDecision['by']): ModerationReason => ({
  code: by === 'operator' ? 'operator' : 'sandbox_operator',
  severity: decision === 'reject' ? 'reject' : 'note',
  params: text ? { decision, text } : { decision },
});

/**
 * An operator's (or, in the sandbox, a TEST key's) decision on a listing's latest version
 * (docs/decisions.md §10, §11). Approving publishes that version; rejecting refuses it, and takes the
 * listing off the site only if this version was the public one (an older approved version
 * stays public while its edit is refused). Not a content change: the version stays, the
 * change sequence moves so reconciliation sees the new moderation.
 */
export async function decideListing(
  db: Database,
  serviceId: string,
  decision: ModerationDecision,
  now: Date,
  scope?: AgencyEnv,
): Promise<Outcome<Listing>> {
  const result = await db.transaction(async (tx): Promise<Outcome<Listing>> => {
    const owner = await ownerOf(tx, serviceId);
    if (!owner || (scope && (owner.agencyId !== scope.agencyId || owner.env !== scope.env))) return notFound('Listing');
    if (!scope && owner.env === 'test') {
      return refuse(
        'not_found',
        `Listing ${serviceId} is a sandbox listing: sandbox listings are decided with a TEST key at /sandbox/v1/listings/${serviceId}/moderation`,
      );
    }
    const locked = await lockScope(tx, owner, 1);
    const current = await findListing(tx, owner, { serviceId });
    if (!current) return notFound('Listing');
    if (decision.expectedVersion !== undefined && decision.expectedVersion !== current.version) {
      return refuse(
        'conflict',
        `Listing ${serviceId} changed since version ${decision.expectedVersion} was reviewed: version ${current.version} is current; review it again`,
      );
    }
    const approve = decision.decision === 'approve';
    if (approve && current.moderationState === 'approved' && current.publishedVersion === current.version)
      return { ok: true, value: current };
    if (!approve && current.moderationState === 'rejected' && !decision.reason) return { ok: true, value: current };
    const kept = current.moderationReasons.filter((reason) => reason.code !== 'operator' && reason.code !== 'sandbox_operator');
    const reasons = [
      ...(approve ? kept.filter((reason) => reason.severity === 'note') : kept),
      operatorReason(decision.decision, decision.reason, decision.by),
    ];
    const seq = locked.lastSeq + 1;
    const { rows } = await tx.query<ListingRow>(
      approve
        ? `UPDATE listings SET moderation_state = 'approved', moderation_reasons = $2, decided_at = $3, change_seq = $4,
             published_version = version, published_content = NULL, published_title = NULL, published_description = NULL,
             first_published_at = coalesce(first_published_at, $3)
           WHERE id = $1 RETURNING ${LISTING_COLUMNS}`
        : `UPDATE listings SET moderation_state = 'rejected', moderation_reasons = $2, decided_at = $3, change_seq = $4,
             published_version = CASE WHEN published_version = version THEN NULL ELSE published_version END
           WHERE id = $1 RETURNING ${LISTING_COLUMNS}`,
      [serviceId, JSON.stringify(reasons), now.toISOString(), seq],
    );
    const decided = toListing(rows[0]!);
    const waitedMs = Math.max(0, now.getTime() - current.updatedAt.getTime());
    await appendEvents(
      tx,
      owner,
      changeEvents({ ...eventFacts(decided), kind: 'decided', decision: { by: decision.by, waitedMs } }, seq),
      now,
    );
    if (decision.actor) {
      const state = (listing: Listing) => ({
        version: listing.version,
        state: listing.moderationState,
        publishedVersion: listing.publishedVersion,
      });
      await recordAudit(tx, {
        actor: decision.actor,
        action: `listing.${decision.decision}`,
        targetType: 'listing',
        targetId: serviceId,
        before: state(current),
        after: { ...state(decided), ...(decision.reason ? { reason: decision.reason } : {}) },
      });
    }
    return { ok: true, value: decided };
  });
  if (result.ok) recordWrites(db, 1);
  return result;
}

async function ownerOf(tx: Queryable, serviceId: string): Promise<AgencyEnv | null> {
  const { rows } = await tx.query<{ agency_id: string; env: 'live' | 'test' }>(
    'SELECT agency_id, env FROM listings WHERE id = $1 AND deleted_at IS NULL',
    [serviceId],
  );
  return rows[0] ? { agencyId: rows[0].agency_id, env: rows[0].env } : null;
}
