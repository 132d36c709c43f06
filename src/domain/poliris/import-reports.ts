import type { Database, Queryable } from '../../platform/db/database.js';
import type { AgencyEnv } from '../tenant.js';
import type { LineIssue } from './contract.js';

/**
 * The reports of imports, kept for the pro space (docs/poliris.md, "Importing a file"): the
 * first `REPORT_ISSUES_MAX` errors and warnings of a file with the counts of all of them, so a
 * file of 50,000 bad lines neither fills the memory nor the table. Each agency keeps its
 * `REPORTS_KEPT` newest reports per environment, none older than `REPORT_KEPT_DAYS`: older ones
 * are removed when a new one is stored.
 */
export const REPORT_ISSUES_MAX = 1_000;
export const REPORTS_KEPT = 50;
export const REPORT_KEPT_DAYS = 90;

/** How a file reached the service. */
export type ImportOrigin = 'upload' | 'pull' | 'sftp';

/** The report of one import, kept for the pro space (a refused file has one too). */
export interface ImportReport {
  importId: string;
  /** The full sync session the import ran as; null when the file was refused before one opened. */
  syncId: string | null;
  origin: ImportOrigin;
  fileName: string | null;
  startedAt: Date;
  finishedAt: Date;
  /** `imported`, or `refused` when the file as a whole was (then nothing was written). */
  outcome: 'imported' | 'refused';
  /** Why the whole file was refused, in French. */
  refusal: { code: string; detail: string } | null;
  lines: number;
  created: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
  /** How many errors and warnings there were in all; `errors` and `warnings` list the first `REPORT_ISSUES_MAX`. */
  errorCount: number;
  warningCount: number;
  errors: LineIssue[];
  warnings: LineIssue[];
}

/** Issues as a report lists them: the first ones in order, and how many there were in all. */
export class IssueList {
  readonly listed: LineIssue[] = [];
  count = 0;
  constructor(private readonly max = REPORT_ISSUES_MAX) {}
  add(issue: LineIssue): void {
    this.count += 1;
    if (this.listed.length < this.max) this.listed.push(issue);
  }
}

interface ReportRow {
  id: string;
  origin: ImportOrigin;
  file_name: string | null;
  started_at: Date;
  finished_at: Date;
  outcome: 'imported' | 'refused';
  refusal_code: string | null;
  refusal_detail: string | null;
  sync_id: string | null;
  lines: number;
  created: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
  error_count: number;
  warning_count: number;
  errors: LineIssue[] | string;
  warnings: LineIssue[] | string;
}

const COLUMNS =
  'id, origin, file_name, started_at, finished_at, outcome, refusal_code, refusal_detail, sync_id, lines, created, updated, unchanged, withdrawn, error_count, warning_count';

const issues = (value: LineIssue[] | string): LineIssue[] => (typeof value === 'string' ? (JSON.parse(value) as LineIssue[]) : value);

function toReport(row: ReportRow): ImportReport {
  return {
    importId: row.id,
    syncId: row.sync_id,
    origin: row.origin,
    fileName: row.file_name,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    outcome: row.outcome,
    refusal: row.refusal_code === null ? null : { code: row.refusal_code, detail: row.refusal_detail ?? '' },
    lines: row.lines,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    withdrawn: row.withdrawn,
    errorCount: row.error_count,
    warningCount: row.warning_count,
    errors: issues(row.errors),
    warnings: issues(row.warnings),
  };
}

/** Stores a report (its issues as listed) and removes the agency's reports past what is kept. */
export async function saveReport(db: Database, tenant: AgencyEnv, report: ImportReport): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO poliris_imports (agency_id, env, ${COLUMNS}, errors, warnings)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19::jsonb, $20::jsonb)`,
      [
        tenant.agencyId,
        tenant.env,
        report.importId,
        report.origin,
        report.fileName,
        report.startedAt.toISOString(),
        report.finishedAt.toISOString(),
        report.outcome,
        report.refusal?.code ?? null,
        report.refusal?.detail ?? null,
        report.syncId,
        report.lines,
        report.created,
        report.updated,
        report.unchanged,
        report.withdrawn,
        report.errorCount,
        report.warningCount,
        JSON.stringify(report.errors.slice(0, REPORT_ISSUES_MAX)),
        JSON.stringify(report.warnings.slice(0, REPORT_ISSUES_MAX)),
      ],
    );
    await purgeReports(tx, tenant, report.finishedAt);
  });
}

async function purgeReports(tx: Queryable, tenant: AgencyEnv, now: Date): Promise<void> {
  const oldest = new Date(now.getTime() - REPORT_KEPT_DAYS * 86_400_000).toISOString();
  await tx.query(
    `DELETE FROM poliris_imports WHERE agency_id = $1 AND env = $2 AND (started_at < $3 OR id IN (
       SELECT id FROM poliris_imports WHERE agency_id = $1 AND env = $2 ORDER BY started_at DESC, id DESC OFFSET $4))`,
    [tenant.agencyId, tenant.env, oldest, REPORTS_KEPT],
  );
}

/** The agency's newest reports in this environment, newest first, without their issues (a list shows counts). */
export async function listImports(db: Queryable, tenant: AgencyEnv, limit: number): Promise<ImportReport[]> {
  const { rows } = await db.query<ReportRow>(
    `SELECT ${COLUMNS}, '[]'::jsonb AS errors, '[]'::jsonb AS warnings FROM poliris_imports
     WHERE agency_id = $1 AND env = $2 ORDER BY started_at DESC, id DESC LIMIT $3`,
    [tenant.agencyId, tenant.env, Math.max(0, Math.min(limit, REPORTS_KEPT))],
  );
  return rows.map(toReport);
}

/** One report with its issues; null when unknown or another agency's (or environment's). */
export async function getImport(db: Queryable, tenant: AgencyEnv, importId: string): Promise<ImportReport | null> {
  const { rows } = await db.query<ReportRow>(
    `SELECT ${COLUMNS}, errors, warnings FROM poliris_imports WHERE id = $1 AND agency_id = $2 AND env = $3`,
    [importId, tenant.agencyId, tenant.env],
  );
  return rows[0] ? toReport(rows[0]) : null;
}
