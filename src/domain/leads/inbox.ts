import type { Queryable } from '../../platform/db/database.js';
import { listLeads, markLeadsRead, type LeadLine } from './lead-store.js';

export const LEADS_PAGE = 50;

/**
 * One page of the agency's leads as they were before this visit, now marked read: the page
 * shows which were new, and the next visit never finds them new again.
 */
export async function readLeadsPage(
  db: Queryable,
  agencyId: string,
  page: number,
  at: Date,
): Promise<{ leads: LeadLine[]; total: number; unread: number }> {
  const listed = await listLeads(db, agencyId, { limit: LEADS_PAGE, offset: (page - 1) * LEADS_PAGE });
  await markLeadsRead(
    db,
    agencyId,
    listed.leads.filter((l) => !l.read).map((l) => l.id),
    at,
  );
  return listed;
}
