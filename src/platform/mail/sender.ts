import type { Database, Queryable } from '../db/database.js';
import { Coalescer } from '../jobs/coalesce.js';
import { ReportedFailure, RunLater, type JobContext, type JobRunner } from '../jobs/runner.js';
import { discardWaitingJobs, waitingJobIdsSql } from '../jobs/queue.js';
import { lockInIdOrder, type LeaseKeeper, type RenewableRows } from '../jobs/lease-loop.js';
import {
  FAR_BEHIND_JOB_DELAY_MS,
  MAIL_JOB,
  MAIL_MAX_ATTEMPTS,
  MAILS_PER_CLAIM,
  mailBackoff,
  mailJobKey,
  type MailJobPayload,
} from './outbox.js';
import { MAIL_COLUMNS, toStoredMail, type MailRow, type StoredMail } from './store.js';
import { PermanentMailError, type MailTransport } from './transport.js';
import { markUndeliverable } from './undeliverable.js';
import { SmtpOutage, type OutageLog } from './outage.js';

export interface MailSenderOptions {
  db: Database;
  now: () => Date;
  /** Null: no SMTP_URL, mails are kept in the embedded mailbox. */
  transport: MailTransport | null;
  /** Milliseconds before the next attempt after attempt n fails (tests shorten it). */
  backoff?: (attempt: number) => number;
  /** Where an SMTP outage is told, once as it starts and once as it ends (without it, each failure goes to the runner's onError). */
  log?: OutageLog;
}

interface Sending extends MailSenderOptions {
  outage: SmtpOutage;
  sent: Coalescer<{ id: number; at: Date }>;
  /** The runner's claims: mails are claimed by its owner, under its short lease, renewed with its jobs'. */
  leases: LeaseKeeper;
  claims: RenewableRows;
}

/**
 * A mail the server took whose "sent" mark failed is marked again after these pauses, its claim
 * held (and renewed) meanwhile so that no sender sends it twice. Past them the claim is left to
 * lapse: the mail is sent again, with its Message-ID (at least once).
 */
const MARK_RETRY_MS = [100, 500, 2_000, 5_000];
/** Other recipients' oldest mails a job sends once its own are done, per claim, and its claims at most. */
const SWEEP = 50;
const SWEEP_ROUNDS = 10;
/**
 * A job sweeps only when its mail waited longer than this for it: mail is behind (a burst), and
 * sweeps send the waiting mails faster than their jobs one by one. While mail keeps up a sweep
 * finds little and costs PostgreSQL a scan of the waiting mails (docs/benchmarks.md, "Mail").
 */
const SWEEP_WHEN_LATE_MS = 200;
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
 * written; it goes on until a claim finds none waiting (a burst to one recipient is sent by one
 * job, and the jobs of the mails it sent are dropped with their "sent" mark). When another
 * sender holds the job's own mail the job finishes; when it holds only older ones the job steps
 * aside (`RunLater`) rather than holding a runner's slot to wait. A mail is marked sent only
 * once the server has accepted it: a crash between the two sends it again (at-least-once, with
 * the same Message-ID, by which mail clients drop the copy). A mail keeps its own job until it
 * has left, or until another sender holds it; a mail that sender gives back unsent, or leaves
 * behind by dying, gets a job again from `mail.rescue` (`rescueMailsWithoutJob`, outbox.ts).
 */
