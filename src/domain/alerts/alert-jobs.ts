import { HOUR_MS, type JobDeps, type PeriodicJob } from '../../platform/jobs/periodic.js';
import type { MailSite } from '../mail/site.js';
import { lastDigestDay } from './digest-day.js';
import { sendDueAlertMails } from './dispatch.js';
import { matchNewListings } from './matcher.js';
import { purgeAlerts } from './retention.js';

/**
 * Every MATCH_EVERY_MS the matcher reads the new publications and the immediate alerts they
 * match are mailed: with the mail sender's own delay, a new listing reaches an immediate alert's
 * inbox well within the minute docs/decisions.md §18 promises.
 */
export const MATCH_EVERY_MS = 10_000;

/** Matches everything published so far, then writes the immediate alerts' mails; the mails written. */
export async function matchAndSend({ db, now }: JobDeps, site: MailSite): Promise<number> {
  while ((await matchNewListings(db, now())).scopes > 0);
  return sendDueAlertMails(db, { kind: 'immediate' }, now(), site);
}

/** The 08:00 Europe/Paris mails of daily alerts (due from 08:00; every few minutes, as the agencies' digest). */
export const sendDailyAlertMails = ({ db, now }: JobDeps, site: MailSite) =>
  sendDueAlertMails(db, { kind: 'daily', through: lastDigestDay(now()) }, now(), site);

export const alertJobs = (deps: JobDeps, site: MailSite): PeriodicJob[] => [
  { name: 'alerts.match', everyMs: MATCH_EVERY_MS, run: async () => void (await matchAndSend(deps, site)) },
  { name: 'alerts.daily', everyMs: 5 * 60_000, run: async () => void (await sendDailyAlertMails(deps, site)) },
  { name: 'alerts.purge', everyMs: HOUR_MS, run: async () => void (await purgeAlerts(deps.db, deps.now())) },
];
