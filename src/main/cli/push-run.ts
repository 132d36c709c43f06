import {
  ListingSyncError,
  pushListings,
  syncListings,
  type ListingSyncClient,
  type PushedBatch,
  type PushError,
  type SyncSession,
} from '@listing-sync/client';
import { EXIT, type FileReader, type IntegratorIo, type IntegratorOptions, type Progress } from './integrator-io.js';
import { again, Interrupts, signalExitCode } from './interrupts.js';
import { abandonNow, refusedCompletion } from './sync-session.js';

/** What the service answered so far, batch by batch: the summary, whether the push ends, fails or is stopped. */
class Tally {
  private readonly startedAt = Date.now();
  requests = 0;
  answered = 0;
  created = 0;
  updated = 0;
  unchanged = 0;
  warnings = 0;
  errors: PushError[] = [];

  add(batch: PushedBatch) {
    this.requests += 1;
    this.answered += batch.listings.length;
    this.created += batch.result.created;
    this.updated += batch.result.updated;
    this.unchanged += batch.result.unchanged;
    this.warnings += batch.result.warnings.length;
    for (const error of batch.result.errors) this.errors.push({ ...error, index: batch.firstIndex + error.index });
  }

  seconds() {
    return (Date.now() - this.startedAt) / 1000;
  }

  /** Requests end in any order; the list follows the file's. */
  sortedErrors() {
    return this.errors.sort((x, y) => x.index - y.index);
  }
}

type Ending =
  | { kind: 'done'; session: SyncSession | null }
  | { kind: 'failed'; error: unknown }
  /** A second signal: the command stops without waiting for the answers still due. */
  | { kind: 'quit'; signal: NodeJS.Signals };

export async function runPush(
  command: 'push' | 'sync',
  client: ListingSyncClient,
  reader: FileReader,
  file: string,
  options: Omit<IntegratorOptions, 'concurrency'> & { concurrency: number },
  io: IntegratorIo,
  progress: Progress,
): Promise<number> {
  const tally = new Tally();
  const sync: SyncState = { started: null, completing: false };

  // First signal: read no more, let what was read go and be answered (and a sync abandon its session). Second: stop now.
  const interrupts = io.interrupts ?? new Interrupts();
  let quitNow: (signal: NodeJS.Signals) => void = () => {};
  const quit = new Promise<Ending>((resolve) => (quitNow = (signal) => resolve({ kind: 'quit', signal })));
  const stopOn = (signal: NodeJS.Signals) => {
    reader.stop();
    progress.stop();
    io.printError(stoppingMessage(signal, file, command === 'sync' && !sync.completing ? (sync.started?.syncId ?? null) : undefined));
  };
  if (interrupts.signal) {
    io.printError(`${interrupts.signal} received before anything was sent: nothing was sent.`);
    return signalExitCode(interrupts.signal);
  }
  const unlisten = interrupts.on((signal, count) => (count === 1 ? stopOn(signal) : quitNow(signal)));

  const work = send(command, client, reader, file, options, progress, tally, sync);
  let ending: Ending;
  try {
    ending = await Promise.race([work, quit]);
  } finally {
    unlisten();
  }
  progress.stop();
  const { started } = sync;
  if (ending.kind === 'quit') return quitAtOnce(ending.signal, client, reader, tally, file, command === 'sync' ? started : undefined, io);
  const refused =
    ending.kind === 'failed' && sync.completing && started && ending.error instanceof ListingSyncError && ending.error.status === 409
      ? ending.error
      : null;
  if (ending.kind === 'failed' && !refused) throw ending.error;

  if (reader.listings === 0 && reader.malformed.length > 0) {
    io.printError(`No line of ${file} is a JSON listing (${reader.malformed.length} malformed lines): is it NDJSON?`);
  }
  const session = ending.kind === 'done' ? ending.session : null;
  const failed = tally.errors.length + reader.malformed.length;
  const signal = interrupts.signal;
  const interrupted = signal ? { signal, readUpTo: reader.position(), restNotSent: reader.stoppedEarly } : null;
  const refusal = refused ? await refusedCompletion(client, started!.syncId, refused, file) : null;
  const result = {
    file,
    seconds: tally.seconds(),
    requests: tally.requests,
    listings: reader.listings,
    created: tally.created,
    updated: tally.updated,
    unchanged: tally.unchanged,
    rejected: tally.errors.length,
    warnings: tally.warnings,
    malformedLines: reader.malformed,
    rejectedFile: reader.rejectedCount > 0 ? reader.rejectedPath : null,
    ...(session ? { session } : {}),
    ...(interrupted ? { interrupted } : {}),
    ...(refusal ? { completionRefused: refusal.problem, session: refusal.session } : {}),
  };
  io.print(options.json ? JSON.stringify(result, null, 2) : summaryLines(command, file, reader, tally, session, interrupted).join('\n'));
  if (refusal) {
    io.printError(refusal.message);
    return EXIT.service;
  }
  if (signal) return signalExitCode(signal);
  return failed > 0 ? EXIT.itemsFailed : EXIT.ok;
}

/** What a sync has got to: its session once started, and whether its completion was asked for. */
interface SyncState {
  started: SyncSession | null;
  completing: boolean;
}

