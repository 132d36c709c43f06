import { createWriteStream, type WriteStream } from 'node:fs';
import cliProgress from 'cli-progress';
import {
  compareListings,
  contentHashes,
  createListingSyncClient,
  ListingSyncError,
  pushListings,
  reconcile,
  syncListings,
  type IngestListing,
  type ListingSyncClient,
  type PushedBatch,
  type PushSummary,
  type RetryNotice,
} from '@listing-sync/client';
import { ListingFileError, openListingFile, type FileEntry, type ListingFile } from './listing-file.js';
import { UnreachableServer } from './operator-client.js';

/**
 * The integrator commands (docs/decisions.md §15): `push`, `reconcile` and `sync` of a listing file,
 * through the client package, with the agency's key from LISTING_SYNC_KEY.
 *
 * Exit codes: 0 all went through; 1 some listings were rejected or some lines malformed
 * (`reconcile`: differences found); 2 bad usage or a file that cannot be read as listings
 * (nothing sent); 3 the service refused a request or could not be reached, after retries.
 */
export const EXIT = { ok: 0, itemsFailed: 1, usage: 2, service: 3 } as const;

export interface IntegratorIo {
  print: (line: string) => void;
  printError: (line: string) => void;
  /** Where progress goes; a bar when it is a terminal, plain lines otherwise. */
  progress: { write(text: string): unknown; isTTY?: boolean; columns?: number };
}

export interface IntegratorOptions {
  json: boolean;
  sandbox: boolean;
  force: boolean;
  rejected?: string;
  concurrency?: string;
}

export class IntegratorUsageError extends Error {}

export async function runIntegratorCommand(
  command: 'push' | 'reconcile' | 'sync',
  file: string | undefined,
  options: IntegratorOptions,
  env: NodeJS.ProcessEnv,
  io: IntegratorIo,
): Promise<number> {
  if (!file) throw new IntegratorUsageError(`missing FILE: listing-sync ${command} FILE`);
  const key = env.LISTING_SYNC_KEY;
  if (!key)
    throw new IntegratorUsageError(
      'LISTING_SYNC_KEY is not set: export the agency’s API key (svc_pk_LIVE_… or, with --sandbox, svc_pk_TEST_…)',
    );
  const concurrency = options.concurrency === undefined ? 2 : Number(options.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16)
    throw new IntegratorUsageError('--concurrency must be a whole number from 1 to 16');
  const baseUrl = env.LISTING_SYNC_URL || 'http://127.0.0.1:8080';

  let listingFile: ListingFile;
  try {
    listingFile = await openListingFile(file);
  } catch (error) {
    if (error instanceof ListingFileError) {
      io.printError(error.message);
      return EXIT.usage;
    }
    throw error;
  }
  const progress = new Progress(io, listingFile, command === 'reconcile' ? 'hashing' : 'pushing');
  const client = createListingSyncClient({ key, baseUrl, sandbox: options.sandbox, onRetry: (notice) => progress.retry(notice) });
  const where = `${baseUrl}${options.sandbox ? '/sandbox' : ''}`;
  const reader = new FileReader(listingFile);
  try {
    const code =
      command === 'reconcile'
        ? await runReconcile(client, reader, options, io, progress)
        : await runPush(command, client, reader, file, { ...options, concurrency }, io, progress);
    return code;
  } catch (error) {
    progress.stop();
    if (error instanceof ListingFileError) {
      io.printError(`${error.message}${reader.listings > 0 ? ` (after ${reader.listings} listings had been read and sent)` : ''}`);
      return EXIT.usage;
    }
    if (error instanceof ListingSyncError) {
      io.printError(`${error.message}${serviceHint(error, options.sandbox, key)}`);
      return EXIT.service;
    }
    // ky reports a refused connection as NetworkError (the fetch TypeError as its cause) and a silent server as TimeoutError.
    const name = (error as Error).name;
    if (name === 'NetworkError' || name === 'TimeoutError' || error instanceof TypeError) {
      io.printError(new UnreachableServer(where, name === 'NetworkError' ? (error as Error).cause : error).message);
      return EXIT.service;
    }
    throw error;
  } finally {
    await reader.closeRejected();
  }
}

/** What to do about the answers that mean "wrong key or wrong place". */
function serviceHint(error: ListingSyncError, sandbox: boolean, key: string): string {
  if (error.status === 401) {
    const isTest = key.startsWith('svc_pk_TEST_');
    if (isTest && !sandbox) return '\nLISTING_SYNC_KEY is a TEST key: add --sandbox.';
    if (!isTest && sandbox) return '\nLISTING_SYNC_KEY is not a TEST key: drop --sandbox, or use the agency’s TEST key.';
    return '\nCheck LISTING_SYNC_KEY: it must be a current key of the agency.';
  }
  if (error.status === 403) return '\nThe key lacks a scope this command needs (listings:write to push, listings:read to reconcile).';
  if (error.status === 429) return '\nThe key’s 24-hour quota is used up; X-RateLimit-Reset says when it has room again.';
  return '';
}