export function registerMailSender(runner: JobRunner, options: MailSenderOptions): void {
  // The process's sent mails are marked together (each at the time the server took it), locked
  // in id order like every claim (src/platform/jobs/lease-loop.ts): marks in no set order
  // deadlocked against claims in a burst.
  const sent = new Coalescer<{ id: number; at: Date }>(async (mails) => {
    // Their jobs need not run (a burst to one recipient leaves by one job): those not yet taken
    // are dropped by the same statement; a job a runner holds runs and finds its mail gone.
    await options.db.query(
      `WITH marked AS (${lockInIdOrder('mails', `id = ANY($1::bigint[]) AND state = 'queued'`)}),
       sent AS (
         UPDATE mails SET state = 'sent', done_at = s.at, last_error = NULL, claimed_by = NULL, claimed_until = NULL
         FROM unnest($1::bigint[], $2::timestamptz[]) AS s(id, at), marked WHERE mails.id = s.id AND marked.id = s.id
         RETURNING mails.id
       ), dropped AS (
         DELETE FROM jobs WHERE id IN (${waitingJobIdsSql('$3', '$4')})
       )
       SELECT count(*) FROM sent`,
      [mails.map((m) => m.id), mails.map((m) => m.at), MAIL_JOB, mails.map((m) => mailJobKey(m.id))],
    );
  });
  const claims: RenewableRows = {
    async renew(ids, lease) {
      const { rows } = await options.db.query<{ id: number }>(
        `WITH held AS (${lockInIdOrder('mails', `id = ANY($1::bigint[]) AND claimed_by = $2 AND state = 'queued'`)})
         UPDATE mails m SET claimed_until = $3 FROM held WHERE m.id = held.id RETURNING m.id`,
        [ids, lease.owner, lease.until],
      );
      return rows.map((row) => row.id);
    },
  };
  const sending: Sending = { ...options, sent, leases: runner.leases, claims, outage: new SmtpOutage(options.log, options.now) };
  runner.register(MAIL_JOB, (payload, context) => sendMailJob(sending, payload as MailJobPayload, context), {
    backoff: options.backoff ?? mailBackoff,
  });
}

async function sendMailJob(options: Sending, { mailId, bulk }: MailJobPayload, context: JobContext): Promise<void> {
  const { db, now, transport } = options;
  if (!transport) {
    await db.query(`UPDATE mails SET state = 'kept', done_at = $2 WHERE id = $1 AND state = 'queued'`, [mailId, now()]);
    return;
  }
  // A digest's or an alert's job sweeps first, which takes what a person waits for before its
  // own mail (docs/operations.md, "Mail"): a backlog of them holds no acknowledgement back.
  if (bulk) await sendOthersOldest(options, context);
  // Its mail held by another sender, which marks it sent and drops this job, or, failing,
  // leaves it to the rescue (`rescueMailsWithoutJob`): this job has nothing to do. A job that
  // took its mail at once sweeps nothing either: mail keeps up, and each mail's own job sends it.
  if ((await sendRecipientMails(options, mailId, context)) !== 'late') return;
  await sendOthersOldest(options, context);
}

/**
 * Sends the job's recipient's waiting mails, oldest first, 50 per claim, its own mail among
 * them. `late`: its mail had waited more than SWEEP_WHEN_LATE_MS when claimed, or had left.
 */
