import type { Queryable } from '../../platform/db/database.js';
import { hashLinkSecret, LINK_SECRET_PATTERN, newLinkSecret } from '../credentials/link-secret.js';

/**
 * The visitor's private links (`/messages/{token}`, docs/decisions.md §16): 256 random bits,
 * only their hash stored. Each mail to the visitor carries a fresh one, since a stored hash
 * cannot be turned back into a link; all of a conversation's links open it.
 */
export async function newVisitorLink(tx: Queryable, leadId: string, now: Date): Promise<string> {
  const token = newLinkSecret();
  await tx.query('INSERT INTO lead_visitor_links (token_hash, lead_id, created_at) VALUES ($1, $2, $3)', [
    hashLinkSecret(token),
    leadId,
    now,
  ]);
  return token;
}

/** `issuedAt`: when the mail carrying the link was written. */
export type VisitorLinkLookup = { kind: 'open'; leadId: string; issuedAt: Date } | { kind: 'deleted' } | { kind: 'unknown' };

/** The conversation a link opens; a deleted one is told apart so its page can say so. */
export async function followVisitorLink(db: Queryable, token: string): Promise<VisitorLinkLookup> {
  if (!LINK_SECRET_PATTERN.test(token)) return { kind: 'unknown' };
  const { rows } = await db.query<{ lead_id: string; visitor_deleted_at: Date | null; created_at: Date }>(
    `SELECT d.id AS lead_id, d.visitor_deleted_at, k.created_at FROM lead_visitor_links k JOIN leads d ON d.id = k.lead_id WHERE k.token_hash = $1`,
    [hashLinkSecret(token)],
  );
  const row = rows[0];
  if (!row) return { kind: 'unknown' };
  return row.visitor_deleted_at ? { kind: 'deleted' } : { kind: 'open', leadId: row.lead_id, issuedAt: new Date(row.created_at) };
}
