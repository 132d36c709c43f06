import { randomUUID } from 'node:crypto';
import type { components, paths } from './schema.js';
import { ListingSyncError, type ListingSyncClient } from './http.js';

export type IngestListing = components['schemas']['IngestListing'];
/**
 * Listings to push: an array, any iterable, or an async iterable that reads a file as it goes.
 * Typed as the service's listing (the ingestion fields of docs/interfaces.md) so that a misnamed field is a compile error; data
 * read from a file is the service's to judge: cast it, and each bad listing comes back in errors[].
 */
export type ListingSource = Iterable<IngestListing> | AsyncIterable<IngestListing>;
/** The service's answer to one push (docs/decisions.md §6). */
export type IngestResult = paths['/ingest/ingestListings']['post']['responses'][200]['content']['application/json'];

/** The service takes at most 500 listings per push (docs/decisions.md §7). */
export const MAX_BATCH = 500;

export interface PushOptions {
  /** Listings per request, at most 500 (the default). */
  batchSize?: number;
  /**
   * Requests in flight at once (default 2): one is written while the next is sent and checked.
   * The service serialises each agency's writes, so more buys nothing but memory.
   */
  concurrency?: number;
  /** The full sync session these pushes belong to (see syncListings). */
  syncId?: string;
  /** Told after each request with its listings and the service's answer, in completion order. */
  onBatch?: (batch: PushedBatch) => void | Promise<void>;
}

export interface PushedBatch {
  /** Position of the batch's first listing in the whole input. */
  firstIndex: number;
  listings: readonly IngestListing[];
  result: IngestResult;
}

export interface PushError {
  /** Position in the whole input. */
  index: number;
  externalId: string | null;
  reason: string;
  details: Array<{ field: string; message: string }>;
}

export interface PushSummary {
  requests: number;
  processed: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Every rejected listing, with its position in the input and the service's reason. */
  errors: PushError[];
  /**
   * Listings accepted with a remark (a long title, contact details masked). Only counted: a
   * nightly push can have one per listing; `onBatch` sees each with its listing.
   */
  warnings: number;
}

/**
 * Pushes any number of listings, in requests of 500, two at a time by default. Each request carries
 * its own Idempotency-Key, so a retry (429, 5xx, a lost connection) gets the first answer
 * again and nothing is counted twice. Listings are read from `listings` only as requests
 * go out: an async iterable over a 100,000-line file never sits in memory whole. A request
 * the service refuses whole (a wrong key, a finished sync session, retries run out) stops
 * the push: the error is thrown once the requests in flight have ended.
 */
export async function pushListings(client: ListingSyncClient, listings: ListingSource, options: PushOptions = {}): Promise<PushSummary> {
  const batchSize = Math.min(options.batchSize ?? MAX_BATCH, MAX_BATCH);
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const summary: PushSummary = { requests: 0, processed: 0, created: 0, updated: 0, unchanged: 0, errors: [], warnings: 0 };
  const inFlight = new Set<Promise<void>>();
  let failure: unknown = null;

  const send = async (batch: IngestListing[], firstIndex: number) => {
    const { data, error, response } = await client.POST('/ingest/ingestListings', {
      body: { listings: batch, ...(options.syncId ? { syncId: options.syncId } : {}) },
      headers: { 'idempotency-key': randomUUID() },
    });
    if (!data)
      throw new ListingSyncError(
        response.status,
        error as ListingSyncError['problem'],
        `Push of listings ${firstIndex + 1}–${firstIndex + batch.length}`,
      );
    const result = data;
    summary.requests += 1;
    summary.processed += result.processed;
    summary.created += result.created;
    summary.updated += result.updated;
    summary.unchanged += result.unchanged;
    for (const e of result.errors) summary.errors.push({ ...e, index: firstIndex + e.index });
    summary.warnings += result.warnings.length;
    await options.onBatch?.({ firstIndex, listings: batch, result });
  };
  const launch = (batch: IngestListing[], firstIndex: number) => {
    const request: Promise<void> = send(batch, firstIndex)
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };

  let batch: IngestListing[] = [];
  let next = 0;
  for await (const listing of listings) {
    batch.push(listing);
    if (batch.length < batchSize) continue;
    launch(batch, next);
    next += batch.length;
    batch = [];
    while (inFlight.size >= concurrency) await Promise.race(inFlight);
    if (failure) break;
  }
  if (!failure && batch.length > 0) launch(batch, next);
  await Promise.all(inFlight);
  if (failure) throw failure;
  // Requests end in any order; the list follows the input's.
  summary.errors.sort((x, y) => x.index - y.index);
  return summary;
}
