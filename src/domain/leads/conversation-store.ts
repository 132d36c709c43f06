import type { Queryable } from '../../platform/db/database.js';
import type { AgencyEnv } from '../tenant.js';
import type { LeadMessage, LeadStatus, LeadSummary, LeadThread } from './conversation-model.js';

/**
 * The SQL of conversations. Every read for an agency is scoped by agency and environment and
 * leaves out what a blocked visitor wrote (`withheld`): another agency's lead, or a withheld one,
 * is simply not found.
 */

interface SummaryRow {
  id: string;
  listing_id: string;
  external_id: string;
  public_title: string;
  status: LeadStatus;
  name: string;
  email: string;
  phone: string | null;
  received_at: Date;
  last_message_at: Date;
  visitor_deleted_at: Date | null;
  message_count: number;
  unread_count: number;
}

const SUMMARY_COLUMNS = `d.id, d.listing_id, d.external_id, l.public_title, d.status, d.name, d.email, d.phone, d.received_at,
  d.last_message_at, d.visitor_deleted_at,
  (SELECT count(*)::int FROM lead_messages m WHERE m.lead_id = d.id AND NOT m.withheld) AS message_count,
  (SELECT count(*)::int FROM lead_messages m WHERE m.lead_id = d.id AND NOT m.withheld AND m.author = 'visitor'
     AND m.created_at > coalesce(d.read_at, '-infinity'::timestamptz)) AS unread_count`;

const AGENCY_LEADS = 'FROM leads d JOIN listings l ON l.id = d.listing_id';
const AGENCY_FILTER = 'WHERE d.agency_id = $1 AND d.env = $2 AND NOT d.withheld';
const AGENCY_SCOPE = `${AGENCY_LEADS} ${AGENCY_FILTER}`;
/** The latest message of each conversation, joined beside it (the inbox's excerpt). */
const LATEST_MESSAGE = `LEFT JOIN LATERAL (SELECT m.author, m.body FROM lead_messages m WHERE m.lead_id = d.id AND NOT m.withheld
  ORDER BY m.created_at DESC, m.id DESC LIMIT 1) lm ON true`;

const toSummary = (r: SummaryRow): LeadSummary => ({
  leadId: r.id,
  serviceId: r.listing_id,
  externalId: r.external_id,
  listingTitle: r.public_title,
  status: r.status,
  visitor: { name: r.name, email: r.email, phone: r.phone },
  receivedAt: r.received_at,
  lastMessageAt: r.last_message_at,
  messageCount: r.message_count,
  unreadCount: r.unread_count,
  deletedByVisitor: r.visitor_deleted_at,
});

export interface LeadFilter {
  status?: LeadStatus;
  /** Conversations with a message at or after this time. */
  since?: Date;
}

/**
 * Oldest first by id, after the cursor (a lead id): the API's keyset pages. Ids begin with their
 * creation time, in byte order: compared under the C collation whatever the database's locale.
 */
export async function leadsAfter(
  db: Queryable,
  scope: AgencyEnv,
  filter: LeadFilter & { after?: string; limit: number },
): Promise<LeadSummary[]> {
  const { rows } = await db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} ${AGENCY_SCOPE}
       AND ($3::text IS NULL OR d.status = $3) AND ($4::timestamptz IS NULL OR d.last_message_at >= $4) AND ($5::text IS NULL OR d.id COLLATE "C" > $5)
     ORDER BY d.id COLLATE "C" LIMIT $6`,
    [scope.agencyId, scope.env, filter.status ?? null, filter.since ?? null, filter.after ?? null, filter.limit],
  );
  return rows.map(toSummary);
}

/** A conversation in the pro inbox: with the start of its latest message, read without opening it (which marks it read). */
export interface InboxLead extends LeadSummary {
  lastMessage: { author: 'visitor' | 'agency'; excerpt: string } | null;
}

/** Characters of the latest message the inbox shows. */
export const EXCERPT_LENGTH = 140;

/** Latest activity first, a page at a time: the pro inbox. */
export async function recentLeads(
  db: Queryable,
  scope: AgencyEnv,
  filter: LeadFilter & { unreadOnly?: boolean; unarchivedOnly?: boolean; limit: number; offset: number },
): Promise<{ leads: InboxLead[]; total: number }> {
  const where = `AND ($3::text IS NULL OR d.status = $3) AND ($4::boolean IS NOT TRUE OR EXISTS (
      SELECT 1 FROM lead_messages m WHERE m.lead_id = d.id AND NOT m.withheld AND m.author = 'visitor'
        AND m.created_at > coalesce(d.read_at, '-infinity'::timestamptz))) AND ($5::boolean IS NOT TRUE OR d.status <> 'archived')`;
  const params = [scope.agencyId, scope.env, filter.status ?? null, filter.unreadOnly ?? false, filter.unarchivedOnly ?? false];
  const [page, count] = await Promise.all([
    db.query<SummaryRow & { last_author: 'visitor' | 'agency' | null; last_text: string | null }>(
      `SELECT ${SUMMARY_COLUMNS}, lm.author AS last_author, left(lm.body, ${EXCERPT_LENGTH * 3}) AS last_text
       ${AGENCY_LEADS} ${LATEST_MESSAGE} ${AGENCY_FILTER} ${where} ORDER BY d.last_message_at DESC, d.id DESC LIMIT $6 OFFSET $7`,
      [...params, filter.limit, filter.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total ${AGENCY_SCOPE} ${where}`, params),
  ]);
  const leads = page.rows.map((row) => ({
    ...toSummary(row),
    lastMessage: row.last_author === null || row.last_text === null ? null : { author: row.last_author, excerpt: excerptOf(row.last_text) },
  }));
  return { leads, total: count.rows[0]?.total ?? 0 };
}

