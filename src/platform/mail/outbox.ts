import type { Queryable } from '../db/database.js';
import { JobQueue } from '../jobs/queue.js';
import { buildHeaders, newMessageId, parseMailAddress, type OutgoingMail } from './headers.js';

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

export interface EnqueuedMail {
  mailId: number;
  messageId: string;
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
  },
): Promise<EnqueuedMail> {
  const from = parseMailAddress(options.from);
  const headers = buildHeaders(mail, from, newMessageId(from));
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO mails (message_id, from_name, from_address, to_name, to_address, subject, extra_headers, text_body, html_body, created_at,
       state, done_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12) RETURNING id`,
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
      options.keep ? 'kept' : 'queued',
      options.keep ? options.now : null,
    ],
  );
  const mailId = Number(rows[0]!.id);
  if (!options.keep)
    await new JobQueue(tx, () => options.now).enqueue(
      MAIL_JOB,
      { mailId },
      { tx, maxAttempts: MAIL_MAX_ATTEMPTS, singletonKey: mailJobKey(mailId) },
    );
  return { mailId, messageId: headers.messageId };
}

export interface MailBacklog {
  /** Mails waiting for the SMTP server, retries included (counted up to 100,000). */
  queued: number;
  /** Age of the oldest of them; null when none waits. */
  oldestQueuedSeconds: number | null;
}

/** The mails still to send, as the metrics show them: read at each scrape (index mails_queued_since). */
export async function mailBacklog(db: Queryable, now: Date): Promise<MailBacklog> {
  const { rows } = await db.query<{ queued: number; oldest: Date | null }>(
    `SELECT (SELECT count(*)::int FROM (SELECT 1 FROM mails WHERE state = 'queued' LIMIT 100000) q) AS queued,
            (SELECT min(created_at) FROM mails WHERE state = 'queued') AS oldest`,
  );
  const oldest = rows[0]!.oldest;
  return { queued: rows[0]!.queued, oldestQueuedSeconds: oldest ? Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1000) : null };
}
