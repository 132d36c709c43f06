import type { Queryable } from '../../platform/db/database.js';
import { refuse, success, type Outcome } from '../../platform/outcome.js';
import { outboundUrlRule, WEBHOOK_URL_MAX, type OutboundUrlRule } from '../webhooks/endpoint-url.js';
import type { AgencyEnv } from '../tenant.js';

/**
 * Where an agency's software publishes its passerelle file, for the scheduled pull
 * (docs/operations.md, "Background work"): one URL per agency and environment, under the
 * outbound rules every URL the service calls follows (the webhooks', `outboundUrlRule`).
 */

/** The pro space's page of the pull and the SFTP drop: the failure mail links to it, the route is declared with it. */
export const PASSERELLE_PAGE_PATH = '/pro/passerelle';

/** How often each agency's file is fetched; a new URL is fetched at the next sweep. */
export const PULL_EVERY_MS = 4 * 3_600_000;

/** The outbound rules, worded for the pull's form and its reports. */
export const PULL_URL_PROBLEMS_FR: Record<OutboundUrlRule, string> = {
  notAbsolute: 'Saisissez une adresse complète, par exemple https://logiciel.exemple.fr/export/agence.zip.',
  scheme: 'L’adresse doit commencer par https:// (ou http:// en TEST).',
  liveNeedsHttps: 'Une adresse LIVE doit utiliser https:// ; http:// n’est accepté qu’en TEST (bac à sable).',
  credentials: 'L’adresse ne doit contenir ni nom d’utilisateur ni mot de passe ; un jeton dans l’adresse (…?cle=…) convient.',
  fragment: 'L’adresse ne doit pas contenir de #fragment.',
  private:
    'Cette adresse désigne une machine locale ou un réseau privé : nous n’y cherchons aucun fichier. Indiquez une adresse joignable depuis Internet.',
};

export type PullResult = 'imported' | 'not_modified' | 'refused' | 'failed';

export interface PullSetting {
  env: 'live' | 'test';
  url: string;
  etag: string | null;
  lastModified: string | null;
  nextPullAt: Date;
  lastPullAt: Date | null;
  lastResult: PullResult | null;
  /** Why the last pull failed or was refused, in French. */
  lastDetail: string | null;
  lastImportId: string | null;
  failingSince: Date | null;
}

interface PullRow {
  env: 'live' | 'test';
  url: string;
  etag: string | null;
  last_modified: string | null;
  next_pull_at: Date;
  last_pull_at: Date | null;
  last_result: PullResult | null;
  last_detail: string | null;
  last_import_id: string | null;
  failing_since: Date | null;
}

const COLUMNS = 'env, url, etag, last_modified, next_pull_at, last_pull_at, last_result, last_detail, last_import_id, failing_since';
const date = (value: Date | null) => (value === null ? null : new Date(value));
const toSetting = (row: PullRow): PullSetting => ({
  env: row.env,
  url: row.url,
  etag: row.etag,
  lastModified: row.last_modified,
  nextPullAt: new Date(row.next_pull_at),
  lastPullAt: date(row.last_pull_at),
  lastResult: row.last_result,
  lastDetail: row.last_detail,
  lastImportId: row.last_import_id,
  failingSince: date(row.failing_since),
});

/** The French reason a pull URL is refused, or null when it may be pulled. */
export function pullUrlProblem(url: string, env: 'live' | 'test', allowPrivate: boolean): string | null {
  if (url.length > WEBHOOK_URL_MAX) return `L’adresse dépasse ${WEBHOOK_URL_MAX} caractères.`;
  const rule = outboundUrlRule(url, env, allowPrivate);
  return rule && PULL_URL_PROBLEMS_FR[rule];
}

/** Sets the tenant's pull URL; a changed URL starts afresh (no validators, no failure streak) and is pulled at the next sweep. */
export async function setPullUrl(
  db: Queryable,
  tenant: AgencyEnv,
  url: string,
  options: { allowPrivate: boolean },
  now: Date,
): Promise<Outcome<null>> {
  const problem = pullUrlProblem(url, tenant.env, options.allowPrivate);
  if (problem) return refuse('validation_error', problem, [{ field: 'url', message: problem }]);
  await db.query(
    `INSERT INTO poliris_pulls AS p (agency_id, env, url, next_pull_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $4, $4)
     ON CONFLICT (agency_id, env) DO UPDATE SET url = excluded.url, next_pull_at = excluded.next_pull_at, updated_at = excluded.updated_at,
       etag = NULL, last_modified = NULL, failing_since = NULL, failure_mailed_at = NULL
     WHERE p.url IS DISTINCT FROM excluded.url`,
    [tenant.agencyId, tenant.env, url, now],
  );
  return success(null);
}

