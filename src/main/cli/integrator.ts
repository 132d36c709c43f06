import {
  compareListings,
  contentHashes,
  createListingSyncClient,
  ListingSyncError,
  reconcile,
  type ListingSyncClient,
} from '@listing-sync/client';
import { ListingFileError, openListingFile, type ListingFile } from './listing-file.js';
import { UnreachableServer } from './operator-client.js';
import { readWholeNumber, wholeNumberRule } from './whole-number.js';
import { Interrupts, signalExitCode } from './interrupts.js';
import { EXIT, FileReader, Progress, type IntegratorIo, type IntegratorOptions } from './integrator-io.js';
import { runPush } from './push-run.js';
import { abandonOpenSession } from './sync-session.js';
import { agencyConnection } from './agency-connection.js';

export { EXIT, type IntegratorIo, type IntegratorOptions };

export class IntegratorUsageError extends Error {}

export async function runIntegratorCommand(
  command: 'push' | 'reconcile' | 'sync',
  file: string | undefined,
  options: IntegratorOptions,
  env: NodeJS.ProcessEnv,
  io: IntegratorIo,
): Promise<number> {
  if (options.abandon && command !== 'sync') throw new IntegratorUsageError('--abandon goes with sync: listing-sync sync --abandon');
  if (options.abandon && file) throw new IntegratorUsageError('sync --abandon takes no FILE: it abandons the agency’s open sync session');
  if (!file && !options.abandon) throw new IntegratorUsageError(`missing FILE: listing-sync ${command} FILE`);
  const connection = agencyConnection(env);
  if (!connection.ok) throw new IntegratorUsageError(connection.problem);
  const { key, baseUrl } = connection;
  const concurrency = options.concurrency === undefined ? 2 : readWholeNumber(options.concurrency, 1, 16);
  if (concurrency === null) throw new IntegratorUsageError(wholeNumberRule('--concurrency', 1, 16));
  const where = `${baseUrl}${options.sandbox ? '/sandbox' : ''}`;
  if (!file) {
    try {
      const abandoning = abandonOpenSession(createListingSyncClient({ key, baseUrl, sandbox: options.sandbox }), options, io);
      return await stopsAtOnce(abandoning, io, 'the open session may or may not have been abandoned: run the command again');
    } catch (error) {
      return serviceFailure(error, options.sandbox, key, where, io);
    }
  }

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
  const reader = new FileReader(listingFile);
  try {
    const code =
      command === 'reconcile'
        ? await stopsAtOnce(
            runReconcile(client, reader, options, io, progress),
            io,
            'reconcile writes nothing, so nothing is left half-done',
          )
        : await runPush(command, client, reader, file, { ...options, concurrency }, io, progress);
    return code;
  } catch (error) {
    progress.stop();
    if (error instanceof ListingFileError) {
      io.printError(`${error.message}${reader.listings > 0 ? ` (after ${reader.listings} listings had been read and sent)` : ''}`);
      return EXIT.usage;
    }
    return serviceFailure(error, options.sandbox, key, where, io);
  } finally {
    await reader.closeRejected();
  }
}

/** A command with nothing to tidy up on a signal (it writes nothing, or one thing): it stops at the first. */
export async function stopsAtOnce(run: Promise<number>, io: IntegratorIo, consequence: string): Promise<number> {
  const interrupts = io.interrupts ?? new Interrupts();
  let unlisten: () => void = () => {};
  const stopped = new Promise<number>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      io.printError(`Stopped by ${signal}: ${consequence}.`);
      resolve(signalExitCode(signal));
    };
    if (interrupts.signal) stop(interrupts.signal);
    unlisten = interrupts.on(stop);
  });
  try {
    return await Promise.race([run, stopped]);
  } finally {
    unlisten();
  }
}

/** A refusal of the service, or no service at all: said in one message, exit 3. Anything else is a bug, thrown on. */
export function serviceFailure(error: unknown, sandbox: boolean, key: string, where: string, io: IntegratorIo): number {
  if (error instanceof ListingSyncError) {
    io.printError(`${error.message}${serviceHint(error, sandbox, key)}`);
    return EXIT.service;
  }
  // ky reports a refused connection as NetworkError (the fetch TypeError as its cause) and a silent server as TimeoutError.
  const name = (error as Error).name;
  if (name === 'NetworkError' || name === 'TimeoutError' || error instanceof TypeError) {
    io.printError(new UnreachableServer(where, name === 'NetworkError' ? (error as Error).cause : error).message);
    return EXIT.service;
  }
  throw error;
}

/** What to do about the answers that mean "wrong key or wrong place". */
function serviceHint(error: ListingSyncError, sandbox: boolean, key: string): string {
  if (error.status === 401) {
    const isTest = key.startsWith('svc_pk_TEST_');
    if (isTest && !sandbox) return '\nLISTING_SYNC_KEY is a TEST key: add --sandbox.';
    if (!isTest && sandbox) return '\nLISTING_SYNC_KEY is not a TEST key: drop --sandbox, or use the agency’s TEST key.';
    return '\nCheck LISTING_SYNC_KEY: it must be a current key of the agency.';
  }
  if (error.status === 403)
    return '\nThe key lacks a scope this command needs (listings:write to push, listings:read to reconcile, leads:read to export conversations, leads:write with --mark-read).';
  if (error.status === 429) return '\nThe key’s 24-hour quota is used up; X-RateLimit-Reset says when it has room again.';
  return '';
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
