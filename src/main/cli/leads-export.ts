import { createListingSyncClient, listLeads, ListingSyncError, type LeadStatus, type ListingSyncClient } from '@listing-sync/client';
import { LEAD_STATUSES } from '../../domain/leads/conversation-model.js';
import { EXIT, type IntegratorIo } from './integrator-io.js';
import { IntegratorUsageError, serviceFailure, stopsAtOnce } from './integrator.js';
import { agencyConnection } from './agency-connection.js';

export interface LeadsOptions {
  sandbox: boolean;
  status?: string;
  since?: string;
  'mark-read'?: boolean;
}

/**
 * `listing-sync leads`: the agency's conversations as NDJSON on stdout, one conversation with
 * its messages a line, oldest first (docs/integrator-kit.md). With --mark-read each exported
 * conversation that was new is filed as read once its line is written, so that the next
 * export of new ones (the default) does not give it again. Progress and the summary go to stderr.
 */
export async function runLeadsExport(options: LeadsOptions, env: NodeJS.ProcessEnv, io: IntegratorIo): Promise<number> {
  const status = (options.status ?? 'new') as LeadStatus;
  if (!(LEAD_STATUSES as readonly string[]).includes(status))
    throw new IntegratorUsageError(`--status must be one of ${LEAD_STATUSES.join(', ')} (default new)`);
  if (options.since !== undefined && Number.isNaN(Date.parse(options.since)))
    throw new IntegratorUsageError('--since must be an ISO 8601 date-time such as 2026-03-01T09:30:00Z');
  const connection = agencyConnection(env);
  if (!connection.ok) throw new IntegratorUsageError(connection.problem);
  const { key, baseUrl } = connection;
  const where = `${baseUrl}${options.sandbox ? '/sandbox' : ''}`;
  const client = createListingSyncClient({
    key,
    baseUrl,
    sandbox: options.sandbox,
    onRetry: (notice) =>
      io.progress.write(`retrying ${notice.method} ${new URL(notice.url).pathname} (try ${notice.retry + 1}) after ${notice.cause}\n`),
  });
  const counts = { written: 0, markedRead: 0 };
  try {
    const exporting = exportLeads(client, { status, since: options.since, markRead: Boolean(options['mark-read']) }, io, counts);
    const consequence = `${counts.written} conversations were written${options['mark-read'] ? '; the last one may not be marked read and will come again' : ''}`;
    const code = await stopsAtOnce(exporting, io, consequence);
    if (code === EXIT.ok)
      io.printError(
        `Wrote ${counts.written} conversation${counts.written === 1 ? '' : 's'}${options['mark-read'] ? `, ${counts.markedRead} marked read` : ''}.`,
      );
    return code;
  } catch (error) {
    io.printError(`After ${counts.written} conversations written:`);
    return serviceFailure(error, options.sandbox, key, where, io);
  }
}

async function exportLeads(
  client: ListingSyncClient,
  options: { status: LeadStatus; since?: string; markRead: boolean },
  io: IntegratorIo,
  counts: { written: number; markedRead: number },
): Promise<number> {
  for await (const lead of listLeads(client, { status: options.status, since: options.since })) {
    const path = { leadId: lead.leadId };
    const thread = await client.GET('/v1/leads/{leadId}', { params: { path } });
    if (!thread.data) throw new ListingSyncError(thread.response.status, thread.error as ListingSyncError['problem'], 'getLead');
    io.print(JSON.stringify(thread.data));
    counts.written += 1;
    if (options.markRead && thread.data.status === 'new') {
      const filed = await client.PATCH('/v1/leads/{leadId}', { params: { path }, body: { status: 'read' } });
      if (!filed.data) throw new ListingSyncError(filed.response.status, filed.error as ListingSyncError['problem'], 'setLeadStatus');
      // The visitor wrote again between the read and the filing: new again, so the next export gives the new message.
      if (filed.data.lastMessageAt !== thread.data.lastMessageAt) {
        const back = await client.PATCH('/v1/leads/{leadId}', { params: { path }, body: { status: 'new' } });
        if (!back.data) throw new ListingSyncError(back.response.status, back.error as ListingSyncError['problem'], 'setLeadStatus');
      } else counts.markedRead += 1;
    }
    if (counts.written % 100 === 0)
      io.progress.write(`leads: ${counts.written} conversations written${options.markRead ? `, ${counts.markedRead} marked read` : ''}\n`);
  }
  return EXIT.ok;
}
