import type { Database } from '../platform/db/database.js';
import type { JobRunner } from '../platform/jobs/runner.js';
import type { PeriodicJob } from '../platform/jobs/periodic.js';
import { jobQueueJobs } from '../platform/jobs/queue.js';
import { idempotencyJobs } from '../platform/idempotency/store.js';
import { requestLogJobs, type RequestLogWriter } from '../platform/request-log/request-log.js';
import { clientLimitJobs } from '../platform/throttling/address-limits.js';
import { quotaJobs, type QuotaGate } from '../domain/quotas/quota-gate.js';
import { syncJobs } from '../domain/sync/sessions.js';
import { eventJobs } from '../domain/events/outbox.js';
import { sessionJobs } from '../domain/sessions/session-store.js';
import { deliveryJobs } from '../domain/webhooks/deliveries.js';
import { relayJobs } from '../domain/relay/relay-index.js';
import { keywordIndexJobs } from '../domain/public-listings/keyword-index.js';
import { digestJobs } from '../domain/leads/digest.js';
import { retentionJobs } from '../domain/leads/retention.js';
import { alertJobs } from '../domain/alerts/alert-jobs.js';
import { audienceJobs } from '../domain/audience/report.js';
import { mailJobs } from '../platform/mail/retention.js';
import type { MailSite } from '../domain/mail/site.js';

export interface ScheduleDeps {
  db: Database;
  now: () => Date;
  requestLog: RequestLogWriter;
  /** Null when quotas are off (QUOTAS=0): nothing to purge. */
  quotas: QuotaGate | null;
  /** Where mails link to and come from (SITE_URL, MAIL_FROM). */
  config: MailSite;
}

/**
 * Every periodic job of the service: each capability says what it needs run and how often
 * (its `…Jobs`), this list only gathers them. A capability with a new periodic job adds it here.
 */
export function periodicJobs(deps: ScheduleDeps): PeriodicJob[] {
  return [
    ...requestLogJobs(deps.requestLog),
    ...idempotencyJobs(deps),
    ...(deps.quotas ? quotaJobs(deps.quotas) : []),
    ...syncJobs(deps),
    ...eventJobs(deps),
    ...clientLimitJobs(deps),
    ...sessionJobs(deps),
    ...jobQueueJobs(deps),
    ...deliveryJobs(deps),
    ...relayJobs(deps),
    ...keywordIndexJobs(deps),
    ...digestJobs(deps, deps.config),
    ...retentionJobs(deps),
    ...alertJobs(deps, deps.config),
    ...audienceJobs(deps),
    ...mailJobs(deps),
  ];
}

/** Registers each job's handler on the runner and schedules it (once per period across all processes). */
export function schedulePeriodicJobs(runner: JobRunner, jobs: readonly PeriodicJob[]): void {
  for (const job of jobs) {
    runner.register(job.name, job.run);
    runner.schedule(job.name, job.everyMs);
  }
}
