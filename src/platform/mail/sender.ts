import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import { Coalescer } from '../jobs/coalesce.js';
import { RunLater, type JobContext, type JobRunner } from '../jobs/runner.js';
import { discardWaitingJobs } from '../jobs/queue.js';
import { MAIL_JOB, MAIL_MAX_ATTEMPTS, mailBackoff, mailJobKey } from './outbox.js';
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

interface Sending extends MailSenderOptions {
  sent: Coalescer<{ id: number; at: Date }>;
}

/** Mails one claim takes at a time (one recipient's oldest waiting ones). */
const BATCH = 50;
const CLAIM_MS = 10 * 60_000;
/** Other recipients' oldest mails a job sends once its own are done, per claim, and its claims at most. */
const SWEEP = 50;
const SWEEP_ROUNDS = 10;
/**
 * When another sender holds the recipient's older mails, this job looks again after about the
 * time they take to leave, or half the time its mail has waited if longer (at least
 * BUSY_RETRY_MS, at most BUSY_RETRY_MAX_MS). Meanwhile that
 * sender most often sends this job's mail too, and drops the job: a burst to one recipient does
 * not keep its jobs coming back every few milliseconds, which on the embedded database (in the
 * process's own thread) would slow the very sending they wait for.
 */
const BUSY_RETRY_MS = 250;
const BUSY_RETRY_MAX_MS = 10_000;
const BUSY_MS_PER_MAIL_AHEAD = 20;

/**
 * The `mail.send` job (docs/decisions.md §16). Without a transport the mail is kept in the
 * mailbox at once. With one, the job sends its recipient's waiting mails oldest first, its own
 * among them, so that after an outage a recipient's mails arrive in the order they were
 * written; while its last claim came back full it goes on with the next ones (a burst to one
 * recipient is sent by one job, and the jobs of the mails it sent find them gone). When another
 * sender holds the recipient's oldest mails the job steps aside (`RunLater`) rather than
 * holding a runner's slot to wait. A mail is marked sent only once the server has accepted it:
 * a crash between the two sends it again (at-least-once, with the same Message-ID, by which
 * mail clients drop the copy). Every mail keeps its own job until it has left, so a sender
 * that dies leaves no mail without one.
 */
export function registerMailSender(runner: JobRunner, options: MailSenderOptions): void {
  // The process's sent mails are marked together (each at the time the server took it).
  const sent = new Coalescer<{ id: number; at: Date }>(async (mails) => {
    await options.db.query(
      `UPDATE mails SET state = 'sent', done_at = s.at, last_error = NULL, claimed_by = NULL, claimed_until = NULL
       FROM unnest($1::bigint[], $2::timestamptz[]) AS s(id, at) WHERE mails.id = s.id AND mails.state = 'queued'`,
      [mails.map((m) => m.id), mails.map((m) => m.at)],
    );
    // Their jobs need not run (a burst to one recipient leaves by one job): those not yet taken are dropped.
    await discardWaitingJobs(
      options.db,
      MAIL_JOB,
      mails.map((m) => mailJobKey(m.id)),
    );
  });
  runner.register(MAIL_JOB, (payload, context) => sendMailJob({ ...options, sent }, (payload as { mailId: number }).mailId, context), {
    backoff: options.backoff ?? mailBackoff,
  });
}

async function sendMailJob(options: Sending, mailId: number, context: JobContext): Promise<void> {
  const { db, now, transport } = options;
  if (!transport) {
    await db.query(`UPDATE mails SET state = 'kept', done_at = $2 WHERE id = $1 AND state = 'queued'`, [mailId, now()]);
    return;
  }
  const sender = randomUUID();
  await sendRecipientMails(options, mailId, sender, context);
  await sendOthersOldest(options, sender, context);
}

