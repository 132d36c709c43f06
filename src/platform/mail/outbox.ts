import type { Queryable } from '../db/database.js';
import { JobQueue } from '../jobs/queue.js';
import { buildHeaders, newMessageId, parseMailAddress, type OutgoingMail } from './headers.js';
import { suppressedBecause, undeliverableMark } from './undeliverable.js';

/** The job that sends one mail (src/platform/mail/sender.ts). */
export const MAIL_JOB = 'mail.send';

/**
 * Attempts before a mail is given up: with `mailBackoff` the last one comes about 9 hours after
 * the first, so an SMTP outage of that long loses nothing (docs/operations.md, "Mail").
 */
export const MAIL_MAX_ATTEMPTS = 16;

/** 30 s, 1 min, 2 min … doubling up to 1 hour between attempts: 3810 s for the first 7, then hourly. */
export const mailBackoff = (attempt: number) => Math.min(3_600_000, 30_000 * 2 ** (attempt - 1));

/** A mail's job is found by this key, so that a sender that sent the mail can drop its job. */
export const mailJobKey = (mailId: number) => `mail:${mailId}`;
/** `mailJobKey` in SQL, of a column holding the mail's id. */
const mailJobKeySql = (idColumn: string) => `'mail:' || ${idColumn}`;

/**
 * The order mails leave in when several recipients' mails wait (docs/operations.md, "Mail"):
 * what a person is waiting for (a visitor's acknowledgement, an agency's news of a contact, an
 * account's link) before digests and alerts, which nobody waits for by the minute. A
 * recipient's own mails still leave in the order they were written.
 */
export const MAIL_PRIORITY = { transactional: 1, bulk: 0 } as const;
export type MailPriority = keyof typeof MAIL_PRIORITY;

/** A `mail.send` job's payload; `bulk` lets its job send what waits with a higher priority first. */
export interface MailJobPayload {
  mailId: number;
  bulk?: true;
}

export interface EnqueuedMail {
  mailId: number;
  messageId: string;
  /** `suppressed`: not to be sent, its address refused for good (src/platform/mail/undeliverable.ts). */
  state: 'queued' | 'kept' | 'suppressed';
}

/**
 * Writes a mail and the job that sends it in the caller's transaction `tx`: both exist if and
 * only if what caused the mail commits, and a crash before sending leaves them to be done by
 * the next runner. The Message-ID is assigned here, once, and every retry sends it unchanged.
 */
export async function enqueueMail(
  tx: Queryable,
  mail: OutgoingMail,
  options: {
    from: string;
    now: Date;
    /** Kept in the mailbox and never sent, SMTP_URL or not: the sandbox's mails, whose addresses are made up. */
    keep?: boolean;
    /** Default `transactional`: a caller that forgets delays no one. Digests and alerts say `bulk`. */
    priority?: MailPriority;
    /**
     * The mail's link confirms its address (a verification, an alert's confirmation, a visitor's
     * acknowledgement): it is sent even to an address refused for good, as the way back.
     */
    confirmsAddress?: boolean;
  },
): Promise<EnqueuedMail> {
  const from = parseMailAddress(options.from);
  const headers = buildHeaders(mail, from, newMessageId(from));
  const mark = options.keep || options.confirmsAddress ? null : await undeliverableMark(tx, headers.to.address);
  const state = options.keep ? 'kept' : mark ? 'suppressed' : 'queued';
  const priority = MAIL_PRIORITY[options.priority ?? 'transactional'];
  // `ahead`: older mails to the same address waiting, counted up to a claim's worth. With any,
  // the mail is `written_behind` (the sender of those goes on to this one, and the sweep leaves
  // it to that sender).
  const { rows } = await tx.query<{ id: number; ahead: number }>(
    `WITH ahead AS (
       SELECT count(*)::int AS n FROM (SELECT 1 FROM mails o WHERE $11 = 'queued' AND o.to_address = $5 AND o.state = 'queued' LIMIT $15) o
     )
     INSERT INTO mails (message_id, from_name, from_address, to_name, to_address, subject, extra_headers, text_body, html_body, created_at,
       state, done_at, last_error, priority, written_behind)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12, $13, $14, (SELECT n FROM ahead) > 0)
     RETURNING id, (SELECT n FROM ahead) AS ahead`,
    [
      headers.messageId,
      headers.from.name,
      headers.from.address,
      headers.to.name,
      headers.to.address,
      headers.subject,
      JSON.stringify(headers.extra),
      mail.text,
      mail.html,
      options.now,
      state,
      state === 'queued' ? null : options.now,
      mark ? suppressedBecause(mark.since) : null,
      priority,
      MAILS_PER_CLAIM,
    ],
  );
  const mailId = Number(rows[0]!.id);
  const runAt = new Date(options.now.getTime() + jobDelayBehind(rows[0]!.ahead));
  if (state === 'queued') await enqueueMailJob(tx, mailId, priority, options.now, runAt);
  return { mailId, messageId: headers.messageId, state };
}

