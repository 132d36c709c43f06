import { prepared, type Queryable } from '../../platform/db/database.js';
import { listingContent } from '../listing-model/content.js';
import type { CommercialStatus, Listing, ModerationReason, ModerationState } from '../listing-model/model.js';
import type { AgencyEnv } from '../tenant.js';

export interface ListingRow {
  id: string;
  agency_id: string;
  env: 'live' | 'test';
  external_id: string;
  /** As stored: rows written before a field was added lack its key. */
  content: Record<string, unknown>;
  content_hash: string;
  public_title: string;
  public_description: string | null;
  status: CommercialStatus;
  moderation_state: ModerationState;
  moderation_reasons: ModerationReason[];
  decided_at: Date | null;
  published_version: number | null;
  share_with_service: boolean;
  share_with_relay: boolean;
  version: number;
  change_seq: number;
  created_at: Date;
  updated_at: Date;
}

export const LISTING_COLUMNS = `id, agency_id, env, external_id, content, content_hash, public_title, public_description, status,
  moderation_state, moderation_reasons, decided_at, published_version, share_with_service, share_with_relay, version, change_seq, created_at, updated_at`;

/** The columns queries on listings filter or sort on: the ones whose statistics steer plans. */
export const PLANNED_COLUMNS = [
  'id',
  'agency_id',
  'env',
  'external_id',
  'status',
  'moderation_state',
  'share_with_service',
  'share_with_relay',
  'change_seq',
  'created_at',
  'updated_at',
  'deleted_at',
  'published_version',
] as const;

export function toListing(row: ListingRow): Listing {
  return {
    serviceId: row.id,
    agencyId: row.agency_id,
    env: row.env,
    externalId: row.external_id,
    content: listingContent.read(row.content),
    contentHash: row.content_hash,
    publicTitle: row.public_title,
    publicDescription: row.public_description,
    status: row.status,
    moderationState: row.moderation_state,
    moderationReasons: row.moderation_reasons,
    decidedAt: row.decided_at,
    publishedVersion: row.published_version,
    shareWithService: row.share_with_service,
    shareWithRelay: row.share_with_relay,
    version: row.version,
    changeSeq: row.change_seq,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export type ListingKey = { serviceId: string } | { externalId: string };

const findBy = (column: 'id' | 'external_id') =>
  prepared(
    `listing-by-${column}`,
    `SELECT ${LISTING_COLUMNS} FROM listings WHERE agency_id = $1 AND env = $2 AND ${column} = $3 AND deleted_at IS NULL`,
  );
// Prepared: planning this lookup cost PostgreSQL more than running it (docs/benchmarks.md,
// "Figures behind the code"), and it answers every read of one listing through v1 (GET /v1/listings/{id} and by externalId).
const FIND_BY_ID = findBy('id');
const FIND_BY_EXTERNAL_ID = findBy('external_id');

/** A current (not deleted) listing of the scope; anything else, another agency's included, is null. */
export async function findListing(db: Queryable, scope: AgencyEnv, key: ListingKey): Promise<Listing | null> {
  const [statement, value] = 'serviceId' in key ? [FIND_BY_ID, key.serviceId] : [FIND_BY_EXTERNAL_ID, key.externalId];
  const { rows } = await db.query<ListingRow>(statement, [scope.agencyId, scope.env, value]);
  return rows[0] ? toListing(rows[0]) : null;
}

export interface ChangeEntry {
  serviceId: string;
  externalId: string;
  status: CommercialStatus;
  version: number;
  contentHash: string;
  changeSeq: number;
  updatedAt: Date;
  /** So that a nightly job tells the listings an operator holds (or refused) from the public ones. */
  moderationState: ModerationState;
  moderationReasons: ModerationReason[];
  publishedVersion: number | null;
}

/** Keyset page of current listings by change sequence (reconciliation). */
export async function listChanges(db: Queryable, scope: AgencyEnv, afterSeq: number, limit: number): Promise<ChangeEntry[]> {
  const { rows } = await db.query<{
    id: string;
    external_id: string;
    status: CommercialStatus;
    version: number;
    content_hash: string;
    change_seq: number;
    updated_at: Date;
    moderation_state: ModerationState;
    moderation_reasons: ModerationReason[];
    published_version: number | null;
  }>(
    `SELECT id, external_id, status, version, content_hash, change_seq, updated_at, moderation_state, moderation_reasons, published_version
     FROM listings
     WHERE agency_id = $1 AND env = $2 AND change_seq > $3 AND deleted_at IS NULL
     ORDER BY change_seq LIMIT $4`,
    [scope.agencyId, scope.env, afterSeq, limit],
  );
  return rows.map((row) => ({
    serviceId: row.id,
    externalId: row.external_id,
    status: row.status,
    version: row.version,
    contentHash: row.content_hash,
    changeSeq: row.change_seq,
    updatedAt: row.updated_at,
    moderationState: row.moderation_state,
    moderationReasons: row.moderation_reasons,
    publishedVersion: row.published_version,
  }));
}

export interface ListFilter {
  /** A v1 status: pending_moderation, rejected, or a commercial status of an approved listing. */
  status?: string;
  modifiedSince?: Date;
  /** A known département code (« 69 », « 2A », « 974 »), as `departmentOf` writes it. */
  departmentCode?: string;
  /** A known région code (« 84 »). */
  regionCode?: string;
  limit: number;
  offset: number;
}

export async function listListings(db: Queryable, scope: AgencyEnv, filter: ListFilter): Promise<{ listings: Listing[]; total: number }> {
  const where = ['agency_id = $1', 'env = $2', 'deleted_at IS NULL'];
  const params: unknown[] = [scope.agencyId, scope.env];
  if (filter.status === 'pending_moderation') where.push("moderation_state = 'pending'");
  else if (filter.status === 'rejected') where.push("moderation_state = 'rejected'");
  else if (filter.status) {
    params.push(filter.status);
    where.push(`moderation_state = 'approved' AND status = $${params.length}`);
  }
  if (filter.modifiedSince) {
    params.push(filter.modifiedSince.toISOString());
    where.push(`updated_at >= $${params.length}`);
  }
  // The place the service read from the latest content (docs/geography.md), the agency's own
  // view of its listings: the column expressions stay bare so that an index on them could serve.
  for (const [key, value] of [
    ['departmentCode', filter.departmentCode],
    ['regionCode', filter.regionCode],
  ] as const) {
    if (value === undefined) continue;
    params.push(value);
    where.push(`content -> 'location' ->> '${key}' = $${params.length}`);
  }
  params.push(filter.limit, filter.offset);
  const { rows } = await db.query<ListingRow & { total: number }>(
    `SELECT ${LISTING_COLUMNS}, count(*) OVER () AS total FROM listings WHERE ${where.join(' AND ')}
     ORDER BY updated_at DESC, id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && filter.offset > 0) {
    // Past the last page the window count is absent: count separately so `total` stays right.
    const counted = await db.query<{ total: number }>(
      `SELECT count(*) AS total FROM listings WHERE ${where.join(' AND ')}`,
      params.slice(0, -2),
    );
    total = counted.rows[0]?.total ?? 0;
  }
  return { listings: rows.map(toListing), total: Number(total) };
}