/** Sends the job's recipient's waiting mails, oldest first, 50 per claim, its own mail among them. */
async function sendRecipientMails(options: Sending, mailId: number, sender: string, context: JobContext): Promise<void> {
  let recipient: string | null = null;
  let ownLeft = false;
  for (;;) {
    const claim = await claimOldestWaiting(options, recipient === null ? { mailId } : { recipient }, sender);
    if (claim === 'busy') {
      // Another sender has them and sends them in order; this job looks again soon, if its
      // mail is still waiting, leaving its runner's slot to other mails meanwhile.
      if (ownLeft) return;
      throw new RunLater(await busyDelay(options, mailId), 'older mails to the same recipient are held by another sender');
    }
    // Nothing waits any more (on the first claim: this job's mail has left already).
    if (claim.length === 0) return;
    recipient = claim[0]!.to.address;
    await sendInOrder(options, claim, sender, mailId, context);
    ownLeft ||= claim.some((mail) => mail.id === mailId);
    // A short claim took all that waited, this job's mail with it; mails written since have jobs of their own.
    if (claim.length < BATCH) return;
  }
}

/**
 * Once its own recipient is done, a job also sends other recipients' mails that wait, each the
 * oldest of its recipient (so still in each recipient's order), up to SWEEP at once and several
 * recipients side by side over the pool's connections. In a burst of contacts most mails are
 * the only one to their recipient (the visitors' acknowledgements): one job each, claimed,
 * run and deleted one by one, was most of what a mail cost and what made them lag behind
 * (docs/benchmarks.md, "mail"). Their own jobs are dropped once they have left, as for a
 * recipient's batch. A mail that failed once is left to its own job and its backoff, and a
 * failure here only releases the mail: it is no failure of this job, whose own mail has left.
 */
async function sendOthersOldest(options: Sending, sender: string, context: JobContext): Promise<void> {
  for (let round = 0; round < SWEEP_ROUNDS; round++) {
    if (context.signal.aborted) return;
    const claim = await claimOthersOldest(options, sender);
    await Promise.all(claim.map((mail) => sendAlone(options, mail, sender)));
    if (claim.length < SWEEP) return;
  }
}

async function sendAlone(options: Sending, mail: StoredMail, sender: string): Promise<void> {
  const { db, now, transport } = options;
  try {
    await transport!.send(mail);
  } catch (error) {
    if (error instanceof PermanentMailError) return finish(db, mail.id, 'failed', now(), error.message);
    return release(db, [mail.id], sender, describe(error));
  }
  await options.sent.add({ id: mail.id, at: now() });
}

/**
 * In one statement, claims up to SWEEP waiting mails, each its recipient's oldest and never
 * tried before, skipping those another sender is claiming at that moment. A recipient some
 * sender holds has its oldest waiting mail claimed, so it is never swept: one sender at a time
 * sends a recipient's mails.
 */
async function claimOthersOldest(options: MailSenderOptions, sender: string): Promise<StoredMail[]> {
  const at = options.now();
  const { rows } = await options.db.query<MailRow>(
    `WITH oldest AS (
       SELECT m.id FROM mails m
       WHERE m.state = 'queued' AND m.last_error IS NULL AND (m.claimed_until IS NULL OR m.claimed_until <= $1)
         AND NOT EXISTS (SELECT 1 FROM mails o WHERE o.to_address = m.to_address AND o.state = 'queued' AND o.id < m.id)
       ORDER BY m.created_at LIMIT $2 FOR UPDATE SKIP LOCKED
     )
     UPDATE mails m SET claimed_by = $3, claimed_until = $4 FROM oldest WHERE m.id = oldest.id
     RETURNING ${MAIL_COLUMNS.split(', ')
       .map((column) => `m.${column}`)
       .join(', ')}`,
    [at, SWEEP, sender, new Date(at.getTime() + (options.claimMs ?? CLAIM_MS))],
  );
  return rows.map(toStoredMail);
}

/**
 * Sends a claimed batch one mail after the other (the recipient's order). Each mail is marked
 * done as soon as the server took it, that write overlapping the next mail's sending; all are
 * written before the batch returns, and before its rest is released on a failure.
 */
