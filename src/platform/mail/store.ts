import type { Queryable } from '../db/database.js';
import type { MailAddress } from './headers.js';

/** A mail as written by the outbox: its headers already built, its bodies already rendered. */
export interface StoredMail {
  id: number;
  messageId: string;
  from: MailAddress;
  to: MailAddress;
  subject: string;
  extraHeaders: Record<string, string>;
  text: string;
  html: string;
  /** `suppressed`: never sent, its address refused for good (src/platform/mail/undeliverable.ts). */
  state: 'queued' | 'sent' | 'kept' | 'failed' | 'suppressed';
  /** Higher leaves first among recipients (MAIL_PRIORITY in outbox.ts). */
  priority: number;
  createdAt: Date;
  doneAt: Date | null;
}

export interface MailRow {
  id: number | string;
  message_id: string;
  from_name: string | null;
  from_address: string;
  to_name: string | null;
  to_address: string;
  subject: string;
  extra_headers: Record<string, string>;
  text_body: string;
  html_body: string;
  state: StoredMail['state'];
  priority: number;
  created_at: Date;
  done_at: Date | null;
}

export const MAIL_COLUMNS =
  'id, message_id, from_name, from_address, to_name, to_address, subject, extra_headers, text_body, html_body, state, priority, created_at, done_at';

export const toStoredMail = (row: MailRow): StoredMail => ({
  id: Number(row.id),
  messageId: row.message_id,
  from: { address: row.from_address, name: row.from_name },
  to: { address: row.to_address, name: row.to_name },
  subject: row.subject,
  extraHeaders: row.extra_headers,
  text: row.text_body,
  html: row.html_body,
  state: row.state,
  priority: Number(row.priority),
  createdAt: new Date(row.created_at),
  doneAt: row.done_at === null ? null : new Date(row.done_at),
});

/** The embedded mailbox (no SMTP_URL): kept mails, newest first. */
export async function listKeptMails(db: Queryable, limit = 100): Promise<StoredMail[]> {
  const { rows } = await db.query<MailRow>(`SELECT ${MAIL_COLUMNS} FROM mails WHERE state = 'kept' ORDER BY id DESC LIMIT $1`, [limit]);
  return rows.map(toStoredMail);
}

export async function findKeptMail(db: Queryable, id: number): Promise<StoredMail | null> {
  const { rows } = await db.query<MailRow>(`SELECT ${MAIL_COLUMNS} FROM mails WHERE id = $1 AND state = 'kept'`, [id]);
  return rows[0] ? toStoredMail(rows[0]) : null;
}
