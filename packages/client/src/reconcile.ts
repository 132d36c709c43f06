import type { paths } from './schema.js';
import { ListingSyncError, type ListingSyncClient } from './http.js';
import { MAX_BATCH, type IngestListing, type ListingSource } from './push.js';

type ChangeList = paths['/ingest/agencyListings']['get']['responses'][200]['content']['application/json'];
/** One listing as agencyListings gives it. */
export type ServiceListing = ChangeList['listings'][number];

/**
 * Every current listing of the agency, as `agencyListings` pages through them by change
 * sequence (from 0 until nextAfterTs is null): each once when nothing changes meanwhile,
 * at least once while listings change.
 */
export async function* reconcile(client: ListingSyncClient, options: { pageSize?: number } = {}): AsyncGenerator<ServiceListing> {
  let afterTs: number | null = 0;
  while (afterTs !== null) {
    const query: { limit: number; afterTs: number } = { limit: options.pageSize ?? 1000, afterTs };
    const answer = await client.GET('/ingest/agencyListings', { params: { query } });
    const { data, error, response } = answer;
    if (!data) throw new ListingSyncError(response.status, error as ListingSyncError['problem'], 'agencyListings');
    const page: ChangeList = data;
    yield* page.listings;
    afterTs = page.nextAfterTs;
  }
}

/** A listing's hash as a push would store it (null when a push would reject it: see reason), with its position in the input. */
export type LocalHash = paths['/ingest/contentHashes']['post']['responses'][200]['content']['application/json']['results'][number];

/**
 * The contentHash each listing would have once pushed, computed by the service without
 * writing (POST /ingest/contentHashes, 500 at a time), in input order.
 */
export async function* contentHashes(client: ListingSyncClient, listings: ListingSource): AsyncGenerator<LocalHash> {
  let batch: IngestListing[] = [];
  let first = 0;
  const flush = async function* () {
    const { data, error, response } = await client.POST('/ingest/contentHashes', { body: { listings: batch } });
    if (!data) throw new ListingSyncError(response.status, error as ListingSyncError['problem'], 'contentHashes');
    for (const result of data.results) yield { ...result, index: first + result.index };
    first += batch.length;
    batch = [];
  };
  for await (const listing of listings) {
    batch.push(listing);
    if (batch.length === MAX_BATCH) yield* flush();
  }
  if (batch.length > 0) yield* flush();
}

/** Statuses of a listing on the market: the ones a full sync would withdraw when a CRM no longer sends them. */
const ON_MARKET = new Set(['active', 'under_offer', 'paused']);

export interface Differences {
  /** In the CRM's set, not on the service. */
  missing: string[];
  /** On the service and on the market, not in the CRM's set (a full sync would withdraw them). */
  extra: string[];
  /** In both, with another contentHash. */
  different: string[];
  same: number;
}

/**
 * Compares the CRM's listings (externalId → the hash the service would store) with what the
 * service holds. Sold, rented and withdrawn listings absent from the CRM's set are not
 * extra: a nightly export of active listings leaves them out.
 */
export async function compareListings(local: ReadonlyMap<string, string>, service: AsyncIterable<ServiceListing>): Promise<Differences> {
  // A listing that changed while the pages were read comes again later: its last entry is the current one.
  const held = new Map<string, { status: string; contentHash: string }>();
  for await (const listing of service) held.set(listing.externalId, { status: listing.status, contentHash: listing.contentHash });
  const differences: Differences = { missing: [], extra: [], different: [], same: 0 };
  for (const [externalId, listing] of held) {
    const hash = local.get(externalId);
    if (hash === undefined) {
      if (ON_MARKET.has(listing.status)) differences.extra.push(externalId);
    } else if (hash === listing.contentHash) differences.same += 1;
    else differences.different.push(externalId);
  }
  for (const externalId of local.keys()) if (!held.has(externalId)) differences.missing.push(externalId);
  return differences;
}