/** The file's entries, as listings for the client, with malformed lines set aside and each listing's line kept. */
class FileReader {
  listings = 0;
  malformed: Array<{ line: number; reason: string }> = [];
  /** NDJSON line of each listing, by its position in the pushed sequence. */
  private lines: number[] = [];
  private rejectedOut: WriteStream | null = null;
  rejectedPath: string | null = null;
  rejectedCount = 0;

  constructor(private readonly file: ListingFile) {}

  async *read(onMalformed: (entry: Extract<FileEntry, { kind: 'malformed' }>) => void): AsyncGenerator<IngestListing> {
    for await (const entry of this.file.entries()) {
      if (entry.kind === 'malformed') {
        this.malformed.push({ line: entry.line, reason: entry.reason });
        onMalformed(entry);
        continue;
      }
      if (entry.line !== null) this.lines[this.listings] = entry.line;
      this.listings += 1;
      // As the file holds it: the service judges each listing, and a bad one comes back in errors[].
      yield entry.listing as IngestListing;
    }
  }

  lineOf(index: number): number | null {
    return this.lines[index] ?? null;
  }

  /** Rejected listings and malformed lines go to one NDJSON file, opened on the first. */
  writeRejected(path: string, record: object) {
    this.rejectedPath = path;
    this.rejectedOut ??= createWriteStream(path);
    this.rejectedCount += 1;
    this.rejectedOut.write(JSON.stringify(record) + '\n');
  }

  async closeRejected() {
    const out = this.rejectedOut;
    if (out) await new Promise((resolve) => out.end(resolve));
  }
}

