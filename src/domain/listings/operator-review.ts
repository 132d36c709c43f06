import type { Database, Queryable } from '../../platform/db/database.js';
import { recordAudit } from '../audit/audit-log.js';
import { versionDiff, type VersionDiff } from '../moderation/version-diff.js';
import { decideListing, type DecisionKind } from './decisions.js';
import { moderationQueueSummary, queueCursorAfter, reviewedListing, type QueuedListing } from './moderation-queue.js';

export interface OperatorReview {
  item: QueuedListing;
  /** What changed since the approved (public) version, when there is one. */
  diff: VersionDiff | null;
  /** The next listing in the queue after this one, for the "next" shortcut. */
  nextId: string | null;
}

/** A flagged listing as an operator reviews it (docs/decisions.md §11), or null when it is not (or no longer) there. */
export async function operatorReview(db: Queryable, serviceId: string): Promise<OperatorReview | null> {
  const item = await reviewedListing(db, serviceId);
  if (!item) return null;
  const after = await moderationQueueSummary(db, { limit: 1, after: queueCursorAfter(item.listing) });
  return {
    item,
    diff: item.published ? versionDiff(item.published.content, item.listing.content) : null,
    nextId: after.items[0]?.serviceId ?? null,
  };
}

export type OperatorDecisionOutcome =
  /** Decided: the queue's first listing to review next, if any. */
  | { ok: true; nextId: string | null }
  /** A refusal without a reason: nothing decided. */
  | { ok: false; why: 'reason_missing' }
  /** The listing changed since the operator opened it: nothing decided, the refusal audited. */
  | { ok: false; why: 'changed' }
  /** Deleted, unknown or sandbox: nothing decided. */
  | { ok: false; why: 'gone' };

/**
 * An operator's decision on the version they reviewed (docs/decisions.md §10, §11), through the
 * capability the operator API uses, with the operator as the audit log's actor.
 */
export async function decideAsOperator(
  db: Database,
  serviceId: string,
  input: { decision: DecisionKind; reviewedVersion: number; reason: string | undefined; operatorId: string },
  now: Date,
): Promise<OperatorDecisionOutcome> {
  const { decision, reviewedVersion, reason, operatorId } = input;
  if (decision === 'reject' && !reason) return { ok: false, why: 'reason_missing' };
  const decided = await decideListing(
    db,
    serviceId,
    { decision, reason, expectedVersion: reviewedVersion, by: 'operator', actor: operatorId },
    now,
  );
  if (!decided.ok && decided.code === 'conflict') {
    await recordAudit(db, {
      actor: operatorId,
      action: 'listing.decision_refused',
      targetType: 'listing',
      targetId: serviceId,
      before: { reviewedVersion },
      after: { reason: 'changed since reviewed' },
    });
    return { ok: false, why: 'changed' };
  }
  if (!decided.ok) return { ok: false, why: 'gone' };
  const next = await moderationQueueSummary(db, { limit: 1 });
  return { ok: true, nextId: next.items[0]?.serviceId ?? null };
}
