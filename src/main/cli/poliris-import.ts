import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import cliProgress from 'cli-progress';
import { createListingSyncClient, importPoliris, type PolirisImport } from '@listing-sync/client';
import { EXIT, type IntegratorIo, type IntegratorOptions } from './integrator-io.js';
import { serviceFailure } from './integrator.js';
import { agencyConnection } from './agency-connection.js';

/** The answer comes when the whole file is imported: a 50,000-listing file takes minutes, not the client's default two. */
const IMPORT_TIMEOUT_MS = 30 * 60_000;

export const POLIRIS_USAGE = 'listing-sync import poliris FILE [--force] [--sandbox] [--json]';

/**
 * `listing-sync import poliris FILE`: sends a passerelle file (the ZIP, or `Annonces.csv` alone)
 * through the client package and prints its report. Exit codes as the other integrator
 * commands: 0 imported, 1 imported with lines in error, 2 bad usage or an unreadable file,
 * 3 the service refused the file (over the cap, another import running, not a passerelle file).
 */
export async function runPolirisImport(
  format: string | undefined,
  file: string | undefined,
  options: Pick<IntegratorOptions, 'json' | 'sandbox' | 'force'>,
  env: NodeJS.ProcessEnv,
  io: IntegratorIo,
): Promise<number> {
  if (format !== 'poliris' || !file) {
    io.printError(`usage: ${POLIRIS_USAGE}`);
    return EXIT.usage;
  }
  const connection = agencyConnection(env);
  if (!connection.ok) {
    io.printError(connection.problem);
    return EXIT.usage;
  }
  const { key, baseUrl } = connection;
  let bytes: Buffer;
  try {
    if (!(await stat(file)).isFile()) throw new Error('not a file');
    bytes = await readFile(file);
  } catch (error) {
    io.printError(`cannot read ${file}: ${(error as Error).message}`);
    return EXIT.usage;
  }
  const client = createListingSyncClient({ key, baseUrl, sandbox: options.sandbox, timeoutMs: IMPORT_TIMEOUT_MS });
  const kind = bytes.subarray(0, 2).toString('latin1') === 'PK' ? 'zip' : 'csv';
  const progress = new ImportProgress(io, bytes.length);
  try {
    const report = await importPoliris(client, bytes, { kind, fileName: basename(file), force: options.force });
    progress.stop();
    printReport(report, file, options.json, io);
    return report.errorCount > 0 ? EXIT.itemsFailed : EXIT.ok;
  } catch (error) {
    progress.stop();
    return serviceFailure(error, options.sandbox, key, `${baseUrl}${options.sandbox ? '/sandbox' : ''}`, io);
  }
}

/** A bar while the file is sent and imported: the service answers once, at the end, so the bar shows the time it takes. */
class ImportProgress {
  private bar: cliProgress.SingleBar | null = null;
  constructor(
    private readonly io: IntegratorIo,
    size: number,
  ) {
    if (io.progress.isTTY) {
      this.bar = new cliProgress.SingleBar(
        { stream: io.progress as NodeJS.WritableStream, format: 'import |{bar}| {phase} | {duration_formatted}', hideCursor: true },
        cliProgress.Presets.shades_classic,
      );
      this.bar.start(2, 1, { phase: `${size} bytes sent, importing…` });
    } else io.progress.write(`importing ${size} bytes: the report comes when the import is done\n`);
  }
  stop() {
    if (!this.bar) return;
    this.bar.update(2, { phase: 'done' });
    this.bar.stop();
    this.bar = null;
  }
}

function printReport(report: PolirisImport, file: string, json: boolean, io: IntegratorIo): void {
  if (json) {
    io.print(JSON.stringify(report));
    return;
  }
  io.print(
    `${file}: ${report.lines} lines, ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged, ` +
      `${report.withdrawn} withdrawn, ${report.errorCount} errors, ${report.warningCount} warnings (${report.importId})`,
  );
  for (const error of report.errors) {
    const where = [
      error.line === null ? 'file' : `line ${error.line}`,
      error.reference && `ref ${error.reference}`,
      error.rank && `rank ${error.rank} ${error.field ?? ''}`.trim(),
    ];
    io.print(`  ${where.filter(Boolean).join(', ')}: ${error.message}`);
  }
  if (report.errorCount > report.errors.length)
    io.print(`  … and ${report.errorCount - report.errors.length} more errors (the pro space lists the report)`);
}
