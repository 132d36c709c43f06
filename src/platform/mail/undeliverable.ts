import type { Queryable } from '../db/database.js';

/**
 * Addresses the SMTP server refused for good (docs/operations.md, "Mail"): the one owner of the
 * rule « no more mail goes to an address refused for good, until it is confirmed again ».
 *
 * Where the rule is applied: when a mail is written (`enqueueMail` asks `undeliverableMark`),
 * and once, when the mark is set, for the mails already waiting (`markUndeliverable` suppresses
 * them). Checking at enqueue keeps the outbox honest (a mail never sent is `suppressed` from the
 * start, with no job) and costs one key lookup per mail; checking at each claim would have put a
 * join into the sender's hot statements for an event that happens a few times a day. A mail
 * written while the mark is being set may still meet the server: it is refused again, and the
 * mark keeps its first date.
 *
 * The way out is a mail that asks the address to prove itself (the pro space's verification
 * link, an address change's link, an alert's confirmation, a visitor's acknowledgement with the
 * private link): `enqueueMail`'s `confirmsAddress` sends it anyway, and following its link calls
 * `liftUndeliverable`.
 */

/** Addresses are compared without surrounding spaces and case, as accounts compare them. */
export const foldAddress = (address: string): string => address.trim().toLowerCase();

export interface UndeliverableMark {
  address: string;
  since: Date;
  /** The server's answer, as nodemailer reported it. */
  smtpAnswer: string;
}

/** The mark on an address, or null when mail may go there. */
export async function undeliverableMark(db: Queryable, address: string): Promise<UndeliverableMark | null> {
  const [mark] = await undeliverableMarks(db, [address]);
  return mark ?? null;
}

/** The marks among these addresses (a team's members), in no set order. */
export async function undeliverableMarks(db: Queryable, addresses: readonly string[]): Promise<UndeliverableMark[]> {
  if (addresses.length === 0) return [];
  const { rows } = await db.query<{ address: string; since: Date; smtp_answer: string }>(
    'SELECT address, since, smtp_answer FROM undeliverable_addresses WHERE address = ANY($1::text[])',
    [addresses.map(foldAddress)],
  );
  return rows.map((row) => ({ address: row.address, since: new Date(row.since), smtpAnswer: row.smtp_answer }));
}

/**
 * Marks the address of a refused mail (in the caller's transaction) and suppresses the mails
 * still waiting for it that no other sender holds: those `heldBy` this sender are suppressed
 * too. Returns the suppressed mails' ids (their claims and jobs are the sender's to drop). A mark
 * already set keeps its date.
 */
export async function markUndeliverable(
  tx: Queryable,
  refusal: { address: string; mailId: number; smtpAnswer: string; at: Date; heldBy: string },
): Promise<number[]> {
  const address = foldAddress(refusal.address);
  await tx.query(
    `INSERT INTO undeliverable_addresses (address, since, smtp_answer, mail_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (address) DO NOTHING`,
    [address, refusal.at, refusal.smtpAnswer.slice(0, 1_000), refusal.mailId],
  );
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE mails SET state = 'suppressed', done_at = $2, last_error = $3, claimed_by = NULL, claimed_until = NULL
     WHERE state = 'queued' AND lower(to_address) = $1 AND id <> $5
       AND (claimed_until IS NULL OR claimed_until <= $2 OR claimed_by = $4)
     RETURNING id`,
    [address, refusal.at, suppressedBecause(refusal.at), refusal.heldBy, refusal.mailId],
  );
  return rows.map((row) => Number(row.id));
}

/** What a suppressed mail's `last_error` says. */
export const suppressedBecause = (since: Date) =>
  `not sent: the SMTP server refused this address for good on ${since.toISOString()}; mail goes there again once it is confirmed`;

/**
 * Lifts the mark: the address was confirmed by a link mailed to it. With `provenAt`, only a
 * mark set before that instant is lifted (a link mailed before the refusal proves nothing about
 * the mailbox since). True when a mark was lifted.
 */
export async function liftUndeliverable(tx: Queryable, address: string, provenAt?: Date): Promise<boolean> {
  const { rowCount } = await tx.query(
    `DELETE FROM undeliverable_addresses WHERE address = $1 AND ($2::timestamptz IS NULL OR since <= $2::timestamptz)`,
    [foldAddress(address), provenAt ?? null],
  );
  return rowCount > 0;
}
