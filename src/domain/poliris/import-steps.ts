import { refuse, type FieldError, type Outcome, type Refusal } from '../../platform/outcome.js';
import type { Database } from '../../platform/db/database.js';
import type { AgencyEnv } from '../tenant.js';
import { writeItems, type ItemCheck, type ItemResult } from '../listings/bulk-write.js';
import { abandonSession, completeSession, noteSeen } from '../sync/sessions.js';
import { planWithdrawal, WITHDRAW_CAP } from '../sync/withdraw.js';
import type { LineIssue, PolirisFile, RawLine } from './contract.js';
import type { PolirisUpload } from './archive.js';
import type { MappedLine } from './read-listing.js';
import type { DuplicateProbe } from '../listings/duplicate-candidates.js';
import type { IssueList } from './import-reports.js';
import type { FilePlan, ValidLine } from './import-plan.js';

/**
 * The steps of an import once its file is read (`import.ts` runs them in order): the session
 * told every externalId the file names and the cap checked before anything is written, the
 * lines written in batches, the session completed.
 */

/** The parts an import is made of: reading the file and mapping its lines (replaced in tests of the import alone). */
export interface ImportParts {
  open(upload: PolirisUpload): Promise<Outcome<PolirisFile>>;
  read(raw: RawLine): MappedLine;
  rankOf(field: string): { rank: number; field: string } | null;
}

export interface ImportCounts {
  lines: number;
  created: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
}

/** What the steps of one import share. */
export interface ImportRun {
  db: Database;
  tenant: AgencyEnv;
  syncId: string;
  now: () => Date;
  parts: ImportParts;
  issues: { errors: IssueList; warnings: IssueList };
  counts: ImportCounts;
}

/** Lines written per transaction: a push's size, so a file is written as fast as the same listings pushed. */
export const IMPORT_BATCH = 500;
/** externalIds told to the session per statement. */
const SEEN_CHUNK = 5_000;

/**
 * Tells the session every externalId the file names, then counts what completing it would
 * withdraw: more than the cap without `force` is the refusal to answer, before any line is written.
 */
export async function openImportSession(run: ImportRun, plan: FilePlan, force: boolean): Promise<Refusal | null> {
  const { db, tenant, syncId, now } = run;
  const named = [...plan.named.keys()];
  for (let start = 0; start < named.length; start += SEEN_CHUNK) {
    const seen = await noteSeen(db, tenant, syncId, named.slice(start, start + SEEN_CHUNK), now());
    if (!seen.ok) return seen;
  }
  if (force) return null;
  const { onMarket, unseen } = await db.transaction((tx) => planWithdrawal(tx, tenant, syncId));
  if (unseen <= onMarket * WITHDRAW_CAP) return null;
  return refuse(
    'conflict',
    `Ce fichier retirerait ${unseen} des ${onMarket} annonces en vente (${Math.round((100 * unseen) / onMarket)} %), ` +
      `plus que les ${WITHDRAW_CAP * 100} % qu’un import retire sans confirmation. Rien n’a été modifié. ` +
      'Si ces annonces ne sont vraiment plus en vente, importez à nouveau le fichier en confirmant le retrait (force=true).',
  );
}

const issueOf = (line: MappedLine, rankOf: ImportParts['rankOf'], code: string, error: FieldError): LineIssue => {
  const at = rankOf(error.field);
  return { line: line.line, reference: line.reference, rank: at?.rank ?? null, field: at?.field ?? null, code, message: error.message };
};

/** Counts a written batch, and reports each line the write path refused or remarked on. */
function noteBatch(run: ImportRun, batch: readonly MappedLine[], results: readonly ItemResult[]): void {
  const { issues, counts, parts } = run;
  results.forEach((result, i) => {
    const line = batch[i]!;
    if (result.ok) {
      counts[result.listing.outcome] += 1;
      for (const warning of result.listing.warnings)
        issues.warnings.add(issueOf(line, parts.rankOf, warning.code, { field: warning.field, message: warning.messageFr }));
      for (const { code, messageFr } of result.listing.compliance)
        issues.warnings.add({ line: line.line, reference: line.reference, rank: null, field: null, code, message: messageFr });
      return;
    }
    const { refusal } = result;
    const errors = refusal.errors?.length ? refusal.errors : [{ field: '', message: refusal.detail }];
    for (const error of errors)
      issues.errors.add(issueOf(line, parts.rankOf, refusal.code, { field: error.field, message: `Annonce refusée : ${error.message}` }));
  });
}

