import type { Queryable } from '../../platform/db/database.js';
import { idRegexSource } from '../../platform/db/ids.js';
import { listingContent } from '../listing-model/content.js';
import type { Listing, ListingContent, ModerationReason } from '../listing-model/model.js';
import { LISTING_COLUMNS, toListing, type ListingRow } from './store.js';

/** A version waiting for an operator, with the approved version the public sees meanwhile. */
export interface QueuedListing {
  listing: Listing;
  agencyName: string;
  /** When this version was submitted: what the queue is ordered by. */
  submittedAt: Date;
  /** The last approved version, still public while this one waits; null when none. */
  published: { version: number; content: ListingContent; publicTitle: string; publicDescription: string | null } | null;
}

export interface QueuePage {
  items: QueuedListing[];
  total: number;
  /** Pass as `after` for the next page; null on the last one. */
  next: string | null;
}

/** Keyset cursor of the queue: submission time (ms) and serviceId. */
const cursorOf = (listing: Listing) => `${listing.updatedAt.getTime()}.${listing.serviceId}`;
export const QUEUE_CURSOR_PATTERN = `^[0-9]{1,16}\\.${idRegexSource('lst')}$`;

/**
 * The live listings whose latest version waits for an operator, oldest first (docs/decisions.md §11).
 * Sandbox listings never wait here: they are decided at once or by their TEST key.
 */
const PENDING_LIVE = `l.moderation_state = 'pending' AND l.env = 'live' AND l.deleted_at IS NULL`;
const QUEUE_COLUMNS = LISTING_COLUMNS.split(',')
  .map((column) => `l.${column.trim()}`)
  .join(', ');
type QueueRow = ListingRow & {
  agency_name: string;
  published_content: Record<string, unknown> | null;
  published_title: string | null;
  published_description: string | null;
};
const QUEUE_SELECT = `SELECT ${QUEUE_COLUMNS}, a.name AS agency_name, l.published_content, l.published_title, l.published_description
       FROM listings l JOIN agencies a ON a.id = l.agency_id`;

function toQueued(row: QueueRow): QueuedListing {
  const listing = toListing(row);
  return {
    listing,
    agencyName: row.agency_name,
    submittedAt: listing.updatedAt,
    published:
      listing.publishedVersion !== null && row.published_content !== null
        ? {
            version: listing.publishedVersion,
            content: listingContent.read(row.published_content),
            publicTitle: row.published_title ?? '',
            publicDescription: row.published_description,
          }
        : null,
  };
}

/** The WHERE clause and parameters of a page of the queue ($1 is the limit, plus one to know whether more follow). */
function queuePage(options: { limit: number; after?: string }): { where: string; params: unknown[] } {
  if (!options.after) return { where: PENDING_LIVE, params: [options.limit + 1] };
  const [ms, id] = options.after.split('.', 2) as [string, string];
  return {
    where: `${PENDING_LIVE} AND (l.updated_at, l.id) > ($2::timestamptz, $3)`,
    params: [options.limit + 1, new Date(Number(ms)).toISOString(), id],
  };
}

export async function moderationQueue(db: Queryable, options: { limit: number; after?: string }): Promise<QueuePage> {
  const { where, params } = queuePage(options);
  const [page, count] = await Promise.all([
    db.query<QueueRow>(`${QUEUE_SELECT} WHERE ${where} ORDER BY l.updated_at, l.id LIMIT $1`, params),
    db.query<{ total: string | number }>(`SELECT count(*) AS total FROM listings l WHERE ${PENDING_LIVE}`),
  ]);
  const items = page.rows.slice(0, options.limit).map(toQueued);
  const last = items.at(-1);
  return {
    items,
    total: Number(count.rows[0]?.total ?? 0),
    next: page.rows.length > options.limit && last ? cursorOf(last.listing) : null,
  };
}

/** A queued version as a list shows it: no content, so a page of fifty reads fifty short rows. */
export interface QueueSummary {
  serviceId: string;
  externalId: string;
  version: number;
  /** The title as the public would see it (contact details masked). */
  title: string;
  agencyName: string;
  submittedAt: Date;
  reasons: ModerationReason[];
  publishedVersion: number | null;
}

