import type { Database, Queryable } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { notFound, refuse, refuseFields, type Outcome } from '../../platform/outcome.js';
import type { BeforeCommit } from '../../platform/idempotency/store.js';
import type { MailSite } from '../mail/site.js';
import type { AgencyEnv } from '../tenant.js';
import type { AgencyAuthor, LeadStatus, LeadThread } from './conversation-model.js';
import { listingForMail, tellVisitor } from './conversation-mails.js';
import { findLeadThread, markLeadOpened, setLeadStatus } from './conversation-store.js';
import { checkMessageText } from './lead-input.js';
import { newVisitorLink } from './visitor-links.js';

/**
 * The agency's side of a conversation (docs/decisions.md §16), from the pro space or a CRM
 * through the API: open it, answer, file it under a status. Another agency's conversation, or
 * one the agency never saw because it blocked the visitor, is not found.
 */

/** The pro space opens a conversation: shown, then marked read. */
export async function openLead(db: Queryable, scope: AgencyEnv, leadId: string, now: Date): Promise<LeadThread | null> {
  const thread = await findLeadThread(db, scope, leadId);
  if (thread) await markLeadOpened(db, scope, leadId, now);
  return thread;
}

/**
 * The agency answers: the message joins the thread, the conversation is `replied` and read,
 * and the visitor is mailed the answer with a fresh private link, in one transaction. A
 * conversation the visitor deleted takes no answer.
 */
export async function replyAsAgency(
  db: Database,
  scope: AgencyEnv,
  leadId: string,
  author: AgencyAuthor,
  rawText: unknown,
  now: Date,
  site: MailSite,
  beforeCommit?: BeforeCommit<LeadThread>,
): Promise<Outcome<LeadThread>> {
  const checked = checkMessageText(rawText);
  if (!checked.ok) return refuseFields('validation_error', [checked.error]);
  return db.transaction(async (tx): Promise<Outcome<LeadThread>> => {
    const { rows } = await tx.query<{
      listing_id: string;
      name: string;
      email: string;
      phone: string | null;
      deleted: Date | null;
      agency_name: string;
    }>(
      `SELECT d.listing_id, d.name, d.email, d.phone, d.visitor_deleted_at AS deleted, a.name AS agency_name
       FROM leads d JOIN agencies a ON a.id = d.agency_id
       WHERE d.agency_id = $1 AND d.env = $2 AND d.id = $3 AND NOT d.withheld FOR UPDATE OF d`,
      [scope.agencyId, scope.env, leadId],
    );
    const lead = rows[0];
    if (!lead) return notFound('Lead');
    if (lead.deleted) return refuse('conflict', 'The visitor deleted this conversation: it takes no more messages');
    await tx.query(
      `INSERT INTO lead_messages (id, lead_id, author, author_user_id, author_key_id, body, created_at) VALUES ($1, $2, 'agency', $3, $4, $5, $6)`,
      [
        newId('lmsg', now.getTime()),
        leadId,
        author.kind === 'user' ? author.userId : null,
        author.kind === 'key' ? author.keyId : null,
        checked.text,
        now,
      ],
    );
    await tx.query(`UPDATE leads SET status = 'replied', read_at = $2, last_message_at = $2 WHERE id = $1`, [leadId, now]);
    const listing = scope.env === 'live' ? await listingForMail(tx, lead.listing_id, site) : null;
    const visitor = { name: lead.name, email: lead.email, phone: lead.phone };
    const token = await newVisitorLink(tx, leadId, now);
    await tellVisitor(
      tx,
      { scope, leadId, agencyName: lead.agency_name, listing, visitor, token, kind: 'agency_reply', text: checked.text },
      site,
      now,
    );
    const thread = (await findLeadThread(tx, scope, leadId))!;
    await beforeCommit?.(tx, thread);
    return { ok: true, value: thread };
  });
}

/** Files a conversation under a status (`PATCH /v1/leads/{leadId}`, the pro inbox's buttons). */
export async function fileLead(
  db: Queryable,
  scope: AgencyEnv,
  leadId: string,
  status: LeadStatus,
  now: Date,
): Promise<Outcome<LeadThread>> {
  if (!(await setLeadStatus(db, scope, leadId, status, now))) return notFound('Lead');
  return { ok: true, value: (await findLeadThread(db, scope, leadId))! };
}
