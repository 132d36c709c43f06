import type { Queryable } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';

import type { Plan } from './plans.js';

export interface Agency {
  id: string;
  name: string;
  email: string | null;
  siren: string | null;
  plan: Plan;
  verified: boolean;
  verifiedAt: Date | null;
  shareWithServiceDefault: boolean;
  shareWithRelayDefault: boolean;
  createdAt: Date;
  verificationRefusedAt: Date | null;
  verificationRefusalReason: string | null;
  suspendedAt: Date | null;
  suspensionReason: string | null;
}

export interface AgencyRow {
  id: string;
  name: string;
  email: string | null;
  siren: string | null;
  plan: Plan;
  verified: boolean;
  verified_at: Date | null;
  share_with_service_default: boolean;
  share_with_relay_default: boolean;
  created_at: Date;
  verification_refused_at: Date | null;
  verification_refusal_reason: string | null;
  suspended_at: Date | null;
  suspension_reason: string | null;
}

export const toAgency = (row: AgencyRow): Agency => ({
  id: row.id,
  name: row.name,
  email: row.email,
  siren: row.siren,
  plan: row.plan,
  verified: row.verified,
  verifiedAt: row.verified_at,
  shareWithServiceDefault: row.share_with_service_default,
  shareWithRelayDefault: row.share_with_relay_default,
  createdAt: row.created_at,
  verificationRefusedAt: row.verification_refused_at,
  verificationRefusalReason: row.verification_refusal_reason,
  suspendedAt: row.suspended_at,
  suspensionReason: row.suspension_reason,
});

export interface NewAgency {
  name: string;
  plan: Plan;
  email?: string | null;
  siren?: string | null;
  verified?: boolean;
  shareWithServiceDefault?: boolean;
  shareWithRelayDefault?: boolean;
}

export async function insertAgency(db: Queryable, input: NewAgency): Promise<Agency> {
  const { rows } = await db.query<AgencyRow>(
    `INSERT INTO agencies (id, name, email, siren, plan, verified, verified_at, share_with_service_default, share_with_relay_default)
     VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $6 THEN now() END, $7, $8) RETURNING *`,
    [
      newId('agc'),
      input.name,
      input.email ?? null,
      input.siren ?? null,
      input.plan,
      input.verified ?? false,
      input.shareWithServiceDefault ?? true,
      input.shareWithRelayDefault ?? false,
    ],
  );
  return toAgency(rows[0]!);
}

export async function findAgency(db: Queryable, id: string): Promise<Agency | null> {
  const { rows } = await db.query<AgencyRow>('SELECT * FROM agencies WHERE id = $1', [id]);
  return rows[0] ? toAgency(rows[0]) : null;
}

export interface AgencyPage {
  agencies: Agency[];
  /** The id to give as `after` for the next page; null on the last. */
  next: string | null;
}

/**
 * Agencies whose name contains `nameContains` (any case; all without it), oldest first, `limit`
 * at a time: the page after the agency `after`. The database filters and pages, so an operator's
 * search reads only the page it answers.
 */
export async function listAgencies(db: Queryable, page: { nameContains?: string; after?: string; limit: number }): Promise<AgencyPage> {
  const { rows } = await db.query<AgencyRow>(
    `SELECT * FROM agencies
     WHERE ($1::text IS NULL OR position(lower($1) in lower(name)) > 0)
       AND ($2::text IS NULL OR (created_at, id) > (SELECT created_at, id FROM agencies WHERE id = $2))
     ORDER BY created_at, id LIMIT $3`,
    [page.nameContains ?? null, page.after ?? null, page.limit + 1],
  );
  const agencies = rows.slice(0, page.limit).map(toAgency);
  return { agencies, next: rows.length > page.limit ? agencies.at(-1)!.id : null };
}

/**
 * Marks the agency verified (clearing an earlier refusal); returns whether it was not verified
 * before (first verification).
 */
export async function markVerified(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE agencies SET verified = true, verified_at = now(), verification_refused_at = NULL, verification_refusal_reason = NULL
     WHERE id = $1 AND NOT verified`,
    [id],
  );
  return rowCount > 0;
}

export async function setPlan(db: Queryable, id: string, plan: Plan): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE agencies SET plan = $2 WHERE id = $1', [id, plan]);
  return rowCount > 0;
}

/** Agencies whose name or e-mail contains `text` (any case), or whose SIREN or id is `text`; newest first. */
export async function searchAgencies(db: Queryable, text: string, limit: number): Promise<Agency[]> {
  const wanted = text.trim();
  const { rows } = await db.query<AgencyRow>(
    `SELECT * FROM agencies
     WHERE $1 = '' OR position(lower($1) in lower(name)) > 0 OR position(lower($1) in lower(coalesce(email, ''))) > 0
        OR siren = replace($1, ' ', '') OR id = $1
     ORDER BY created_at DESC, id DESC LIMIT $2`,
    [wanted, limit],
  );
  return rows.map(toAgency);
}
