import { ListingSyncError, type ListingSyncClient } from './http.js';
import { pushListings, type PushOptions, type PushSummary } from './push.js';

export interface SyncSession {
  syncId: string;
  state: 'open' | 'completed' | 'expired';
  seen: number;
  onMarket: number | null;
  withdrawn: number | null;
  forced: boolean | null;
  createdAt: string;
  expiresAt: string;
  completedAt: string | null;
}

export interface SyncSummary {
  push: PushSummary;
  session: SyncSession;
}

/**
 * A full sync: starts a session, pushes every listing with its syncId, then completes the
 * session, which withdraws the listings on the market that were not pushed. The service
 * refuses (409) to withdraw more than 20 % of them unless `force`. When a push fails, the
 * session is not completed and nothing is withdrawn; it expires after 24 hours.
 */
export async function syncListings(
  client: ListingSyncClient,
  listings: Iterable<unknown> | AsyncIterable<unknown>,
  options: Omit<PushOptions, 'syncId'> & { force?: boolean; onStarted?: (session: SyncSession) => void } = {},
): Promise<SyncSummary> {
  const started = await client.POST('/ingest/syncSessions', {});
  if (!started.data) throw new ListingSyncError(started.response.status, started.error as ListingSyncError['problem'], 'Starting the sync session');
  const { syncId } = started.data as SyncSession;
  options.onStarted?.(started.data as SyncSession);
  const push = await pushListings(client, listings, { ...options, syncId });
  const completed = await client.POST('/ingest/syncSessions/{syncId}/complete', {
    params: { path: { syncId } },
    body: { force: options.force ?? false },
  });
  if (!completed.data) throw new ListingSyncError(completed.response.status, completed.error as ListingSyncError['problem'], `Completing sync session ${syncId}`);
  return { push, session: completed.data as SyncSession };
}
