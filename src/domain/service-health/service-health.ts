import type { Queryable } from '../../platform/db/database.js';
import { moderationMetrics } from '../listings/moderation-queue.js';
import { VERIFICATION_HOURS } from '../verification/verification.js';
import { deliveryBacklog, type DeliveryBacklog } from '../webhooks/deliveries.js';

/** The spec's promise (part 1 rule 4): publication in 2 hours on average. */
export const PUBLICATION_PROMISE_SECONDS = 2 * 3600;

export interface ServiceHealth {
  moderation: {
    windowDays: number;
    /** Versions that waited for an operator: the promise is about them. */
    decisions: number;
    p50Seconds: number | null;
    p95Seconds: number | null;
    meanSeconds: number | null;
    promiseSeconds: number;
    /** Mean time to a decision within the promise (null without decisions). */
    keptPromise: boolean | null;
    queueLength: number;
    oldestWaitingSeconds: number | null;
  };
  verification: { waiting: number; overdue: number; oldestWaitingSeconds: number | null; promiseHours: number };
  webhooks: DeliveryBacklog;
}

/** What operators watch: moderation delays against the 2-hour promise, and verifications against the 48 hours. */
export async function serviceHealth(db: Queryable, now: Date): Promise<ServiceHealth> {
  const overdueSince = new Date(now.getTime() - VERIFICATION_HOURS * 3_600_000).toISOString();
  const [moderation, verification, webhooks] = await Promise.all([
    moderationMetrics(db, now),
    db.query<{ waiting: number; overdue: number; oldest: Date | null }>(
      `SELECT count(*)::int AS waiting, count(*) FILTER (WHERE created_at < $1)::int AS overdue, min(created_at) AS oldest
       FROM agencies WHERE NOT verified AND verification_refused_at IS NULL`,
      [overdueSince],
    ),
    deliveryBacklog(db, now),
  ]);
  const since = (date: Date | null) => (date ? Math.max(0, Math.round((now.getTime() - date.getTime()) / 1000)) : null);
  const operator = moderation.operator;
  const row = verification.rows[0];
  return {
    moderation: {
      windowDays: moderation.windowDays,
      decisions: operator.decisions,
      p50Seconds: operator.p50Seconds,
      p95Seconds: operator.p95Seconds,
      meanSeconds: operator.meanSeconds,
      promiseSeconds: PUBLICATION_PROMISE_SECONDS,
      keptPromise: operator.meanSeconds === null ? null : operator.meanSeconds <= PUBLICATION_PROMISE_SECONDS,
      queueLength: moderation.queue.length,
      oldestWaitingSeconds: since(moderation.queue.oldestSubmittedAt),
    },
    verification: { waiting: row?.waiting ?? 0, overdue: row?.overdue ?? 0, oldestWaitingSeconds: since(row?.oldest ?? null), promiseHours: VERIFICATION_HOURS },
    webhooks,
  };
}
