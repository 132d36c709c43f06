import type { Queryable } from '../db/database.js';
import { HOUR_MS, type JobDeps, type PeriodicJob } from '../jobs/periodic.js';
import { rescueMailsWithoutJob } from './outbox.js';

/**
 * Days a mail's text and HTML are kept once it has left the service (sent, given up, or
 * suppressed): long enough to look at what a recipient says they did not get, short enough that
 * visitors' messages and private links do not linger in a second copy. What it said stays with
 * its conversation, 3 years (src/domain/leads/retention.ts). Mails kept in the embedded mailbox
 * keep their bodies until their row goes: the mailbox is where they are read (docs/operations.md, "Mail").
 */
export const MAIL_BODY_RETENTION_DAYS = 7;

/**
 * Days a mail's row (its headers, Message-ID and the SMTP server's last answer) is kept once it
 * is done: long enough to answer "did it leave?" and to send a failed one again. A mail still
 * waiting is never purged, nor its bodies emptied.
 */
export const MAIL_RETENTION_DAYS = 30;

/** Rows changed per statement, so that a first purge of a large table holds no lock for long. */
const BATCH = 5000;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 24 * HOUR_MS);

/** Runs `statement` in batches until one changes fewer rows; how many in all. */
async function inBatches(db: Queryable, statement: string, params: unknown[]): Promise<number> {
  let changed = 0;
  for (;;) {
    const { rowCount } = await db.query(statement, params);
    changed += rowCount;
    if (rowCount < BATCH) return changed;
  }
}

/** Empties the text and HTML of mails that left more than MAIL_BODY_RETENTION_DAYS before `now`; how many. */
export async function purgeOldMailBodies(db: Queryable, now: Date): Promise<number> {
  return inBatches(
    db,
    `UPDATE mails SET text_body = '', html_body = '' WHERE id IN (
       SELECT id FROM mails WHERE state IN ('sent', 'failed', 'suppressed') AND done_at < $1 AND (text_body <> '' OR html_body <> '')
       LIMIT ${BATCH})`,
    [daysBefore(now, MAIL_BODY_RETENTION_DAYS)],
  );
}

/** Deletes the mails done more than MAIL_RETENTION_DAYS before `now`; how many. */
export async function purgeOldMails(db: Queryable, now: Date): Promise<number> {
  return inBatches(db, `DELETE FROM mails WHERE id IN (SELECT id FROM mails WHERE state <> 'queued' AND done_at < $1 LIMIT ${BATCH})`, [
    daysBefore(now, MAIL_RETENTION_DAYS),
  ]);
}

export const mailJobs = ({ db, now }: JobDeps): PeriodicJob[] => [
  {
    name: 'mail.purge-old',
    everyMs: 24 * HOUR_MS,
    run: async () => {
      await purgeOldMailBodies(db, now());
      await purgeOldMails(db, now());
    },
  },
  { name: 'mail.rescue', everyMs: 60_000, run: async () => void (await rescueMailsWithoutJob(db, now())) },
];
