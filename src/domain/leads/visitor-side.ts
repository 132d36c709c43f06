import type { Database, Queryable } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { liftUndeliverable } from '../../platform/mail/undeliverable.js';
import { refuseFields, type Refusal } from '../../platform/outcome.js';
import { appendChangeEvents } from '../events/outbox.js';
import type { MailSite } from '../mail/site.js';
import { isBlocked } from './block-list.js';
import type { AgencyEnv } from '../tenant.js';
import type { Visitor } from './conversation-model.js';
import { listingForMail, tellAgencyOfVisitorMessage, type MailedListing } from './conversation-mails.js';
import { threadMessages } from './conversation-store.js';
import { checkMessageText } from './lead-input.js';
import { followVisitorLink } from './visitor-links.js';
import { hitVisitorLimits, type VisitorClient } from './visitor-limits.js';

/**
 * The visitor's side of a conversation, reached by the private link alone (docs/decisions.md
 * §16): read the thread, answer, delete. Nothing here shows who at the agency wrote, nor the
 * agency's own e-mail or phone; the listing is shown from its public projection while public.
 */

export interface VisitorThread {
  leadId: string;
  agencyName: string;
  listing: MailedListing | null;
  visitor: Visitor;
  messages: Array<{ author: 'visitor' | 'agency'; text: string; createdAt: Date }>;
}

/** What a private link leads to: the thread, a conversation the visitor deleted, or nothing. */
export type VisitorLookup<T> = { kind: 'open'; value: T } | { kind: 'deleted' } | { kind: 'unknown' };

interface LeadRow {
  agency_id: string;
  env: 'live' | 'test';
  listing_id: string;
  external_id: string;
  public_title: string;
  agency_name: string;
  name: string;
  email: string;
  phone: string | null;
  withheld: boolean;
}

async function leadRow(db: Queryable, leadId: string): Promise<LeadRow> {
  const { rows } = await db.query<LeadRow>(
    `SELECT d.agency_id, d.env, d.listing_id, d.external_id, l.public_title, a.name AS agency_name, d.name, d.email, d.phone, d.withheld
     FROM leads d JOIN listings l ON l.id = d.listing_id JOIN agencies a ON a.id = d.agency_id WHERE d.id = $1`,
    [leadId],
  );
  return rows[0]!;
}

export async function readVisitorThread(db: Queryable, token: string, site: MailSite): Promise<VisitorLookup<VisitorThread>> {
  const link = await followVisitorLink(db, token);
  if (link.kind !== 'open') return link;
  const row = await leadRow(db, link.leadId);
  // The link reached the visitor by mail: a refusal of the address set before that mail was
  // written is lifted, since the visitor reads mail there (docs/operations.md, "Mail").
  await liftUndeliverable(db, row.email, link.issuedAt);
  // The visitor's own messages are all shown, even those the agency withheld by blocking.
  const messages = await threadMessages(db, link.leadId, { withheld: true });
  return {
    kind: 'open',
    value: {
      leadId: link.leadId,
      agencyName: row.agency_name,
      listing: row.env === 'live' ? await listingForMail(db, row.listing_id, site) : null,
      visitor: { name: row.name, email: row.email, phone: row.phone },
      messages: messages.map((m) => ({ author: m.author, text: m.text, createdAt: m.createdAt })),
    },
  };
}

/**
 * The visitor answers on the private page: within the visitor's limits, the message joins the
 * thread, the conversation is `new` again for the agency, `lead.message_received` is emitted
 * and the agency's pro users are mailed by their preference, all in one transaction. If the
 * agency blocked this visitor meanwhile, the message is kept for the visitor alone.
 */
export async function replyAsVisitor(
  db: Database,
  token: string,
  rawText: unknown,
  client: VisitorClient,
  site: MailSite,
): Promise<VisitorLookup<{ messageId: string }> | { kind: 'refused'; refusal: Refusal }> {
  const checked = checkMessageText(rawText);
  const link = await followVisitorLink(db, token);
  if (link.kind !== 'open') return link;
  if (!checked.ok) return { kind: 'refused', refusal: refuseFields('validation_error', [checked.error]) };
  const row = await leadRow(db, link.leadId);
  const limited = await hitVisitorLimits(db, client, row.email);
  if (limited) return { kind: 'refused', refusal: limited };
  const now = client.now;
  return db.transaction(async (tx) => {
    const scope: AgencyEnv = { agencyId: row.agency_id, env: row.env };
    const withheld = row.withheld || (await isBlocked(tx, scope.agencyId, row.email));
    const messageId = newId('lmsg', now.getTime());
    await tx.query(`INSERT INTO lead_messages (id, lead_id, author, body, created_at, withheld) VALUES ($1, $2, 'visitor', $3, $4, $5)`, [
      messageId,
      link.leadId,
      checked.text,
      now,
      withheld,
    ]);
    if (withheld) return { kind: 'open', value: { messageId } };
    await tx.query(`UPDATE leads SET last_message_at = $2, status = 'new' WHERE id = $1`, [link.leadId, now]);
    const listing = scope.env === 'live' ? await listingForMail(tx, row.listing_id, site) : null;
    const visitor = { name: row.name, email: row.email, phone: row.phone };
    const news = { scope, leadId: link.leadId, listingTitle: row.public_title, listing, visitor, text: checked.text, first: false };
    await tellAgencyOfVisitorMessage(tx, news, site, now);
    // Last: from here to the commit the agency's clock is held (appendChangeEvents).
    const data = { ...scope, leadId: link.leadId, serviceId: row.listing_id, externalId: row.external_id, messageId, receivedAt: now };
    await appendChangeEvents(tx, scope, [{ type: 'lead.message_received', listingId: row.listing_id, data }], now);
    return { kind: 'open', value: { messageId } };
  });
}

/**
 * The visitor deletes the conversation: its messages and the phone are erased; name and e-mail
 * stay so the agency's inbox still says who withdrew, and the links then lead to a page saying
 * it was deleted. Deleting twice is the same as once.
 */
export async function deleteAsVisitor(db: Database, token: string, now: Date): Promise<VisitorLookup<null>> {
  const link = await followVisitorLink(db, token);
  if (link.kind !== 'open') return link;
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM lead_messages WHERE lead_id = $1', [link.leadId]);
    await tx.query('UPDATE leads SET visitor_deleted_at = $2, phone = NULL WHERE id = $1 AND visitor_deleted_at IS NULL', [
      link.leadId,
      now,
    ]);
  });
  return { kind: 'open', value: null };
}
