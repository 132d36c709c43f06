import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import type { JobContext, JobRunner } from '../jobs/runner.js';
import { MAIL_JOB, MAIL_MAX_ATTEMPTS, mailBackoff } from './outbox.js';
import { MAIL_COLUMNS, toStoredMail, type MailRow, type StoredMail } from './store.js';
import { PermanentMailError, type MailTransport } from './transport.js';

export interface MailSenderOptions {
  db: Database;
  now: () => Date;
  /** Null: no SMTP_URL, mails are kept in the embedded mailbox. */
  transport: MailTransport | null;
  /** Milliseconds before the next attempt after attempt n fails (tests shorten it). */
  backoff?: (attempt: number) => number;
  /** How long a sender holds the mails it is sending before another may take them. */
  claimMs?: number;
}

/** Mails one attempt takes at a time (one recipient's oldest waiting ones). */
const BATCH = 20;
const CLAIM_MS = 10 * 60_000;
const BUSY_POLL_MS = 100;

/**
 * The `mail.send` job (docs/decisions.md §16). Without a transport the mail is kept in the
 * mailbox at once. With one, the job sends its mail only after every older mail waiting for the
 * same recipient — sending those first, oldest first — so that after an outage a recipient's
 * mails arrive in the order they were written. A mail is marked sent only once the server has
 * accepted it: a crash between the two sends it again (at-least-once, with the same
 * Message-ID, by which mail clients drop the copy).
 */
export function registerMailSender(runner: JobRunner, options: MailSenderOptions): void {
  runner.register(MAIL_JOB, (payload, context) => sendMailJob(options, (payload as { mailId: number }).mailId, context), {
    backoff: options.backoff ?? mailBackoff,
  });
}

async function sendMailJob(options: MailSenderOptions, mailId: number, context: JobContext): Promise<void> {
  const { db, now, transport } = options;
  if (!transport) {
    await db.query(`UPDATE mails SET state = 'kept', done_at = $2 WHERE id = $1 AND state = 'queued'`, [mailId, now()]);
    return;
  }
  const sender = randomUUID();
  const started = Date.now();
  for (;;) {
    const batch = await claimOlderWaiting(options, mailId, sender);
    if (batch === 'done') return;
    if (batch === 'busy') {
      // Another sender holds this recipient's older mails: wait for it rather than for a backoff.
      if (context.signal.aborted || Date.now() - started > (options.claimMs ?? CLAIM_MS))
        throw new Error('older mails to the same recipient are held by another sender; trying again later');
      await new Promise((resolve) => setTimeout(resolve, BUSY_POLL_MS));
      continue;
    }
    for (const [index, mail] of batch.entries()) {
      try {
        if (context.signal.aborted) throw new Error('the job runner stopped');
        await transport.send(mail);
      } catch (error) {
        if (error instanceof PermanentMailError) {
          await finish(db, mail.id, 'failed', now(), error.message);
          continue;
        }
        const waiting = batch.slice(index).map((m) => m.id);
        await release(db, waiting, sender, describe(error));
        // The last attempt: the mail is given up, visibly, rather than left waiting for ever.
        if (context.attempt >= MAIL_MAX_ATTEMPTS) await finish(db, mailId, 'failed', now(), describe(error));
        throw error;
      }
      await finish(db, mail.id, 'sent', now(), null);
    }
  }
}

/**
 * Takes the oldest waiting mails of this mail's recipient, up to and including it: 'done' when
 * it has left already, 'busy' when another sender holds one of them (it sends them in order).
 */
async function claimOlderWaiting(options: MailSenderOptions, mailId: number, sender: string): Promise<StoredMail[] | 'done' | 'busy'> {
  const at = options.now();
  return options.db.transaction(async (tx) => {
    const { rows: own } = await tx.query<{ to_address: string; state: string }>('SELECT to_address, state FROM mails WHERE id = $1', [
      mailId,
    ]);
    if (!own[0] || own[0].state !== 'queued') return 'done';
    const { rows } = await tx.query<MailRow & { claimed_by: string | null; claimed_until: Date | null }>(
      `SELECT ${MAIL_COLUMNS}, claimed_by, claimed_until FROM mails
       WHERE to_address = $1 AND state = 'queued' AND id <= $2 ORDER BY id LIMIT $3 FOR UPDATE`,
      [own[0].to_address, mailId, BATCH],
    );
    if (rows.some((r) => r.claimed_until !== null && new Date(r.claimed_until) > at)) return 'busy';
    await tx.query('UPDATE mails SET claimed_by = $1, claimed_until = $2 WHERE id = ANY($3::bigint[])', [
      sender,
      new Date(at.getTime() + (options.claimMs ?? CLAIM_MS)),
      rows.map((r) => r.id),
    ]);
    return rows.map(toStoredMail);
  });
}

async function finish(db: Database, id: number, state: 'sent' | 'failed', at: Date, error: string | null): Promise<void> {
  await db.query(
    `UPDATE mails SET state = $2, done_at = $3, last_error = $4, claimed_by = NULL, claimed_until = NULL WHERE id = $1 AND state = 'queued'`,
    [id, state, at, error],
  );
}

async function release(db: Database, ids: number[], sender: string, error: string): Promise<void> {
  await db.query(
    'UPDATE mails SET claimed_by = NULL, claimed_until = NULL, last_error = $3 WHERE id = ANY($1::bigint[]) AND claimed_by = $2',
    [ids, sender, error],
  );
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1_000);
}
