import type { Queryable } from '../../platform/db/database.js';
import { moderationMetrics, PUBLICATION_PROMISE_SECONDS } from '../listings/moderation-queue.js';
import { VERIFICATION_HOURS, verificationBacklog } from '../verification/verification.js';
import { deliveryBacklog, type DeliveryBacklog } from '../webhooks/deliveries.js';

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
  const [moderation, verification, webhooks] = await Promise.all([
    moderationMetrics(db, now),
    verificationBacklog(db, now),
    deliveryBacklog(db, now),
  ]);
  const since = (date: Date | null) => (date ? Math.max(0, Math.round((now.getTime() - date.getTime()) / 1000)) : null);
  const operator = moderation.operator;
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
    verification: {
      waiting: verification.total,
      overdue: verification.overdue,
      oldestWaitingSeconds: since(verification.oldestCreatedAt),
      promiseHours: VERIFICATION_HOURS,
    },
    webhooks,
  };
}
