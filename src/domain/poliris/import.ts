import type { Outcome } from '../../platform/outcome.js';
import type { Database } from '../../platform/db/database.js';
import type { AgencyEnv } from '../tenant.js';
import type { LineIssue } from './contract.js';
import type { PolirisUpload } from './archive.js';

/** How a file reached the service. */
export type ImportOrigin = 'upload' | 'pull' | 'sftp';

/** The report of one import, kept for the pro space (a refused file has one too). */
export interface ImportReport {
  importId: string;
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
  errors: LineIssue[];
  warnings: LineIssue[];
}

export interface ImportOptions {
  origin: ImportOrigin;
  fileName: string | null;
  /** Withdraw past the 20 % cap of a full sync (docs/decisions.md §15). */
  force: boolean;
  onRuleError?: (error: unknown) => void;
}

/**
 * One passerelle file run as one full sync session of the agency (docs/poliris.md): read, mapped
 * line by line, written in batches through the push's write path, then what the file no longer
 * holds withdrawn. Over the cap without `force`, or a file refused whole: nothing is written.
 */
export async function importPoliris(
  db: Database,
  tenant: AgencyEnv,
  upload: PolirisUpload,
  options: ImportOptions,
  now: () => Date,
): Promise<Outcome<ImportReport>> {
  void db, tenant, upload, options, now;
  throw new Error('importPoliris: not written yet');
}
