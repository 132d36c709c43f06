import { namedExternalIds } from '../sync/named.js';
import type { PolirisFile, RawLine } from './contract.js';
import type { MappedLine } from './read-listing.js';
import type { IssueList } from './import-reports.js';

/** What the first reading of a file found, before anything is written. */
export interface FilePlan {
  /** Listing lines, readable or not. */
  lines: number;
  /**
   * Every externalId the file names (a bad line's too, when it has one), with the line of its
   * last valid occurrence (0 when none is valid): the session sees them all, so a line the
   * agency got wrong never gets its stored listing withdrawn, and the same externalId on two
   * lines is written once, from its last valid line, as a push does.
   */
  named: Map<string, number>;
  /**
   * The mapped lines, kept when the file is at most `KEPT_MAPPED_BYTES`, so that the
   * writing pass need not read and map the file again; null for a larger file, read again then.
   */
  mapped: ValidLine[] | null;
}

/** A line that maps to a listing. */
export type ValidLine = Extract<MappedLine, { ok: true }>;

/**
 * Up to this size of `Annonces.csv` (some 10,000 listings), a file is mapped once and its drafts
 * kept for the writing pass; a larger one is read and mapped again, its memory flat (each kept
 * draft holds on to its line's text).
 */
export const KEPT_MAPPED_BYTES = 48 * 1024 * 1024;

/**
 * Reads the file once, mapping every line, to learn what it names before anything is written
 * (the withdrawals are then known, and a file over the cap changes nothing). The lines'
 * errors and warnings go to the report here; the writing pass reads the file again.
 */
export async function planFile(
  file: PolirisFile,
  read: (raw: RawLine) => MappedLine,
  report: { errors: IssueList; warnings: IssueList },
): Promise<FilePlan> {
  const named = new Map<string, number>();
  const mappedLines: ValidLine[] | null = file.bytes <= KEPT_MAPPED_BYTES ? [] : null;
  let lines = 0;
  for await (const line of file.lines()) {
    lines += 1;
    if (!('fields' in line)) {
      report.errors.add(line.issue);
      continue;
    }
    const mapped = read(line);
    if (mappedLines && mapped.ok) mappedLines.push(mapped);
    const [externalId] = namedExternalIds([mapped]);
    if (externalId !== undefined) {
      const lastValid = named.get(externalId) ?? 0;
      named.set(externalId, mapped.ok ? mapped.line : lastValid);
    }
    if (mapped.ok) for (const warning of mapped.warnings) report.warnings.add(warning);
    else for (const error of mapped.errors) report.errors.add(error);
  }
  return { lines, named, mapped: mappedLines };
}
