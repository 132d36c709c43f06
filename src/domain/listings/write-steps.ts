import { prepared, type Database, type Queryable } from '../../platform/db/database.js';
import { noteWrites } from '../../platform/db/statistics.js';
import { maskContactDetails } from '../masking/mask.js';
import { notFound, refuse, type Outcome } from '../../platform/outcome.js';
import { canonicalJson, contentHash, type CanonicalJson } from '../listing-model/content-hash.js';
import type { CommercialStatus, Listing, ListingContent, ListingDraft, ModerationReason, ModerationState } from '../listing-model/model.js';
import { CLOCK_CTE } from '../events/change-clock.js';
import type { AgencyEnv } from '../tenant.js';
import { findListing, type ListingKey } from './store.js';
import type { Location } from '../geography/index.js';
import { contentWarnings, maskingWarnings, type ListingWarning } from './warnings.js';
import type { ComplianceWarning } from '../compliance/legal-mention-rules.js';

/**
 * The steps every listing write is made of, in this order: lock the agency, find what is
 * stored, decide what changes, write the rows, record the writes. The bulk write
 * (`write.ts`) and the single-listing writes (`single-writes.ts`) are both sequences of these;
 * a step every write needs (moderation, change events) is added here once.
 */

export type WriteKind = 'created' | 'updated' | 'unchanged';

/** A listing a write accepted, whether or not it changed. */
export interface WrittenListing {
  externalId: string;
  outcome: WriteKind;
  serviceId: string;
  version: number;
  status: CommercialStatus;
  moderationState: ModerationState;
  moderationReasons: ModerationReason[];
  /** The version the public side shows (null: none). */
  publishedVersion: number | null;
  createdAt: Date;
  updatedAt: Date;
  /** Remarks for the client: a long title, contact details masking removed (and where). */
  warnings: ListingWarning[];
  /** Legal mentions the content lacks (docs/interfaces.md, "Legal mentions"): warnings only. */
  compliance: ComplianceWarning[];
}

export interface LockedScope {
  lastSeq: number;
  shareWithServiceDefault: boolean;
  shareWithRelayDefault: boolean;
}

/**
 * Lock: advances the events' clock (`change-clock.ts`) by `reserve` change numbers after
 * `lastSeq`, holding its lock for the rest of the transaction, and reads the agency's sharing
 * defaults in the same round trip. Every write to an agency's listings goes through here, so
 * writes of one agency are serialised: concurrent pushes of the same externalId cannot both create.
 */
export async function lockScope(tx: Queryable, scope: AgencyEnv, reserve: number): Promise<LockedScope> {
  const { rows } = await tx.query<{ last_seq: number; share_with_service_default: boolean; share_with_relay_default: boolean }>(
    `WITH ${CLOCK_CTE}
     SELECT clock.last_seq, a.share_with_service_default, a.share_with_relay_default FROM clock, agencies a WHERE a.id = $1`,
    [scope.agencyId, scope.env, reserve],
  );
  const row = rows[0]!;
  return {
    lastSeq: row.last_seq,
    shareWithServiceDefault: row.share_with_service_default,
    shareWithRelayDefault: row.share_with_relay_default,
  };
}

/** What the bulk write knows of a stored listing it may change. */
export interface Existing {
  id: string;
  external_id: string;
  content_hash: string;
  status: CommercialStatus;
  moderation_state: ModerationState;
  moderation_reasons: ModerationReason[];
  review_hash: string | null;
  published_version: number | null;
  version: number;
  created_ms: number;
  updated_ms: number;
  deleted: boolean;
}

/** Find, for a bulk write ($1 agency, $2 env, $3 externalIds). */
// Times come as epoch milliseconds: parsing each timestamp to a Date was a visible part of a push of updates.
// Prepared: planning it cost a single listing's write more than running it, under the agency's lock
// (both measured: docs/benchmarks.md, "Figures behind the code").
export const FIND_EXISTING = prepared(
  'listings-to-write',
  `SELECT id, external_id, content_hash, status, moderation_state, moderation_reasons, review_hash, published_version, version,
   floor(extract(epoch FROM created_at) * 1000)::float8 AS created_ms, floor(extract(epoch FROM updated_at) * 1000)::float8 AS updated_ms,
   deleted_at IS NOT NULL AS deleted
 FROM listings WHERE agency_id = $1 AND env = $2 AND external_id = ANY($3::text[])`,
);

/**
 * Lock and find, for a single-listing write: the listing, with the agency lock taken. Absent
 * (or another agency's), or changed since the version the caller expects (If-Match), is refused.
 */
export async function lockListing(
  tx: Queryable,
  scope: AgencyEnv,
  key: ListingKey,
  expectedVersion: number | undefined,
): Promise<Outcome<{ locked: LockedScope; current: Listing }>> {
  const locked = await lockScope(tx, scope, 1);
  const current = await findListing(tx, scope, key);
  if (!current) return notFound('Listing');
  if (expectedVersion !== undefined && current.version !== expectedVersion) {
    return refuse('precondition_failed', 'The listing changed since the ETag given in If-Match; read it again and retry');
  }
  return { ok: true, value: { locked, current } };
}

/** The stored listing a decision compares with, whichever way it was found. */
export interface Stored {
  contentHash: string;
  status: CommercialStatus;
  version: number;
  deleted: boolean;
}

export type Decision =
  | { change: false; warnings: ListingWarning[] }
  | {
      change: true;
      created: boolean;
      version: number;
      status: CommercialStatus;
      hash: string;
      json: CanonicalJson;
      warnings: ListingWarning[];
      /** Where the listing is: stored beside its content, outside the hash. */
      location: Location;
    };

/**
 * Decide: whether the draft changes anything, and what the row becomes. A deleted listing
 * written again comes back as created, its version continuing (docs/decisions.md §6).
 */
export function decide(draft: ListingDraft, before: Stored | undefined, keepStatus?: CommercialStatus): Decision {
  const { warnings, location } = contentWarnings(draft.content);
  const live = before && !before.deleted ? before : undefined;
  const status = draft.status ?? keepStatus ?? live?.status ?? 'active';
  // The canonical JSON, computed once for the hash, is also the stored text.
  const json = canonicalJson(draft.content);
  const hash = contentHash(draft.content, status, json);
  if (live && live.contentHash === hash) return { change: false, warnings };
  return { change: true, created: !live, version: before ? before.version + 1 : 1, status, hash, json, warnings, location };
}

/** The title and description as the public site shows them, and what masking found where. */
export function publicText(content: ListingContent) {
  const title = maskContactDetails(content.title);
  const description = content.description === null ? null : maskContactDetails(content.description);
  return {
    title: title.text,
    description: description?.text ?? null,
    /** How many marks masking left (details a sentence links share one), for moderation's remark. */
    contactDetails: title.kinds.length + (description?.kinds.length ?? 0),
    warnings: maskingWarnings({ title: title.found, description: description?.found ?? [] }),
  };
}

/** Record, after commit: the statistics keeper counts the rows written (`created` of them new). */
export function recordWrites(db: Database, changed: number, created = 0): void {
  if (changed > 0) noteWrites(db, 'listings', { changed, inserted: created });
}
