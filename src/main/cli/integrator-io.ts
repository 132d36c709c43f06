import { createWriteStream, type WriteStream } from 'node:fs';
import cliProgress from 'cli-progress';
import type { IngestListing, RetryNotice } from '@listing-sync/client';
import type { FileEntry, ListingFile } from './listing-file.js';
import type { Interrupts } from './interrupts.js';

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
  /** Ctrl+C and kill: main.ts passes the process's own; none when a test calls runCli. */
  interrupts?: Interrupts;
}

export interface IntegratorOptions {
  json: boolean;
  sandbox: boolean;
  force: boolean;
  /** `sync --abandon`: abandon the agency's open sync session instead of syncing. */
  abandon?: boolean;
  rejected?: string;
  concurrency?: string;
}

/** The file's entries, as listings for the client, with malformed lines set aside and each listing's line kept. */
export class FileReader {
  listings = 0;
  malformed: Array<{ line: number; reason: string }> = [];
  /** NDJSON line of each listing, by its position in the pushed sequence. */
  private lines: number[] = [];
  private rejectedOut: WriteStream | null = null;
  rejectedPath: string | null = null;
  rejectedCount = 0;

  private lastLine: number | null = null;
  /** Asked to read no more (a signal came). */
  stopping = false;
  private finished = false;

  constructor(private readonly file: ListingFile) {}

  async *read(onMalformed: (entry: Extract<FileEntry, { kind: 'malformed' }>) => void): AsyncGenerator<IngestListing> {
    for await (const entry of this.file.entries()) {
      if (this.stopping) return;
      this.lastLine = entry.line;
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
    this.finished = true;
  }

  /** Reads no more: the next listing asked for ends the file early. */
  stop() {
    this.stopping = true;
  }

  /** Stopped before the end of the file: some of it was never read, so never sent. */
  get stoppedEarly() {
    return this.stopping && !this.finished;
  }

  /** How far the file was read, in the file's own terms. */
  position(): string {
    if (this.file.format === 'ndjson') return this.lastLine === null ? 'its start' : `line ${this.lastLine}`;
    return this.listings === 0 ? 'its start' : `listing ${this.listings} of its array`;
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

/** A bar on a terminal (cli-progress); on a pipe or a log file, one plain line per request. */
export class Progress {
  private bar: cliProgress.SingleBar | null = null;
  private retries = 0;
  private stopped = false;

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
    if (this.stopped) return;
    if (this.bar) this.bar.update(this.file.bytesRead, { listings, failed, retries: this.retries });
    else
      this.io.progress.write(
        `${this.verb}: ${listings} listings sent, ${failed} failed, ${Math.floor((100 * this.file.bytesRead) / Math.max(this.file.size, 1))} % of the file read\n`,
      );
  }

  retry(notice: RetryNotice) {
    this.retries += 1;
    // Shown after a stop too: the answers awaited then may be slow to come.
    if (!this.bar)
      this.io.progress.write(`retrying ${notice.method} ${new URL(notice.url).pathname} (try ${notice.retry + 1}) after ${notice.cause}\n`);
  }

  note(text: string) {
    if (!this.bar && !this.stopped) this.io.progress.write(text + '\n');
  }

  /** Ends the bar (or the plain lines): what follows is the summary, or a message about stopping. */
  stop() {
    this.stopped = true;
    if (!this.bar) return;
    this.bar.update(this.file.bytesRead);
    this.bar.stop();
    this.bar = null;
  }
}