async function sendInOrder(options: Sending, batch: StoredMail[], sender: string, mailId: number, context: JobContext) {
  const { db, now, transport } = options;
  const marking: Array<Promise<unknown>> = [];
  let markFailure: unknown = null;
  const mark = (done: Promise<void>) => marking.push(done.catch((failure: unknown) => (markFailure ??= failure)));
  const marked = async () => {
    await Promise.all(marking);
    if (markFailure !== null) throw markFailure;
  };
  for (const [index, mail] of batch.entries()) {
    try {
      if (context.signal.aborted) throw new Error('the job runner stopped');
      await transport!.send(mail);
    } catch (error) {
      if (error instanceof PermanentMailError) {
        mark(finish(db, mail.id, 'failed', now(), error.message));
        continue;
      }
      await marked();
      const waiting = batch.slice(index).map((m) => m.id);
      await release(db, waiting, sender, describe(error));
      // The last attempt: the mail is given up, visibly, rather than left waiting for ever.
      if (context.attempt >= MAIL_MAX_ATTEMPTS) await finish(db, mailId, 'failed', now(), describe(error));
      throw error;
    }
    mark(options.sent.add({ id: mail.id, at: now() }));
  }
  await marked();
}

async function busyDelay(options: MailSenderOptions, mailId: number): Promise<number> {
  const { rows } = await options.db.query<{ ahead: number; created_at: Date }>(
    `SELECT (SELECT count(*)::int FROM (
               SELECT 1 FROM mails WHERE to_address = own.to_address AND state = 'queued' AND id < own.id LIMIT $2
             ) older) AS ahead, own.created_at
     FROM mails own WHERE own.id = $1`,
    [mailId, BUSY_RETRY_MAX_MS / BUSY_MS_PER_MAIL_AHEAD],
  );
  if (!rows[0]) return BUSY_RETRY_MS;
  // Half its age again for a mail that has waited long already: its jobs come back less and less often.
  const waited = options.now().getTime() - new Date(rows[0].created_at).getTime();
  const expected = Math.max(rows[0].ahead * BUSY_MS_PER_MAIL_AHEAD, waited / 2);
  return Math.round(Math.min(BUSY_RETRY_MAX_MS, Math.max(BUSY_RETRY_MS, expected)));
}

/**
 * In one statement, takes the recipient's oldest waiting mails ('busy' when another sender
 * holds one of them: it sends them in order). The first claim names the job's mail, and finds
 * nothing when that mail has left already.
 */
async function claimOldestWaiting(
  options: MailSenderOptions,
  of: { mailId: number } | { recipient: string },
  sender: string,
): Promise<StoredMail[] | 'busy'> {
  const at = options.now();
  const recipient = 'mailId' in of ? `(SELECT to_address FROM mails WHERE id = $1::bigint AND state = 'queued')` : '$1::text';
  const { rows } = await options.db.query<{ busy: boolean } & Partial<MailRow>>(
    `WITH waiting AS (
       SELECT id, claimed_until FROM mails WHERE to_address = ${recipient} AND state = 'queued' ORDER BY id LIMIT $2 FOR UPDATE
     ), held AS (
       SELECT count(*) > 0 AS busy FROM waiting WHERE claimed_until > $3
     ), claimed AS (
       UPDATE mails m SET claimed_by = $4, claimed_until = $5 FROM waiting, held
       WHERE m.id = waiting.id AND NOT held.busy
       RETURNING ${MAIL_COLUMNS.split(', ')
         .map((column) => `m.${column}`)
         .join(', ')}
     )
     SELECT held.busy, claimed.* FROM held LEFT JOIN claimed ON true ORDER BY claimed.id`,
    ['mailId' in of ? of.mailId : of.recipient, BATCH, at, sender, new Date(at.getTime() + (options.claimMs ?? CLAIM_MS))],
  );
  if (rows[0]?.busy) return 'busy';
  return rows.filter((row) => row.id !== null && row.id !== undefined).map((row) => toStoredMail(row as MailRow));
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
