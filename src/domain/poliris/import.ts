import { refuse, type FieldError, type Outcome, type Refusal } from '../../platform/outcome.js';
import type { LineIssue } from './contract.js';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import type { AgencyEnv } from '../tenant.js';
import { abandonSession, startSession } from '../sync/sessions.js';
import { openPolirisFile, type PolirisUpload } from './archive.js';
import { POLIRIS_LIMITS } from './limits.js';
import { rankOfModelField, readPolirisLine } from './read-listing.js';
import { IssueList, saveReport, type ImportOrigin, type ImportReport } from './import-reports.js';
import { planFile } from './import-plan.js';
import { completeImport, openImportSession, writeFileLines, type ImportCounts, type ImportParts } from './import-steps.js';

export type { ImportOrigin, ImportReport } from './import-reports.js';
export { getImport, listImports } from './import-reports.js';
export type { ImportParts } from './import-steps.js';

export interface ImportOptions {
  origin: ImportOrigin;
  fileName: string | null;
  /** Withdraw past the 20 % cap of a full sync (docs/decisions.md §15). */
  force: boolean;
  onRuleError?: (error: unknown) => void;
}

export const POLIRIS_PARTS: ImportParts = { open: openPolirisFile, read: readPolirisLine, rankOf: rankOfModelField };

/**
 * The largest file an agency may send, as it is sent (a ZIP; `Annonces.csv` alone is counted as
 * it comes, so a large set travels zipped): every way in refuses a larger one before reading it
 * all. The reader bounds what a ZIP expands to (`POLIRIS_LIMITS`, docs/poliris.md, "Limits").
 */
export const POLIRIS_UPLOAD_LIMIT = POLIRIS_LIMITS.compressedBytes;

const NOTHING_READABLE = 'Aucune ligne du fichier ne se lit comme une annonce (voir les erreurs par ligne) : rien n’a été écrit ni retiré.';
/** The lines' own errors, as the fields of the refusal (the first twenty; the report holds them all). */
const nothingReadableErrors = (errors: readonly LineIssue[]): FieldError[] => [
  { field: 'file', message: NOTHING_READABLE },
  ...errors.slice(0, 20).map((issue) => ({
    field: `line ${issue.line ?? '?'}${issue.rank === null ? '' : ` (rang ${issue.rank}${issue.field ? `, ${issue.field}` : ''})`}`,
    message: issue.message,
  })),
];

const ALREADY_RUNNING =
  'Un import ou une synchronisation complète de cette agence est déjà en cours : un seul à la fois. ' +
  'Rien n’a été modifié ; envoyez à nouveau le fichier quand le précédent sera terminé.';

/**
 * One passerelle file run as one full sync session of the agency (docs/poliris.md): read, mapped
 * line by line, written in batches through the push's write path, then what the file no longer
 * holds withdrawn. Over the cap without `force`, or a file refused whole: nothing is written.
 * Every outcome, a refusal included, leaves its report (`listImports`, `getImport`).
 */
export async function importPoliris(
  db: Database,
  tenant: AgencyEnv,
  upload: PolirisUpload,
  options: ImportOptions,
  now: () => Date,
  parts: ImportParts = POLIRIS_PARTS,
): Promise<Outcome<ImportReport>> {
  const startedAt = now();
  const importId = newId('imp', startedAt.getTime());
  const issues = { errors: new IssueList(), warnings: new IssueList() };
  const counts: ImportCounts = { lines: 0, created: 0, updated: 0, unchanged: 0, withdrawn: 0 };
  let syncId: string | null = null;
  const report = (refusal: Refusal | null): ImportReport => ({
    importId,
    syncId,
    origin: options.origin,
    fileName: options.fileName,
    startedAt,
    finishedAt: now(),
    outcome: refusal ? 'refused' : 'imported',
    refusal: refusal && { code: refusal.code, detail: refusal.detail },
    ...(refusal ? { ...counts, created: 0, updated: 0, unchanged: 0, withdrawn: 0 } : counts),
    errorCount: issues.errors.count,
    warningCount: issues.warnings.count,
    errors: issues.errors.listed,
    warnings: issues.warnings.listed,
  });
  const refused = async (refusal: Refusal): Promise<Refusal> => {
    await saveReport(db, tenant, report(refusal));
    return refusal;
  };

  const opened = await parts.open(upload);
  if (!opened.ok) return refused(opened);
  const file = opened.value;
  for (const warning of file.warnings) issues.warnings.add(warning);
  const plan = await planFile(file, parts.read, issues);
  counts.lines = plan.lines;
  if (plan.named.size === 0) return refused(refuse('validation_error', NOTHING_READABLE, nothingReadableErrors(issues.errors.listed)));

  const session = await startSession(db, tenant, now());
  if (!session.ok) return refused(refuse('conflict', ALREADY_RUNNING));
  syncId = session.value.syncId;
  const run = { db, tenant, syncId, now, parts, issues, counts };
  try {
    const overCap = await openImportSession(run, plan, options.force);
    if (overCap) {
      await abandonSession(db, tenant, syncId, now());
      return refused(overCap);
    }
    const onRuleError = options.onRuleError && ((_rule: string, error: unknown) => options.onRuleError!(error));
    if (await writeFileLines(run, file, plan, onRuleError)) await completeImport(run, options.force);
  } catch (error) {
    // A failure half-way withdraws nothing: the session is given up, what was written stays.
    await abandonSession(db, tenant, syncId, now()).catch(() => {});
    throw error;
  }
  const done = report(null);
  await saveReport(db, tenant, done);
  return { ok: true, value: done };
}
