import { randomUUID } from 'node:crypto';
import { ListingSyncError, type ListingSyncClient, type SyncSession } from '@listing-sync/client';
import { EXIT, type IntegratorIo, type IntegratorOptions } from './integrator-io.js';

/** The CLI's part in sync sessions beyond syncListings: finding and abandoning one, and saying why one was not completed. */

/**
 * `listing-sync sync --abandon`: ends the agency's open sync session, withdrawing nothing. For
 * a sync killed without a chance to abandon its own (kill -9, a lost machine): the next one
 * can start at once instead of an hour after the dead one's last push.
 */
export async function abandonOpenSession(client: ListingSyncClient, options: IntegratorOptions, io: IntegratorIo): Promise<number> {
  const open = await client.GET('/ingest/syncSessions', { params: { query: { state: 'open' } } });
  if (!open.data)
    throw new ListingSyncError(open.response.status, open.error as ListingSyncError['problem'], 'Looking for the open sync session');
  const [session] = open.data.syncSessions;
  if (!session) {
    if (options.json) io.print(JSON.stringify({ abandoned: null }, null, 2));
    else io.print(`No sync session is open for this agency${options.sandbox ? ' in the sandbox' : ''}: nothing to abandon.`);
    return EXIT.ok;
  }
  const abandoned = await client.DELETE('/ingest/syncSessions/{syncId}', {
    params: { path: { syncId: session.syncId } },
    headers: { 'idempotency-key': randomUUID() },
  });
  if (!abandoned.data)
    throw new ListingSyncError(
      abandoned.response.status,
      abandoned.error as ListingSyncError['problem'],
      `Abandoning sync session ${session.syncId}`,
    );
  if (options.json) io.print(JSON.stringify({ abandoned: abandoned.data }, null, 2));
  else
    io.print(
      `Sync session ${session.syncId} (started ${session.createdAt}, ${abandoned.data.seen} externalIds seen) abandoned: ` +
        'nothing withdrawn; the next sync can start at once.',
    );
  return EXIT.ok;
}

/** Abandons a sync session without waiting long: a process asked twice to stop must stop. */
export async function abandonNow(client: ListingSyncClient, session: SyncSession): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('no answer within 5 s'), 5000)));
  const abandoned = client
    .DELETE('/ingest/syncSessions/{syncId}', { params: { path: { syncId: session.syncId } }, headers: { 'idempotency-key': randomUUID() } })
    .then((answer) => (answer.data ? null : `${answer.response.status} ${(answer.error as { detail?: string } | undefined)?.detail ?? ''}`))
    .catch((error: Error) => error.message);
  const failure = await Promise.race([abandoned, timeout]).finally(() => clearTimeout(timer));
  return failure === null
    ? `Sync session ${session.syncId} abandoned: nothing withdrawn; the next sync can start at once.`
    : `Sync session ${session.syncId} could not be abandoned (${failure.trim()}): \`listing-sync sync --abandon\` abandons it; otherwise it expires an hour after its last push.`;
}

/**
 * The 20 % cap refused the completion (or another 409 came): say what the service said and
 * what the CLI then did. syncListings abandons the session after a refused completion; the
 * session's state, read back, says whether that worked.
 */
export async function refusedCompletion(client: ListingSyncClient, syncId: string, error: ListingSyncError, file: string) {
  const read = await client
    .GET('/ingest/syncSessions/{syncId}', { params: { path: { syncId } } })
    .then((answer) => answer.data ?? null)
    .catch(() => null);
  const detail = error.problem?.detail ?? 'no details';
  // The detail's first sentence states the numbers; the rest is advice to API callers, which the lines below replace.
  const fact = read?.state === 'completed' ? detail : detail.split(/(?<=\.) /)[0]!;
  const lines = [`The service refused to complete sync session ${syncId} (409 ${error.problem?.code ?? 'conflict'}): ${fact}`];
  if (read?.state === 'abandoned') {
    lines.push(`Nothing was withdrawn, and the CLI abandoned the session: the next sync can start at once.`);
  } else if (read?.state !== 'completed') {
    lines.push(
      `Nothing was withdrawn. The session may still be open: \`listing-sync sync --abandon\` abandons it; otherwise it expires an hour after its last push.`,
    );
  }
  if (read?.state !== 'completed')
    lines.push(`If ${file} holds every listing the agency still has, sync again with --force: listing-sync sync ${file} --force`);
  return { message: lines.join('\n'), problem: error.problem, session: read };
}