/**
 * How long the job of a mail written behind older ones to the same address waits before it
 * runs. Their sender sends the address's mails until none waits, this one among them, and drops
 * its job with the "sent" mark: run at once, the job would only find them held and step aside
 * (docs/benchmarks.md, "Mail"). Should that sender have finished just before the mail committed,
 * the job sends it after this delay.
 */
export const BEHIND_JOB_DELAY_MS = 1_000;

/** The waiting mails to one address a sender claims at once, oldest first (src/platform/mail/sender.ts). */
export const MAILS_PER_CLAIM = 50;

/**
 * How long the job of a mail written a claim's worth or more behind others to its address waits
 * before it runs, and how long such a job waits again when it finds their sender busy: that
 * sender goes on to it and drops its job with the "sent" mark, so in a burst to one address
 * (an agency's notices of 10,000 contacts) most of these jobs never run. Should that sender
 * die, its own job goes to another runner once the job's lease lapses (15 s) and goes on
 * through the address's mails. Run after a second, as the mails just behind are, each notice's
 * job came back to find its sender busy: 35,000 times for 20,000 notices in the drain
 * (docs/benchmarks.md, "Mail").
 */
export const FAR_BEHIND_JOB_DELAY_MS = 30_000;

/** When the job of a mail written behind `ahead` waiting mails to its address is due, from now. */
const jobDelayBehind = (ahead: number) => (ahead >= MAILS_PER_CLAIM ? FAR_BEHIND_JOB_DELAY_MS : ahead > 0 ? BEHIND_JOB_DELAY_MS : 0);

/** The job that sends mail `mailId` (a no-op while it has one). */
async function enqueueMailJob(db: Queryable, mailId: number, priority: number, now: Date, runAt = now): Promise<void> {
  const payload: MailJobPayload = priority === MAIL_PRIORITY.bulk ? { mailId, bulk: true } : { mailId };
  await new JobQueue(db, () => now).enqueue(MAIL_JOB, payload, {
    runAt,
    tx: db,
    maxAttempts: MAIL_MAX_ATTEMPTS,
    singletonKey: mailJobKey(mailId),
  });
}

/** Mails given back their job per run of the rescue at most. */
const RESCUE_BATCH = 1_000;

/**
 * Gives a job to each waiting mail that has none and that no sender holds (its claim lapsed):
 * a job whose mail another sender holds finishes at once rather than wait for it
 * (src/platform/mail/sender.ts), and should that sender fail to send it (a temporary failure
 * while sweeping, a process that died) the mail keeps a way to be sent. A periodic job; how many.
 */
export async function rescueMailsWithoutJob(db: Queryable, now: Date): Promise<number> {
  const { rows } = await db.query<{ id: number | string; priority: number }>(
    `SELECT m.id, m.priority FROM mails m
     WHERE m.state = 'queued' AND (m.claimed_until IS NULL OR m.claimed_until <= $1)
       AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.name = $2 AND j.singleton_key = ${mailJobKeySql('m.id')} AND j.state = 'queued')
     ORDER BY m.id LIMIT $3`,
    [now, MAIL_JOB, RESCUE_BATCH],
  );
  for (const row of rows) await enqueueMailJob(db, Number(row.id), Number(row.priority), now);
  return rows.length;
}

export interface MailBacklog {
  /** Mails waiting for the SMTP server, retries included (counted up to 100,000). */
  queued: number;
  /** Age of the oldest of them; null when none waits. */
  oldestQueuedSeconds: number | null;
}

/**
 * The mails still to send, as the metrics show them: read at each scrape, the oldest from the
 * first entry of each priority in index mails_queued_by_priority.
 */
export async function mailBacklog(db: Queryable, now: Date): Promise<MailBacklog> {
  const { rows } = await db.query<{ queued: number; oldest: Date | null }>(
    `SELECT (SELECT count(*)::int FROM (SELECT 1 FROM mails WHERE state = 'queued' LIMIT 100000) q) AS queued,
            (SELECT min(first.created_at) FROM unnest($1::smallint[]) p(priority),
               LATERAL (SELECT created_at FROM mails WHERE state = 'queued' AND priority = p.priority ORDER BY created_at LIMIT 1) first
            ) AS oldest`,
    [Object.values(MAIL_PRIORITY)],
  );
  const oldest = rows[0]!.oldest;
  return { queued: rows[0]!.queued, oldestQueuedSeconds: oldest ? Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1000) : null };
}