export async function moderationQueueSummary(
  db: Queryable,
  options: { limit: number; after?: string },
): Promise<{ items: QueueSummary[]; total: number; next: string | null }> {
  const { where, params } = queuePage(options);
  const [page, count] = await Promise.all([
    db.query<{
      id: string;
      external_id: string;
      version: number;
      public_title: string;
      agency_name: string;
      updated_at: Date;
      moderation_reasons: ModerationReason[];
      published_version: number | null;
    }>(
      `SELECT l.id, l.external_id, l.version, l.public_title, a.name AS agency_name, l.updated_at, l.moderation_reasons, l.published_version
       FROM listings l JOIN agencies a ON a.id = l.agency_id WHERE ${where} ORDER BY l.updated_at, l.id LIMIT $1`,
      params,
    ),
    db.query<{ total: string | number }>(`SELECT count(*) AS total FROM listings l WHERE ${PENDING_LIVE}`),
  ]);
  const items = page.rows.slice(0, options.limit).map((row) => ({
    serviceId: row.id,
    externalId: row.external_id,
    version: row.version,
    title: row.public_title,
    agencyName: row.agency_name,
    submittedAt: row.updated_at,
    reasons: row.moderation_reasons,
    publishedVersion: row.published_version,
  }));
  const last = items.at(-1);
  return {
    items,
    total: Number(count.rows[0]?.total ?? 0),
    next: page.rows.length > options.limit && last ? `${last.submittedAt.getTime()}.${last.serviceId}` : null,
  };
}

/** One live listing with its approved version, whatever its moderation state (null when unknown, sandbox or deleted). */
export async function reviewedListing(db: Queryable, serviceId: string): Promise<QueuedListing | null> {
  const { rows } = await db.query<QueueRow>(`${QUEUE_SELECT} WHERE l.id = $1 AND l.env = 'live' AND l.deleted_at IS NULL`, [serviceId]);
  return rows[0] ? toQueued(rows[0]) : null;
}

/** The cursor just past a listing, to ask the queue for the one after it. */
export const queueCursorAfter = (listing: Listing) => cursorOf(listing);

export interface DecisionTimes {
  decisions: number;
  p50Seconds: number | null;
  p95Seconds: number | null;
  meanSeconds: number | null;
}

export interface ModerationMetrics {
  windowDays: number;
  /** Every decision of a new version, automatic ones included (they take no time). */
  all: DecisionTimes;
  /** Decisions operators took: the versions that waited in the queue. */
  operator: DecisionTimes;
  queue: { length: number; oldestSubmittedAt: Date | null };
}

const WINDOW_DAYS = 7;

/** The service's promise (docs/decisions.md §11): publication in 2 hours on average. Every figure and page that shows it reads this. */
export const PUBLICATION_PROMISE_SECONDS = 2 * 3600;

/**
 * Time from a version's submission to its decision over the last 7 days (the spec promises
 * publication in 2 hours on average), read from the decision events of live listings.
 */
export async function moderationMetrics(db: Queryable, now: Date): Promise<ModerationMetrics> {
  const since = new Date(now.getTime() - WINDOW_DAYS * 86_400_000).toISOString();
  const waited = `(data ->> 'waitedMs')::float8 / 1000`;
  const times = (name: string, filter: string) =>
    `count(*) FILTER (WHERE ${filter}) AS ${name}_n,
     percentile_cont(0.5) WITHIN GROUP (ORDER BY ${waited}) FILTER (WHERE ${filter}) AS ${name}_p50,
     percentile_cont(0.95) WITHIN GROUP (ORDER BY ${waited}) FILTER (WHERE ${filter}) AS ${name}_p95,
     avg(${waited}) FILTER (WHERE ${filter}) AS ${name}_mean`;
  const [decided, queue] = await Promise.all([
    db.query<Record<string, number | string | null>>(
      `SELECT ${times('all', 'true')}, ${times('operator', `data ->> 'decidedBy' = 'operator'`)}
       FROM events WHERE type IN ('listing.published', 'listing.rejected') AND at > $1 AND env = 'live'
         AND data ->> 'decidedBy' IN ('rules', 'operator')`,
      [since],
    ),
    db.query<{ length: string | number; oldest: Date | null }>(
      `SELECT count(*) AS length, min(updated_at) AS oldest FROM listings WHERE moderation_state = 'pending' AND env = 'live' AND deleted_at IS NULL`,
    ),
  ]);
  const row = decided.rows[0] ?? {};
  const seconds = (value: unknown) => (value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10);
  const figures = (name: string): DecisionTimes => ({
    decisions: Number(row[`${name}_n`] ?? 0),
    p50Seconds: seconds(row[`${name}_p50`]),
    p95Seconds: seconds(row[`${name}_p95`]),
    meanSeconds: seconds(row[`${name}_mean`]),
  });
  return {
    windowDays: WINDOW_DAYS,
    all: figures('all'),
    operator: figures('operator'),
    queue: { length: Number(queue.rows[0]?.length ?? 0), oldestSubmittedAt: queue.rows[0]?.oldest ?? null },
  };
}
