import type { Database } from '../platform/db/database.js';
import type { ReadDatabase } from '../platform/db/read-database.js';
import type { JobRunner } from '../platform/jobs/runner.js';
import type { PeriodicJob } from '../platform/jobs/periodic.js';
import type { BackgroundTask } from '../platform/jobs/background.js';
import { everyTask } from '../platform/jobs/background.js';
import { registerMailSender } from '../platform/mail/sender.js';
import type { OutageLog } from '../platform/mail/outage.js';
import type { MailTransport } from '../platform/mail/transport.js';
import type { WebhookDispatcher } from '../domain/webhooks/dispatcher.js';
import type { AudienceCounter } from '../domain/audience/counter.js';
import { jobQueueJobs } from '../platform/jobs/queue.js';
import { idempotencyJobs } from '../platform/idempotency/store.js';
import { requestLogJobs, type RequestLogWriter } from '../platform/request-log/request-log.js';
import { clientLimitJobs } from '../platform/throttling/address-limits.js';
import { quotaJobs, type QuotaGate } from '../domain/quotas/quota-gate.js';
import { syncJobs } from '../domain/sync/sessions.js';
import { eventJobs } from '../domain/events/outbox.js';
import { sessionJobs } from '../domain/sessions/session-store.js';
import { accountSecurityJobs } from '../domain/account-security/jobs.js';
import { deliveryJobs } from '../domain/webhooks/deliveries.js';
import { relayJobs } from '../domain/relay/relay-index.js';
import { keywordIndexJobs } from '../domain/public-listings/keyword-index.js';
import { digestJobs } from '../domain/leads/digest.js';
import { retentionJobs } from '../domain/leads/retention.js';
import { alertJobs } from '../domain/alerts/alert-jobs.js';
import { audienceJobs } from '../domain/audience/report.js';
import { mailJobs } from '../platform/mail/retention.js';
import type { MailSite } from '../domain/mail/site.js';
import { placeBackfillJobs } from '../domain/listings/place-backfill.js';
import { PULL_JOB, pullJobHandler, pullJobs } from '../domain/poliris/pull.js';
import { PASSWORD_RESET_JOB, passwordResetJobHandler } from '../domain/account-security/password-reset.js';

export interface ScheduleDeps {
  db: Database;
  now: () => Date;
  requestLog: RequestLogWriter;
  /** Null when quotas are off (QUOTAS=0): nothing to purge. */
  quotas: QuotaGate | null;
  /** Where mails link to and come from (SITE_URL, MAIL_FROM); whether calls out may reach private addresses. */
  config: MailSite & { webhooks: { allowPrivate: boolean } };
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
    ...accountSecurityJobs(deps),
    ...jobQueueJobs(deps),
    ...deliveryJobs(deps),
    ...relayJobs(deps),
    ...keywordIndexJobs(deps),
    ...digestJobs(deps, deps.config),
    ...retentionJobs(deps),
    ...alertJobs(deps, deps.config),
    ...audienceJobs(deps),
    ...mailJobs(deps),
    ...pullJobs(deps),
    ...placeBackfillJobs(deps),
  ];
}

/** Registers each job's handler on the runner and schedules it (once per period across all processes). */
export function schedulePeriodicJobs(runner: JobRunner, jobs: readonly PeriodicJob[]): void {
  for (const job of jobs) {
    runner.register(job.name, job.run);
    runner.schedule(job.name, job.everyMs);
  }
}

/** What runs in the background of one process, and what it needs. */
export interface BackgroundDeps extends ScheduleDeps {
  readDb: ReadDatabase;
  audience: AudienceCounter;
  /** Null when this process runs no jobs (WORKER=0). */
  jobRunner: JobRunner | null;
  /** Null when this process delivers no webhooks (WEBHOOK_DELIVERY=0). */
  webhooks: WebhookDispatcher | null;
  mailTransport: MailTransport | null;
  /** Where the mail sender tells an SMTP outage, once as it starts and once as it ends. */
  mailLog?: OutageLog;
}

/**
 * EVERYTHING that runs in a process outside its requests, with its owner, in start order
 * (stopped in reverse: the loops that use the other services stop first, the buffers they
 * write to are flushed last). `listing-sync serve` and `listing-sync worker` both start this
 * list and nothing else (`Services.background`); a service never starts a timer of its own
 * (`repeat` in src/platform/jobs/background.ts is the one `setInterval`). The event outbox's
 * consumers run as periodic jobs of the runner (`periodicJobs`).
 */
export function backgroundTasks(deps: BackgroundDeps): BackgroundTask[] {
  const { readDb, audience, requestLog, quotas, jobRunner, webhooks } = deps;
  const tasks: BackgroundTask[] = [];
  if (readDb.hasReplica) tasks.push(everyTask('replica.check', 'src/platform/db/read-database.ts', readDb.checkMs, () => readDb.check()));
  tasks.push(
    {
      name: 'request-log.flush',
      owner: 'src/platform/request-log/request-log.ts',
      kind: 'flush',
      start: () => {},
      stop: () => requestLog.close(),
    },
    {
      name: 'audience.flush',
      owner: 'src/domain/audience/counter.ts',
      kind: 'every',
      start: () => audience.start(),
      stop: () => audience.close(),
    },
  );
  if (quotas)
    tasks.push({
      name: 'quotas.release-idle',
      owner: 'src/domain/quotas/quota-gate.ts',
      kind: 'every',
      start: () => quotas.start(),
      stop: () => quotas.close(),
    });
  if (jobRunner)
    tasks.push(
      {
        name: 'mail.sender',
        owner: 'src/platform/mail/sender.ts',
        kind: 'continuous',
        // The `mail.send` jobs of the runner; its claims on mails are held under the runner's leases.
        start: () => registerMailSender(jobRunner, { db: deps.db, now: deps.now, transport: deps.mailTransport, log: deps.mailLog }),
        stop: () => deps.mailTransport?.close(),
      },
      {
        name: 'jobs.runner',
        owner: 'src/platform/jobs/runner.ts',
        kind: 'continuous',
        start: () => {
          schedulePeriodicJobs(jobRunner, periodicJobs(deps));
          // The passerelle pulls the sweep above hands out, one job per agency.
          jobRunner.register(PULL_JOB, pullJobHandler({ ...deps, site: deps.config, allowPrivate: deps.config.webhooks.allowPrivate }));
          jobRunner.register(PASSWORD_RESET_JOB, passwordResetJobHandler({ ...deps, site: deps.config }));
          return jobRunner.start();
        },
        stop: () => jobRunner.stop(),
      },
    );
  if (webhooks)
    tasks.push({
      name: 'webhooks.dispatcher',
      owner: 'src/domain/webhooks/dispatcher.ts',
      kind: 'continuous',
      start: () => webhooks.start(),
      stop: () => webhooks.stop(),
    });
  return tasks;
}