/** Sends the file through the client (a sync in its session), the answers tallied and rejected listings written out. */
function send(
  command: 'push' | 'sync',
  client: ListingSyncClient,
  reader: FileReader,
  file: string,
  options: Omit<IntegratorOptions, 'concurrency'> & { concurrency: number },
  progress: Progress,
  tally: Tally,
  sync: SyncState,
): Promise<Ending> {
  const rejectedPath = options.rejected ?? `${file}.rejected.ndjson`;
  const listings = reader.read((entry) => reader.writeRejected(rejectedPath, { line: entry.line, reason: entry.reason, text: entry.text }));
  const onBatch = (batch: PushedBatch) => {
    tally.add(batch);
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
    progress.update(tally.answered, tally.errors.length + reader.malformed.length);
  };
  return (
    command === 'sync'
      ? syncListings(client, listings, {
          concurrency: options.concurrency,
          force: options.force,
          onBatch,
          onStarted: (s) => {
            sync.started = s;
            progress.note(
              `sync session ${s.syncId} started (until its completion, or an hour after its last push: ${s.expiresAt} for now)`,
            );
          },
          // A malformed line may be a listing the CRM still has: completing would withdraw it. Nor does an interrupted sync complete.
          shouldComplete: () => (sync.completing = reader.malformed.length === 0 && !reader.stopping),
        }).then((result) => result.session)
      : pushListings(client, listings, { concurrency: options.concurrency, onBatch }).then(() => null)
  ).then(
    (session): Ending => ({ kind: 'done', session }),
    (error: unknown): Ending => ({ kind: 'failed', error }),
  );
}

/** What the first signal does: `syncId` for a sync that will abandon its session (null when it has not started yet). */
function stoppingMessage(signal: NodeJS.Signals, file: string, syncId: string | null | undefined): string {
  const session = syncId ? `sync session ${syncId}` : 'the sync session';
  const next = again(signal);
  return (
    `${signal} received: no more of ${file} is read. The listings already read are sent and their answers awaited` +
    `${syncId !== undefined ? `; then ${session} is abandoned (nothing is withdrawn)` : ''}, and a summary printed. ` +
    `${next[0]!.toUpperCase()}${next.slice(1)} stops at once.`
  );
}

/** The summary of a push or a sync, as a person reads it. */
function summaryLines(
  command: 'push' | 'sync',
  file: string,
  reader: FileReader,
  tally: Tally,
  session: SyncSession | null,
  interrupted: { signal: NodeJS.Signals; readUpTo: string; restNotSent: boolean } | null,
): string[] {
  const errors = tally.sortedErrors();
  const seconds = tally.seconds();
  const lines = [
    `${command === 'sync' ? 'Synced' : 'Pushed'} ${reader.listings} listings from ${file} in ${tally.requests} request${tally.requests === 1 ? '' : 's'} (${seconds.toFixed(1)} s):`,
    `  created    ${tally.created}`,
    `  updated    ${tally.updated}`,
    `  unchanged  ${tally.unchanged}`,
    `  rejected   ${errors.length}`,
    `  warnings   ${tally.warnings} (accepted with a remark: a long title, contact details masked)`,
  ];
  if (reader.malformed.length > 0) {
    const shown = reader.malformed.slice(0, 10).map((m) => m.line);
    lines.push(
      `  malformed lines ${reader.malformed.length} (line${shown.length > 1 ? 's' : ''} ${shown.join(', ')}${reader.malformed.length > 10 ? ', …' : ''}), not sent`,
    );
  }
  for (const error of errors.slice(0, 10)) {
    const line = reader.lineOf(error.index);
    lines.push(`    ${line !== null ? `line ${line}` : `#${error.index}`} ${error.externalId ?? '(no externalId)'}: ${error.reason}`);
  }
  if (errors.length > 10) lines.push(`    … and ${errors.length - 10} more`);
  if (reader.rejectedCount > 0) lines.push(`Rejected listings and malformed lines, with their reasons: ${reader.rejectedPath}`);
  if (session?.state === 'completed')
    lines.push(`Sync session ${session.syncId} completed: ${session.withdrawn} of ${session.onMarket} listings on the market withdrawn.`);
  if (session?.state === 'abandoned') {
    lines.push(
      interrupted
        ? `Sync session ${session.syncId} abandoned on ${interrupted.signal}, nothing withdrawn: the next sync can start at once.`
        : `Sync session ${session.syncId} abandoned, nothing withdrawn: the malformed lines may be listings you still have. Mend them and sync again.`,
    );
  }
  if (interrupted) {
    lines.push(
      interrupted.restNotSent
        ? `Interrupted by ${interrupted.signal}: ${file} was read up to ${interrupted.readUpTo}, and the rest of it was not sent. ` +
            'Every listing read was sent and answered; sending the file again is harmless (stored listings answer "unchanged").'
        : `Interrupted by ${interrupted.signal} once the whole of ${file} had been read: every listing was sent and answered.`,
    );
  }
  return lines;
}

/** A second signal: say what was answered, what is still unanswered and what was never sent, abandon the sync session, and go. */
async function quitAtOnce(
  signal: NodeJS.Signals,
  client: ListingSyncClient,
  reader: FileReader,
  tally: Tally,
  file: string,
  session: SyncSession | null | undefined,
  io: IntegratorIo,
): Promise<number> {
  const lines = [
    `Stopped at once on a second ${signal}, before every answer came:`,
    `  answered     ${tally.answered} listings: ${tally.created} created, ${tally.updated} updated, ${tally.unchanged} unchanged, ${tally.errors.length} rejected`,
    `  unanswered   ${reader.listings - tally.answered} listings read and sent (or about to be): each is stored or not; sending them again is harmless`,
    `  not sent     ${reader.stoppedEarly ? `the rest of ${file}, after ${reader.position()}` : `nothing: the whole of ${file} had been read`}`,
  ];
  if (session === null) {
    lines.push('The sync session had not started; if it did, `listing-sync sync --abandon` abandons it (or it expires in an hour).');
  } else if (session) {
    lines.push(await abandonNow(client, session));
  }
  io.print(lines.join('\n'));
  return signalExitCode(signal);
}
