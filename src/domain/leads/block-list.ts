import type { Queryable } from '../../platform/db/database.js';
import { normaliseEmail } from '../credentials/email.js';
import type { AgencyEnv } from '../tenant.js';

/**
 * An agency's block list (docs/decisions.md §16): a blocked visitor's later messages are
 * accepted on the site, so the visitor learns nothing, but are withheld: the agency never sees
 * them, is never mailed about them and no webhook tells of them.
 */
export async function isBlocked(db: Queryable, agencyId: string, email: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM lead_blocked_emails WHERE agency_id = $1 AND email = $2', [
    agencyId,
    normaliseEmail(email),
  ]);
  return rows.length > 0;
}

/** Blocks the visitor of one of the agency's conversations; false when it is not the agency's. */
export async function blockVisitorOf(db: Queryable, scope: AgencyEnv, leadId: string, by: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO lead_blocked_emails (agency_id, email, blocked_at, blocked_by)
     SELECT agency_id, lower(email), $4, $5 FROM leads WHERE agency_id = $1 AND env = $2 AND id = $3 AND NOT withheld
     ON CONFLICT (agency_id, email) DO NOTHING`,
    [scope.agencyId, scope.env, leadId, now, by],
  );
  if (rowCount > 0) return true;
  const { rows } = await db.query('SELECT 1 FROM leads WHERE agency_id = $1 AND env = $2 AND id = $3 AND NOT withheld', [
    scope.agencyId,
    scope.env,
    leadId,
  ]);
  return rows.length > 0;
}

export async function unblockVisitor(db: Queryable, agencyId: string, email: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM lead_blocked_emails WHERE agency_id = $1 AND email = $2', [
    agencyId,
    normaliseEmail(email),
  ]);
  return rowCount > 0;
}

export async function blockedVisitors(db: Queryable, agencyId: string): Promise<Array<{ email: string; blockedAt: Date }>> {
  const { rows } = await db.query<{ email: string; blocked_at: Date }>(
    'SELECT email, blocked_at FROM lead_blocked_emails WHERE agency_id = $1 ORDER BY blocked_at DESC, email',
    [agencyId],
  );
  return rows.map((r) => ({ email: r.email, blockedAt: r.blocked_at }));
}