/** One line: blank space folded, cut at a word with an ellipsis when longer than EXCERPT_LENGTH. */
function excerptOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= EXCERPT_LENGTH) return line;
  const cut = line.slice(0, EXCERPT_LENGTH);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > EXCERPT_LENGTH / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** How many conversations the agency has in each status, and how many hold unread messages. */
export async function leadCounts(db: Queryable, scope: AgencyEnv): Promise<Record<LeadStatus, number> & { unread: number }> {
  const { rows } = await db.query<{ status: LeadStatus; n: number; unread: number }>(
    `SELECT d.status, count(*)::int AS n, count(*) FILTER (WHERE EXISTS (
       SELECT 1 FROM lead_messages m WHERE m.lead_id = d.id AND NOT m.withheld AND m.author = 'visitor'
         AND m.created_at > coalesce(d.read_at, '-infinity'::timestamptz)))::int AS unread
     FROM leads d WHERE d.agency_id = $1 AND d.env = $2 AND NOT d.withheld GROUP BY d.status`,
    [scope.agencyId, scope.env],
  );
  const counts = { new: 0, read: 0, replied: 0, archived: 0, unread: 0 };
  for (const row of rows) {
    counts[row.status] = row.n;
    counts.unread += row.unread;
  }
  return counts;
}

/** One conversation of the agency with its messages, oldest first; null when not the agency's. */
export async function findLeadThread(db: Queryable, scope: AgencyEnv, leadId: string): Promise<LeadThread | null> {
  const { rows } = await db.query<SummaryRow>(`SELECT ${SUMMARY_COLUMNS} ${AGENCY_SCOPE} AND d.id = $3`, [
    scope.agencyId,
    scope.env,
    leadId,
  ]);
  if (!rows[0]) return null;
  return { ...toSummary(rows[0]), messages: await threadMessages(db, leadId, { withheld: false }) };
}

/** A conversation's messages, oldest first; the agency never sees what a blocked visitor wrote. */
export async function threadMessages(db: Queryable, leadId: string, options: { withheld: boolean }): Promise<LeadMessage[]> {
  const { rows } = await db.query<{
    id: string;
    author: 'visitor' | 'agency';
    author_user_id: string | null;
    user_email: string | null;
    author_key_id: string | null;
    key_name: string | null;
    body: string;
    created_at: Date;
  }>(
    `SELECT m.id, m.author, m.author_user_id, u.email AS user_email, m.author_key_id, k.name AS key_name, m.body, m.created_at
     FROM lead_messages m LEFT JOIN users u ON u.id = m.author_user_id LEFT JOIN api_keys k ON k.id = m.author_key_id
     WHERE m.lead_id = $1 AND ($2 OR NOT m.withheld) ORDER BY m.created_at, m.id`,
    [leadId, options.withheld],
  );
  return rows.map((r) => ({
    messageId: r.id,
    author: r.author,
    writtenBy: r.author_user_id
      ? { kind: 'user', id: r.author_user_id, label: r.user_email ?? 'membre supprimé' }
      : r.author_key_id
        ? { kind: 'key', id: r.author_key_id, label: r.key_name ?? r.author_key_id }
        : null,
    text: r.body,
    createdAt: r.created_at,
  }));
}

/** The agency opened the conversation: its messages are read, and a new one is `read`. */
export async function markLeadOpened(db: Queryable, scope: AgencyEnv, leadId: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE leads SET read_at = $4, status = CASE WHEN status = 'new' THEN 'read' ELSE status END
     WHERE agency_id = $1 AND env = $2 AND id = $3 AND NOT withheld`,
    [scope.agencyId, scope.env, leadId, now],
  );
}

/**
 * Files the conversation under `status`; false when it is not the agency's. Filing it as `read`
 * also reads its messages: a CRM that says it read a conversation has no unread ones left.
 */
export async function setLeadStatus(db: Queryable, scope: AgencyEnv, leadId: string, status: LeadStatus, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE leads SET status = $4, read_at = CASE WHEN $4 = 'read' THEN $5 ELSE read_at END
     WHERE agency_id = $1 AND env = $2 AND id = $3 AND NOT withheld`,
    [scope.agencyId, scope.env, leadId, status, now],
  );
  return rowCount > 0;
}