async function runPush(
  command: 'push' | 'sync',
  client: ListingSyncClient,
  reader: FileReader,
  file: string,
  options: Omit<IntegratorOptions, 'concurrency'> & { concurrency: number },
  io: IntegratorIo,
  progress: Progress,
): Promise<number> {
  const rejectedPath = options.rejected ?? `${file}.rejected.ndjson`;
  const counts = { sent: 0, rejected: 0 };
  const listings = reader.read((entry) => reader.writeRejected(rejectedPath, { line: entry.line, reason: entry.reason, text: entry.text }));
  const onBatch = (batch: PushedBatch) => {
    counts.sent += batch.listings.length;
    counts.rejected += batch.result.errors.length;
    for (const error of batch.result.errors) {
      const index = batch.firstIndex + error.index;
      const line = reader.lineOf(index);
      reader.writeRejected(rejectedPath, {
        ...(line !== null ? { line } : { index }),
        externalId: error.externalId,
        reason: error.reason,
        listing: batch.listings[error.index],
      });
    }
    progress.update(counts.sent, counts.rejected + reader.malformed.length);
  };
  const started = Date.now();
  let summary: PushSummary;
  let session: Awaited<ReturnType<typeof syncListings>>['session'] | null = null;
  if (command === 'sync') {
    const result = await syncListings(client, listings, {
      concurrency: options.concurrency,
      force: options.force,
      onBatch,
      onStarted: (s) => progress.note(`sync session ${s.syncId} started; it stays open until ${s.expiresAt}`),
      // A malformed line may be a listing the CRM still has: completing would withdraw it.
      shouldComplete: () => reader.malformed.length === 0,
    });
    summary = result.push;
    session = result.session;
  } else {
    summary = await pushListings(client, listings, { concurrency: options.concurrency, onBatch });
  }
  progress.stop();
  if (reader.listings === 0 && reader.malformed.length > 0) {
    io.printError(`No line of ${file} is a JSON listing (${reader.malformed.length} malformed lines): is it NDJSON?`);
  }
  const seconds = (Date.now() - started) / 1000;
  const failed = summary.errors.length + reader.malformed.length;
  const result = {
    file,
    seconds,
    requests: summary.requests,
    listings: reader.listings,
    created: summary.created,
    updated: summary.updated,
    unchanged: summary.unchanged,
    rejected: summary.errors.length,
    warnings: summary.warnings,
    malformedLines: reader.malformed,
    rejectedFile: reader.rejectedCount > 0 ? reader.rejectedPath : null,
    ...(session ? { session } : {}),
  };
  if (options.json) io.print(JSON.stringify(result, null, 2));
  else {
    const lines = [
      `${command === 'sync' ? 'Synced' : 'Pushed'} ${reader.listings} listings from ${file} in ${summary.requests} requests (${seconds.toFixed(1)} s):`,
      `  created    ${summary.created}`,
      `  updated    ${summary.updated}`,
      `  unchanged  ${summary.unchanged}`,
      `  rejected   ${summary.errors.length}`,
      `  warnings   ${summary.warnings} (accepted with a remark: a long title, contact details masked)`,
    ];
    if (reader.malformed.length > 0) {
      const shown = reader.malformed.slice(0, 10).map((m) => m.line);
      lines.push(
        `  malformed lines ${reader.malformed.length} (line${shown.length > 1 ? 's' : ''} ${shown.join(', ')}${reader.malformed.length > 10 ? ', …' : ''}), not sent`,
      );
    }
    for (const error of summary.errors.slice(0, 10)) {
      const line = reader.lineOf(error.index);
      lines.push(`    ${line !== null ? `line ${line}` : `#${error.index}`} ${error.externalId ?? '(no externalId)'}: ${error.reason}`);
    }
    if (summary.errors.length > 10) lines.push(`    … and ${summary.errors.length - 10} more`);
    if (reader.rejectedCount > 0) lines.push(`Rejected listings and malformed lines, with their reasons: ${reader.rejectedPath}`);
    if (session?.state === 'completed')
      lines.push(`Sync session ${session.syncId} completed: ${session.withdrawn} of ${session.onMarket} listings on the market withdrawn.`);
    if (session?.state === 'abandoned') {
      lines.push(
        `Sync session ${session.syncId} abandoned, nothing withdrawn: the malformed lines may be listings you still have. Mend them and sync again.`,
      );
    }
    io.print(lines.join('\n'));
  }
  return failed > 0 ? EXIT.itemsFailed : EXIT.ok;
}

async function runReconcile(
  client: ListingSyncClient,
  reader: FileReader,
  options: IntegratorOptions,
  io: IntegratorIo,
  progress: Progress,
): Promise<number> {
  const local = new Map<string, string>();
  const invalid: Array<{ line: number | null; index: number; externalId: string | null; reason: string }> = [];
  let hashed = 0;
  for await (const hash of contentHashes(
    client,
    reader.read(() => undefined),
  )) {
    hashed += 1;
    if (hash.contentHash !== null && hash.externalId !== null) local.set(hash.externalId, hash.contentHash);
    else
      invalid.push({ line: reader.lineOf(hash.index), index: hash.index, externalId: hash.externalId, reason: hash.reason ?? 'rejected' });
    if (hashed % 500 === 0) progress.update(hashed, invalid.length + reader.malformed.length);
  }
  progress.stop();
  const differences = await compareListings(local, reconcile(client));
  const differs = differences.missing.length + differences.extra.length + differences.different.length > 0;
  if (options.json) {
    io.print(JSON.stringify({ ...differences, invalid, malformedLines: reader.malformed }, null, 2));
  } else {
    const list = (ids: string[]) =>
      ids.length === 0 ? '' : `: ${ids.slice(0, 20).join(', ')}${ids.length > 20 ? `, … (--json lists all ${ids.length})` : ''}`;
    const lines = [
      `Compared ${local.size} listings of the file with the service (by contentHash):`,
      `  same       ${differences.same}`,
      `  missing    ${differences.missing.length} (in the file, not on the service)${list(differences.missing)}`,
      `  extra      ${differences.extra.length} (on the service and on the market, not in the file)${list(differences.extra)}`,
      `  different  ${differences.different.length} (a push would change them)${list(differences.different)}`,
    ];
    if (invalid.length > 0)
      lines.push(`  invalid    ${invalid.length} (a push would reject them)${list(invalid.map((i) => i.externalId ?? `#${i.index}`))}`);
    if (reader.malformed.length > 0)
      lines.push(
        `  malformed lines ${reader.malformed.length}: ${reader.malformed
          .slice(0, 10)
          .map((m) => m.line)
          .join(', ')}`,
      );
    io.print(lines.join('\n'));
  }
  return differs || invalid.length > 0 || reader.malformed.length > 0 ? EXIT.itemsFailed : EXIT.ok;
}

/** A bar on a terminal (cli-progress); on a pipe or a log file, one plain line per request. */
class Progress {
  private bar: cliProgress.SingleBar | null = null;
  private retries = 0;

  constructor(
    private readonly io: IntegratorIo,
    private readonly file: ListingFile,
    private readonly verb: string,
  ) {
    if (io.progress.isTTY) {
      this.bar = new cliProgress.SingleBar(
        {
          stream: io.progress as NodeJS.WritableStream,
          format: `${verb} |{bar}| {percentage}% | {listings} listings, {failed} failed, {retries} retries | ETA {eta_formatted}`,
          hideCursor: true,
          etaBuffer: 50,
        },
        cliProgress.Presets.shades_classic,
      );
      this.bar.start(Math.max(file.size, 1), 0, { listings: 0, failed: 0, retries: 0 });
    }
  }

  update(listings: number, failed: number) {
    if (this.bar) this.bar.update(this.file.bytesRead, { listings, failed, retries: this.retries });
    else
      this.io.progress.write(
        `${this.verb}: ${listings} listings sent, ${failed} failed, ${Math.floor((100 * this.file.bytesRead) / Math.max(this.file.size, 1))} % of the file read\n`,
      );
  }

  retry(notice: RetryNotice) {
    this.retries += 1;
    if (!this.bar)
      this.io.progress.write(`retrying ${notice.method} ${new URL(notice.url).pathname} (try ${notice.retry + 1}) after ${notice.cause}\n`);
  }

  note(text: string) {
    if (!this.bar) this.io.progress.write(text + '\n');
  }

  stop() {
    if (!this.bar) return;
    this.bar.update(this.file.bytesRead);
    this.bar.stop();
    this.bar = null;
  }
}