async function sendRecipientMails(options: Sending, mailId: number, context: JobContext): Promise<'on time' | 'late' | 'held elsewhere'> {
  let recipient: string | null = null;
  let ownLeft = false;
  let outcome: 'on time' | 'late' = 'late';
  for (;;) {
    const claim = await claimOldestWaiting(options, recipient === null ? { mailId } : { recipient });
    if ('busy' in claim) {
      if (claim.busy.ownHeld) return 'held elsewhere';
      // Another sender has the older ones and sends them in order; this job looks again soon, if
      // its mail is still waiting, leaving its runner's slot to other mails meanwhile.
      if (ownLeft) return outcome;
      throw new RunLater(busyDelay(options, claim.busy), 'older mails to the same recipient are held by another sender');
    }
    // Nothing waits any more (on the first claim: this job's mail has left already).
    if (claim.length === 0) return outcome;
    const own = claim.find((mail) => mail.id === mailId);
    if (own && options.now().getTime() - own.createdAt.getTime() <= SWEEP_WHEN_LATE_MS) outcome = 'on time';
    recipient = claim[0]!.to.address;
    await sendInOrder(options, claim, mailId, context);
    ownLeft ||= claim.some((mail) => mail.id === mailId);
    // On until a claim finds nothing: the jobs of mails written meanwhile wait a moment
    // (BEHIND_JOB_DELAY_MS, outbox.ts) for this sender to send them.
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
 * A mail written while older ones to its address waited is not swept: their sender goes on to it.
 */
async function sendOthersOldest(options: Sending, context: JobContext): Promise<void> {
  for (let round = 0; round < SWEEP_ROUNDS; round++) {
    if (context.signal.aborted) return;
    const claim = await claimOthersOldest(options);
    await Promise.all(claim.map((mail) => sendAlone(options, mail)));
    if (claim.length < SWEEP) return;
  }
}

async function sendAlone(options: Sending, mail: StoredMail): Promise<void> {
  const { now, transport } = options;
  try {
    await transport!.send(mail);
  } catch (error) {
    if (error instanceof PermanentMailError) return void (await refused(options, mail, error));
    options.outage.failed(mail.id, error);
    return release(options, [mail.id], describe(error));
  }
  options.outage.succeeded();
  await markSent(options, mail.id, now()).catch(() => {});
}

/**
 * Marks a mail the server took as sent. Its claim stays held, and renewed, until the mark is
 * written: released, another sender would send it twice. A failed mark is tried again a few
 * times; past them the claim lapses within the lease, and the mail is sent again with the same
 * Message-ID (at least once, docs/decisions.md §16).
 */
async function markSent(options: Sending, id: number, at: Date): Promise<void> {
  for (let retry = 0; ; retry++) {
    try {
      await options.sent.add({ id, at });
      options.leases.drop(options.claims, [id]);
      return;
    } catch (error) {
      if (retry >= MARK_RETRY_MS.length) {
        options.leases.drop(options.claims, [id]);
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, MARK_RETRY_MS[retry]));
    }
  }
}

/**
 * In one statement, claims up to SWEEP waiting mails, each its recipient's oldest and never
 * tried before, skipping those another sender is claiming at that moment. A recipient some
 * sender holds has its oldest waiting mail claimed, so it is never swept: one sender at a time
 * sends a recipient's mails.
 */
async function claimOthersOldest(options: Sending): Promise<StoredMail[]> {
  const lease = options.leases.lease();
  // Twice SWEEP heads are chosen by priority, then age (index mails_sweep_heads), and locked in
  // id order, skipping those another sender is claiming; the best SWEEP of them by priority are
  // claimed. Locking only the first SWEEP in id order would drop a late acknowledgement behind
  // older digests (docs/operations.md, "Mail"). A mail written behind others to its address is
  // left to their sender, which goes on to it (migration 250).
  const { rows } = await options.db.query<MailRow>(
    `WITH oldest AS (
       SELECT m.id, row_number() OVER (ORDER BY m.priority DESC, m.created_at) AS rank FROM mails m
       WHERE m.state = 'queued' AND NOT m.written_behind AND m.last_error IS NULL AND (m.claimed_until IS NULL OR m.claimed_until <= $1)
         AND NOT EXISTS (SELECT 1 FROM mails o WHERE o.to_address = m.to_address AND o.state = 'queued' AND o.id < m.id)
       ORDER BY m.priority DESC, m.created_at LIMIT $2 * 2
     ), locked AS (
       ${lockInIdOrder('mails', `mails.state = 'queued' AND (mails.claimed_until IS NULL OR mails.claimed_until <= $1)`, { among: 'oldest', skipLocked: true })}
     ), best AS (
       SELECT oldest.id FROM locked JOIN oldest ON oldest.id = locked.id ORDER BY oldest.rank LIMIT $2
     )
     UPDATE mails m SET claimed_by = $3, claimed_until = $4 FROM best WHERE m.id = best.id
     RETURNING ${MAIL_COLUMNS.split(', ')
       .map((column) => `m.${column}`)
       .join(', ')}`,
    [lease.now, SWEEP, lease.owner, lease.until],
  );
  // A mail whose claim lapsed while this process was sending it, claimed again here, is left to
  // that sending. They are handed to the pool's connections in priority order, then age.
  const mails = rows
    .map(toStoredMail)
    .filter((mail) => !options.leases.holds(options.claims, mail.id))
    .sort((a, b) => b.priority - a.priority || a.id - b.id);
  options.leases.hold(
    options.claims,
    mails.map((mail) => mail.id),
  );
  return mails;
}

/**
 * Sends a claimed batch one mail after the other (the recipient's order). Each mail is marked
 * sent as soon as the server took it, that write overlapping the next mail's sending. A mail
 * not sent (a failure, the runner stopping) and the rest after it are handed back at once; a
 * "sent" mark that fails stops the batch too: the mails not yet sent are handed back at once,
 * while the sent one stays claimed until its mark is written (`markSent`), so that nothing is
 * sent twice, and the job looks again shortly, its attempt unspent.
 */
async function sendInOrder(options: Sending, batch: StoredMail[], mailId: number, context: JobContext) {
  const { now, transport } = options;
  const marking: Array<Promise<unknown>> = [];
  let markFailure: unknown = null;
  const mark = (done: Promise<void>) => marking.push(done.catch((failure: unknown) => (markFailure ??= failure)));
  for (const [index, mail] of batch.entries()) {
    const rest = () => batch.slice(index).map((m) => m.id);
    if (markFailure !== null) {
      await release(options, rest(), null);
      await Promise.all(marking);
      throw new RunLater(MARK_RETRY_MS[0]!, `a "sent" mark failed: ${describe(markFailure)}`);
    }
    try {
      if (context.signal.aborted) throw new Error('the job runner stopped');
      await transport!.send(mail);
    } catch (error) {
      if (error instanceof PermanentMailError) {
        // The rest of the batch goes to the same mailbox: suppressed with the mark, or tried on.
        if ((await refused(options, mail, error)).length > 0) break;
        continue;
      }
      await release(options, rest(), describe(error));
      await Promise.all(marking);
      // The last attempt: the mail is given up, visibly, rather than left waiting for ever.
      if (context.attempt >= MAIL_MAX_ATTEMPTS) await finish(options, mailId, 'failed', now(), describe(error));
      const told = !context.signal.aborted && options.outage.failed(mail.id, error);
      throw told ? new ReportedFailure(describe(error)) : error;
    }
    options.outage.succeeded();
    mark(markSent(options, mail.id, now()));
  }
  await Promise.all(marking);
  if (markFailure !== null) throw new RunLater(MARK_RETRY_MS[0]!, `a "sent" mark failed: ${describe(markFailure)}`);
}

/** What the claim saw of a recipient another sender holds. */
interface Busy {
  /** The job's own mail is among those held: its holder sends it. */
  ownHeld: boolean;
  /** Waiting mails older than the job's own, among the MAILS_PER_CLAIM oldest. */
  ahead: number;
  /** Milliseconds until the furthest of the holders' claims lapses. */
  heldForMs: number;
  /** When the job's own mail was written, if among the MAILS_PER_CLAIM oldest (null: more than a claim's worth ahead of it). */
  ownCreatedAt: Date | null;
}

function busyDelay(options: MailSenderOptions, busy: Busy): number {
  // A mail behind more than a claim's worth waits the longest: a recipient's batch sender holds
  // them, and goes on to this mail too (FAR_BEHIND_JOB_DELAY_MS, outbox.ts). Otherwise half its age again for a
  // mail that has waited long already: its jobs come back less and less often.
  if (busy.ownCreatedAt === null) return FAR_BEHIND_JOB_DELAY_MS;
  const waited = options.now().getTime() - busy.ownCreatedAt.getTime();
  const expected = Math.max(busy.ahead * BUSY_MS_PER_MAIL_AHEAD, waited / 2);
  // Never past the holder's lease: a holder that died lets go within it.
  return Math.round(Math.min(BUSY_RETRY_MAX_MS, busy.heldForMs + BUSY_RETRY_MS, Math.max(BUSY_RETRY_MS, expected)));
}

/** What a claim reads of a recipient's oldest waiting mails (`waiting`), to tell whether another sender holds them (`Busy`). */
const HELD_SQL = `SELECT count(*) FILTER (WHERE claimed_until > $3) > 0 AS busy,
    coalesce(bool_or(id = $4::bigint AND claimed_until > $3), false) AS own_held,
    count(*) FILTER (WHERE id < $4::bigint)::int AS ahead,
    extract(epoch FROM max(claimed_until) FILTER (WHERE claimed_until > $3) - $3::timestamptz) * 1000 AS held_for_ms,
    min(created_at) FILTER (WHERE id = $4::bigint) AS own_created_at
  FROM waiting`;

type HeldRow = { busy: boolean; own_held: boolean; ahead: number; held_for_ms: number | null; own_created_at: Date | null };

const busyOf = (row: HeldRow): Busy => ({
  ownHeld: row.own_held,
  ahead: row.ahead,
  heldForMs: Number(row.held_for_ms ?? 0),
  ownCreatedAt: row.own_created_at === null ? null : new Date(row.own_created_at),
});

/**
 * Takes the recipient's oldest waiting mails in id order, or when another sender holds one of
 * them (it sends them in order) says so, with what the job needs to decide (`Busy`). The first
 * claim names the job's mail, and finds nothing when that mail has left already. The claims are
 * held under the runner's lease.
 *
 * A job's first claim looks before it locks: in a burst to one recipient (an agency's pro users)
 * most jobs find their mail behind others another sender holds, and locking the 50 oldest to
 * learn it wrote 50 row locks and waited on the holder's "sent" marks each time, most of what
 * PostgreSQL spent on mail in the drain (docs/benchmarks.md, "Mail"). The look takes no lock;
 * when it sees no holder the claim below decides, locked, as before.
 */
async function claimOldestWaiting(
  options: Sending,
  of: { mailId: number } | { recipient: string },
): Promise<StoredMail[] | { busy: Busy }> {
  const lease = options.leases.lease();
  const recipient = 'mailId' in of ? `(SELECT to_address FROM mails WHERE id = $1::bigint AND state = 'queued')` : '$1::text';
  const waiting = `SELECT id, claimed_until, created_at FROM mails WHERE to_address = ${recipient} AND state = 'queued' ORDER BY id LIMIT $2`;
  const ownId = 'mailId' in of ? of.mailId : null;
  if ('mailId' in of) {
    const { rows } = await options.db.query<HeldRow>(`WITH waiting AS (${waiting}) ${HELD_SQL}`, [
      of.mailId,
      MAILS_PER_CLAIM,
      lease.now,
      ownId,
    ]);
    if (rows[0]?.busy) return { busy: busyOf(rows[0]) };
  }
  const { rows } = await options.db.query<HeldRow & Partial<MailRow>>(
    `WITH waiting AS (${waiting} FOR UPDATE), held AS (${HELD_SQL}), claimed AS (
       UPDATE mails m SET claimed_by = $5, claimed_until = $6 FROM waiting, held
       WHERE m.id = waiting.id AND NOT held.busy
       RETURNING ${MAIL_COLUMNS.split(', ')
         .map((column) => `m.${column}`)
         .join(', ')}
     )
     SELECT held.*, claimed.* FROM held LEFT JOIN claimed ON true ORDER BY claimed.id`,
    ['mailId' in of ? of.mailId : of.recipient, MAILS_PER_CLAIM, lease.now, ownId, lease.owner, lease.until],
  );
  const first = rows[0];
  if (first?.busy) return { busy: busyOf(first) };
  const mails = rows.filter((row) => row.id !== null && row.id !== undefined).map((row) => toStoredMail(row as MailRow));
  // Their claim lapsed while another job of this process was sending them: it goes on, in order.
  if (mails.some((mail) => options.leases.holds(options.claims, mail.id))) {
    return { busy: { ownHeld: mails.some((mail) => mail.id === ownId), ahead: 0, heldForMs: 0, ownCreatedAt: null } };
  }
  options.leases.hold(
    options.claims,
    mails.map((mail) => mail.id),
  );
  return mails;
}

async function finish(options: Sending, id: number, state: 'sent' | 'failed', at: Date, error: string | null, db: Queryable = options.db) {
  await db.query(
    `UPDATE mails SET state = $2, done_at = $3, last_error = $4, claimed_by = NULL, claimed_until = NULL WHERE id = $1 AND state = 'queued'`,
    [id, state, at, error],
  );
  options.leases.drop(options.claims, [id]);
}

/**
 * A mail the server refused for good: it is `failed`, and when the refusal is of the mailbox its
 * address is marked undeliverable in the same transaction, the mails still waiting for it
 * suppressed (this sender's claims among them). Returns the suppressed mails' ids.
 */
async function refused(options: Sending, mail: StoredMail, error: PermanentMailError): Promise<number[]> {
  const at = options.now();
  const suppressed = await options.db.transaction(async (tx) => {
    await finish(options, mail.id, 'failed', at, error.message, tx);
    if (!error.refusesAddress) return [];
    const refusal = { address: mail.to.address, mailId: mail.id, smtpAnswer: error.message, at, heldBy: options.leases.owner };
    return markUndeliverable(tx, refusal);
  });
  options.leases.drop(options.claims, suppressed);
  if (suppressed.length > 0) await discardWaitingJobs(options.db, MAIL_JOB, suppressed.map(mailJobKey));
  return suppressed;
}

/** Hands claimed mails back at once (`error` null: not failed, only not sent yet; their last error is kept). */
async function release(options: Sending, ids: number[], error: string | null): Promise<void> {
  options.leases.drop(options.claims, ids);
  await options.db.query(
    `WITH held AS (${lockInIdOrder('mails', 'id = ANY($1::bigint[]) AND claimed_by = $2')})
     UPDATE mails m SET claimed_by = NULL, claimed_until = NULL, last_error = coalesce($3, m.last_error) FROM held WHERE m.id = held.id`,
    [ids, options.leases.owner, error],
  );
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1_000);
}