const asDraft = (item: unknown): ItemCheck => ({ ok: true, draft: (item as Extract<MappedLine, { ok: true }>).draft });
/** What a line is compared on for likely duplicates: without it, each listing would be looked up alone as it is written. */
const duplicateProbe = (item: unknown): DuplicateProbe => {
  const { draft } = item as Extract<MappedLine, { ok: true }>;
  return { externalId: draft.externalId, content: draft.content };
};

/** The file's lines read and mapped again, those that map to a listing. */
async function* validLines(file: PolirisFile, parts: ImportParts): AsyncGenerator<ValidLine> {
  for await (const line of file.lines()) {
    if (!('fields' in line)) continue;
    const mapped = parts.read(line);
    if (mapped.ok) yield mapped;
  }
}

/**
 * Reads the file again (or takes the lines the first reading kept) and writes its valid lines in batches of `IMPORT_BATCH`, each in its own
 * transaction like a push (the lines' own errors were reported by the first reading). A line
 * whose externalId comes again on a later valid line is reported, and the later one written.
 * False when the session ended meanwhile (abandoned by the agency): then nothing is withdrawn.
 */
export async function writeFileLines(
  run: ImportRun,
  file: PolirisFile,
  plan: FilePlan,
  onRuleError?: (rule: string, error: unknown) => void,
): Promise<boolean> {
  const { db, tenant, syncId, now, parts, issues } = run;
  const flush = async (batch: MappedLine[]): Promise<boolean> => {
    // Keeps the session open while a long file is written, and learns whether it still is.
    const open = await noteSeen(db, tenant, syncId, [], now());
    if (!open.ok) {
      issues.errors.add({ line: null, reference: null, rank: null, field: null, code: 'sync_ended', message: SYNC_ENDED });
      return false;
    }
    const results = await writeItems(db, tenant, batch, asDraft, now(), { onRuleError, duplicateProbe });
    noteBatch(run, batch, results);
    return true;
  };
  // One batch is written while the next is read and mapped: the database and the reading overlap,
  // as a CRM's next push is prepared while the last one is written. Batches still commit in order.
  let writing: Promise<boolean> = Promise.resolve(true);
  let batch: MappedLine[] = [];
  for await (const mapped of plan.mapped ?? validLines(file, parts)) {
    const lastValid = plan.named.get(mapped.externalId);
    if (lastValid !== undefined && lastValid !== mapped.line) {
      issues.errors.add({
        ...issueOf(mapped, parts.rankOf, 'duplicate_external_id', { field: 'externalId', message: '' }),
        message: `L’identifiant technique ${mapped.externalId} revient ligne ${lastValid} : seule cette dernière ligne est importée.`,
      });
      continue;
    }
    batch.push(mapped);
    if (batch.length < IMPORT_BATCH) continue;
    if (!(await writing)) return false;
    writing = flush(batch);
    // A failed write is awaited (and thrown) at the next batch or at the end, not left unhandled meanwhile.
    writing.catch(() => {});
    batch = [];
  }
  if (!(await writing)) return false;
  return batch.length === 0 || flush(batch);
}

const SYNC_ENDED =
  'La session de synchronisation de cet import a été abandonnée ou a expiré pendant l’écriture : les lignes déjà écrites le restent, rien n’a été retiré.';

/**
 * Completes the session: the listings on the market the file did not name are withdrawn. Should
 * a write of the agency made meanwhile put the withdrawals over the cap, nothing is withdrawn
 * and the report says so.
 */
export async function completeImport(run: ImportRun, force: boolean): Promise<void> {
  const { db, tenant, syncId, now, issues, counts } = run;
  const completed = await completeSession(db, tenant, syncId, force, now());
  if (completed.ok) {
    counts.withdrawn = completed.value.withdrawn ?? 0;
    return;
  }
  await abandonSession(db, tenant, syncId, now());
  issues.warnings.add({
    line: null,
    reference: null,
    rank: null,
    field: null,
    code: 'nothing_withdrawn',
    message:
      'Les annonces ont été écrites, mais d’autres annonces ont changé pendant l’import : ' +
      'rien n’a été retiré cette fois. Le prochain import retirera ce que le fichier ne contient plus.',
  });
}
