import { randomUUID } from 'node:crypto';
import { ListingSyncError, type ListingSyncClient } from './http.js';
import { pushListings, type ListingSource, type PushOptions, type PushSummary } from './push.js';

export interface SyncSession {
  syncId: string;
  state: 'open' | 'completed' | 'expired' | 'abandoned';
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
 * session is abandoned and nothing is withdrawn; so is it when completion is refused.
 */
export async function syncListings(
  client: ListingSyncClient,
  listings: ListingSource,
  options: Omit<PushOptions, 'syncId'> & {
    force?: boolean;
    onStarted?: (session: SyncSession) => void;
    /** Asked once every listing is pushed: false abandons the session instead of completing it (nothing is withdrawn). */
    shouldComplete?: (push: PushSummary) => boolean;
  } = {},
): Promise<SyncSummary> {
  // Idempotency-Keys: a retried start or completion whose first answer was lost gets that answer again.
  const started = await client.POST('/ingest/syncSessions', { headers: { 'idempotency-key': randomUUID() } });
  if (!started.data)
    throw new ListingSyncError(started.response.status, started.error as ListingSyncError['problem'], 'Starting the sync session');
  const { syncId } = started.data as SyncSession;
  options.onStarted?.(started.data as SyncSession);
  // A sync that fails half-way abandons its session: nothing is withdrawn, and the next run can start at once.
  const abandon = () =>
    client
      .DELETE('/ingest/syncSessions/{syncId}', { params: { path: { syncId } }, headers: { 'idempotency-key': randomUUID() } })
      .catch(() => undefined);
  let push: PushSummary;
  try {
    push = await pushListings(client, listings, { ...options, syncId });
  } catch (error) {
    await abandon();
    throw error;
  }
  if (options.shouldComplete && !options.shouldComplete(push)) {
    const abandoned = await client.DELETE('/ingest/syncSessions/{syncId}', {
      params: { path: { syncId } },
      headers: { 'idempotency-key': randomUUID() },
    });
    if (!abandoned.data)
      throw new ListingSyncError(
        abandoned.response.status,
        abandoned.error as ListingSyncError['problem'],
        `Abandoning sync session ${syncId}`,
      );
    return { push, session: abandoned.data as SyncSession };
  }
  const completed = await client.POST('/ingest/syncSessions/{syncId}/complete', {
    params: { path: { syncId } },
    headers: { 'idempotency-key': randomUUID() },
    body: { force: options.force ?? false },
  });
  if (!completed.data) {
    await abandon();
    throw new ListingSyncError(
      completed.response.status,
      completed.error as ListingSyncError['problem'],
      `Completing sync session ${syncId}`,
    );
  }
  return { push, session: completed.data as SyncSession };
}
