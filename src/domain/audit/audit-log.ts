import type { Queryable } from '../../platform/db/database.js';

/** Who acted: an operator's id, a pro user's id (their own account's events), or the operator API's bearer token (the CLI, scripts). */
export const ADMIN_TOKEN_ACTOR = 'admin-token';

/** What an entry is about. `address`: a client address's limit, named by its hashed bucket (never the address). */
export const AUDIT_TARGET_TYPES = ['agency', 'key', 'listing', 'operator', 'user', 'address'] as const;

export interface AuditEntry {
  actor: string;
  action: string;
  targetType: (typeof AUDIT_TARGET_TYPES)[number];
  targetId: string;
  /** The agency whose activity page shows the entry (a pro user's account events). */
  agencyId?: string;
  before?: unknown;
  after?: unknown;
}

export interface AuditRecord extends AuditEntry {
  seq: number;
  at: Date;
  /** The acting operator's or pro user's e-mail (a disabled operator's included); null for the operator API's token. */
  actorEmail: string | null;
  /** The target operator's or user's e-mail, when the target is one. */
  targetEmail: string | null;
  /** What an operator calls the target: an agency's name, a listing's public title, a key's name (null for others, or gone). */
  targetName: string | null;
}

/** Appends one entry; call it in the transaction of the change it records, so neither exists without the other. */
export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO operator_audit (actor, action, target_type, target_id, agency_id, before, after) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
    [
      entry.actor,
      entry.action,
      entry.targetType,
      entry.targetId,
      entry.agencyId ?? null,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
    ],
  );
}

interface AuditRow {
  seq: string;
  at: Date;
  actor: string;
  action: string;
  target_type: AuditEntry['targetType'];
  target_id: string;
  agency_id: string | null;
  before: unknown;
  after: unknown;
  actor_email: string | null;
  target_email: string | null;
  target_name: string | null;
}

/**
 * Newest first, with the e-mails of the operators and users acting and acted on; `before` is the
 * seq of the last entry of the previous page; `agencyId` keeps an agency's entries alone (its
 * activity page).
 */
export async function readAudit(
  db: Queryable,
  options: {
    limit: number;
    before?: number;
    target?: { type: AuditEntry['targetType']; id: string };
    agencyId?: string;
    /** Only the entries about this kind of target. */
    targetType?: AuditEntry['targetType'];
    /** Only the entries of this operator or pro user, by e-mail (any case). */
    actorEmail?: string;
  },
): Promise<AuditRecord[]> {
  const params: unknown[] = [options.limit, options.before ?? null];
  let where = '($2::bigint IS NULL OR a.seq < $2)';
  if (options.target) {
    params.push(options.target.type, options.target.id);
    where += ` AND a.target_type = $${params.length - 1} AND a.target_id = $${params.length}`;
  }
  if (options.agencyId !== undefined) {
    params.push(options.agencyId);
    where += ` AND a.agency_id = $${params.length}`;
  }
  if (options.targetType !== undefined) {
    params.push(options.targetType);
    where += ` AND a.target_type = $${params.length}`;
  }
  if (options.actorEmail !== undefined) {
    params.push(options.actorEmail.trim().toLowerCase());
    where += ` AND lower(coalesce(o.email, u.email)) = $${params.length}`;
  }
  const { rows } = await db.query<AuditRow>(
    `SELECT a.*, coalesce(o.email, u.email) AS actor_email, coalesce(target.email, target_user.email) AS target_email,
       coalesce(target_agency.name, target_listing.public_title, target_key.name) AS target_name
     FROM operator_audit a
     LEFT JOIN operators o ON o.id = a.actor
     LEFT JOIN users u ON u.id = a.actor
     LEFT JOIN operators target ON a.target_type = 'operator' AND target.id = a.target_id
     LEFT JOIN users target_user ON a.target_type = 'user' AND target_user.id = a.target_id
     LEFT JOIN agencies target_agency ON a.target_type = 'agency' AND target_agency.id = a.target_id
     LEFT JOIN listings target_listing ON a.target_type = 'listing' AND target_listing.id = a.target_id
     LEFT JOIN api_keys target_key ON a.target_type = 'key' AND target_key.id = a.target_id
     WHERE ${where} ORDER BY a.seq DESC LIMIT $1`,
    params,
  );
  return rows.map((row) => ({
    seq: Number(row.seq),
    at: row.at,
    actor: row.actor,
    actorEmail: row.actor_email,
    targetEmail: row.target_email,
    targetName: row.target_name,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    ...(row.agency_id === null ? {} : { agencyId: row.agency_id }),
    before: row.before ?? undefined,
    after: row.after ?? undefined,
  }));
}
