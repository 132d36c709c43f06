import type { Queryable } from '../../platform/db/database.js';
import type { AgencyEnv } from '../tenant.js';
import type { LeadSummary } from './conversation-model.js';
import { recentLeads } from './conversation-store.js';

/**
 * What an agency's export of its conversations holds (the pro inbox's CSV, docs/site-and-spaces.md):
 * the inbox's conversations under the inbox's filters, latest activity first, each with the
 * visitor's first message (none once the visitor deleted the conversation).
 */
export interface ExportedLead extends LeadSummary {
  firstMessage: string | null;
}

/** An export holds at most this many conversations, the latest; a filter narrows a bigger inbox. */
export const EXPORT_MAX = 20_000;

export async function leadsForExport(
  db: Queryable,
  scope: AgencyEnv,
  filter: Omit<Parameters<typeof recentLeads>[2], 'limit' | 'offset'>,
): Promise<ExportedLead[]> {
  // One query for the lines, so a message arriving meanwhile neither repeats nor drops one.
  const { leads } = await recentLeads(db, scope, { ...filter, limit: EXPORT_MAX, offset: 0 });
  if (leads.length === 0) return [];
  const { rows } = await db.query<{ lead_id: string; body: string }>(
    `SELECT DISTINCT ON (lead_id) lead_id, body FROM lead_messages
     WHERE lead_id = ANY($1::text[]) AND NOT withheld ORDER BY lead_id, created_at, id`,
    [leads.map((lead) => lead.leadId)],
  );
  const first = new Map(rows.map((row) => [row.lead_id, row.body]));
  return leads.map((lead) => ({ ...lead, firstMessage: first.get(lead.leadId) ?? null }));
}
