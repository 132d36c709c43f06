import type { Queryable } from '../db/database.js';
import { HOUR_MS, type JobDeps, type PeriodicJob } from '../jobs/periodic.js';

/**
 * Days a mail's row (its text and HTML, the SMTP server's last answer) is kept once it is done:
 * sent, kept in the embedded mailbox, or given up. Long enough to answer "did it leave?" and to
 * send a failed one again (docs/operations.md, "Mail"); what it said is kept with its
 * conversation, 3 years (src/domain/leads/retention.ts). A mail still waiting is never purged.
 */
export const MAIL_RETENTION_DAYS = 30;

/** Rows deleted per statement, so that a first purge of a large table holds no lock for long. */
const BATCH = 5000;

/** Deletes the mails done more than MAIL_RETENTION_DAYS before `now`; how many. */
export async function purgeOldMails(db: Queryable, now: Date): Promise<number> {
  const before = new Date(now.getTime() - MAIL_RETENTION_DAYS * 24 * HOUR_MS);
  let purged = 0;
  for (;;) {
    const { rowCount } = await db.query(
      `DELETE FROM mails WHERE id IN (SELECT id FROM mails WHERE state <> 'queued' AND done_at < $1 LIMIT ${BATCH})`,
      [before],
    );
    purged += rowCount;
    if (rowCount < BATCH) return purged;
  }
}

export const mailJobs = ({ db, now }: JobDeps): PeriodicJob[] => [
  { name: 'mail.purge-old', everyMs: 24 * HOUR_MS, run: async () => void (await purgeOldMails(db, now())) },
];