/** Stops the tenant's scheduled pull; its last result goes with it. */
export async function clearPullUrl(db: Queryable, tenant: AgencyEnv): Promise<void> {
  await db.query(`DELETE FROM poliris_pulls WHERE agency_id = $1 AND env = $2`, [tenant.agencyId, tenant.env]);
}

export async function pullSetting(db: Queryable, tenant: AgencyEnv): Promise<(PullSetting & { failureMailed: boolean }) | null> {
  const { rows } = await db.query<PullRow & { failure_mailed_at: Date | null }>(
    `SELECT ${COLUMNS}, failure_mailed_at FROM poliris_pulls WHERE agency_id = $1 AND env = $2`,
    [tenant.agencyId, tenant.env],
  );
  return rows[0] ? { ...toSetting(rows[0]), failureMailed: rows[0].failure_mailed_at !== null } : null;
}

/** The agency's pull settings, LIVE first. */
export async function pullSettings(db: Queryable, agencyId: string): Promise<PullSetting[]> {
  const { rows } = await db.query<PullRow>(`SELECT ${COLUMNS} FROM poliris_pulls WHERE agency_id = $1 ORDER BY env`, [agencyId]);
  return rows.map(toSetting);
}

/**
 * The pulls due now, moved to their next period in the same statement: each is handed out once
 * however many runners sweep. Locked in key order, as every statement that locks several rows.
 * A LIVE pull waits while its agency may not hold LIVE keys (unverified, suspended), as a LIVE key would.
 */
export async function takeDuePulls(db: Queryable, now: Date, limit: number): Promise<AgencyEnv[]> {
  const { rows } = await db.query<{ agency_id: string; env: 'live' | 'test' }>(
    `WITH due AS (
       SELECT agency_id, env FROM poliris_pulls p
       WHERE next_pull_at <= $1
         AND (env = 'test' OR EXISTS (SELECT 1 FROM agencies g WHERE g.id = p.agency_id AND g.verified AND g.suspended_at IS NULL))
       ORDER BY agency_id, env LIMIT $3 FOR UPDATE SKIP LOCKED
     )
     UPDATE poliris_pulls q SET next_pull_at = $2 FROM due WHERE q.agency_id = due.agency_id AND q.env = due.env
     RETURNING q.agency_id, q.env`,
    [now, new Date(now.getTime() + PULL_EVERY_MS), limit],
  );
  return rows.map((row) => ({ agencyId: row.agency_id, env: row.env }));
}

export interface PullRecord {
  result: PullResult;
  detail: string | null;
  importId: string | null;
  /** The validators of the file imported, kept for the next pull's conditional request. */
  validators?: { etag: string | null; lastModified: string | null };
}

/**
 * Writes a pull's result, if the URL pulled is still the tenant's. A failure starts or carries on
 * a streak; a success ends it. True when this failure is the streak's first to be told (the
 * caller mails the agency in the same transaction).
 */
export async function recordPull(tx: Queryable, tenant: AgencyEnv, url: string, record: PullRecord, now: Date): Promise<boolean> {
  const failed = record.result === 'failed' || record.result === 'refused';
  const { rows } = await tx.query<{ tell: boolean }>(
    `WITH before AS (
       SELECT failure_mailed_at FROM poliris_pulls WHERE agency_id = $1 AND env = $2 AND url = $3 FOR UPDATE
     )
     UPDATE poliris_pulls p SET last_pull_at = $4, last_result = $5, last_detail = $6, last_import_id = COALESCE($7, p.last_import_id),
       etag = CASE WHEN $8 THEN $9 ELSE p.etag END, last_modified = CASE WHEN $8 THEN $10 ELSE p.last_modified END,
       failing_since = CASE WHEN $11 THEN COALESCE(p.failing_since, $4) END,
       failure_mailed_at = CASE WHEN $11 THEN COALESCE(p.failure_mailed_at, $4) END, updated_at = $4
     FROM before WHERE p.agency_id = $1 AND p.env = $2
     RETURNING ($11 AND before.failure_mailed_at IS NULL) AS tell`,
    [
      tenant.agencyId,
      tenant.env,
      url,
      now,
      record.result,
      record.detail,
      record.importId,
      record.validators !== undefined,
      record.validators?.etag ?? null,
      record.validators?.lastModified ?? null,
      failed,
    ],
  );
  return rows[0]?.tell ?? false;
}
