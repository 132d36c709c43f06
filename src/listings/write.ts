import type { Database, Queryable } from '../db/database.js';
import { newId } from '../db/ids.js';
import { noteWrites } from '../db/statistics.js';
import { maskContactDetails, type MaskResult } from '../masking/mask.js';
import { canonicalJson, contentHash } from './content-hash.js';
import { RowSender } from './row-sender.js';
import type { CommercialStatus, ListingContent, ListingDraft, ModerationState } from './model.js';
import { findListing, LISTING_COLUMNS, toListing, type ListingKey, type ListingRow, type ListingScope } from './store.js';
import type { Listing } from './model.js';

export type WriteKind = 'created' | 'updated' | 'unchanged';

export interface WriteOutcome {
  externalId: string;
  outcome: WriteKind;
  serviceId: string;
  version: number;
  status: CommercialStatus;
  moderationState: ModerationState;
  createdAt: Date;
  updatedAt: Date;
  /** What masking replaced in the public title and description (created or updated only). */
  masked: MaskResult['kinds'];
}

interface LockedScope {
  lastSeq: number;
  shareWithServiceDefault: boolean;
  shareWithRelayDefault: boolean;
}

/**
 * Takes the agency's sequence row lock for the rest of the transaction and reserves `reserve`
 * change sequence numbers after `lastSeq`. Every write to an agency's listings goes through
 * here, so writes of one agency are serialised: sequence numbers commit in order and
 * concurrent pushes of the same externalId cannot both create. Numbers a write reserves but
 * does not use (unchanged listings) are simply skipped: readers page by "after", never by count.
 */
async function lockScope(tx: Queryable, scope: ListingScope, reserve: number): Promise<LockedScope> {
  // One statement creates the counter row if needed and locks it (ON CONFLICT DO UPDATE takes the row lock).
  const { rows } = await tx.query<{ last_seq: number; share_with_service_default: boolean; share_with_relay_default: boolean }>(
    `WITH locked AS (
       INSERT INTO listing_sequences (agency_id, env, last_seq) VALUES ($1, $2, $3)
       ON CONFLICT (agency_id, env) DO UPDATE SET last_seq = listing_sequences.last_seq + $3
       RETURNING last_seq - $3 AS last_seq)
     SELECT locked.last_seq, a.share_with_service_default, a.share_with_relay_default FROM locked, agencies a WHERE a.id = $1`,
    [scope.agencyId, scope.env, reserve],
  );
  const row = rows[0]!;
  return { lastSeq: row.last_seq, shareWithServiceDefault: row.share_with_service_default, shareWithRelayDefault: row.share_with_relay_default };
}

/**
 * The listing a single-listing write acts on, with the agency lock taken: absent (or another
 * agency's), or changed since the version the caller expects (If-Match), is said so.
 */
async function lockListing(
  tx: Queryable,
  scope: ListingScope,
  key: ListingKey,
  expectedVersion: number | undefined,
): Promise<{ locked: LockedScope; current: Listing } | 'not_found' | 'version_mismatch'> {
  const locked = await lockScope(tx, scope, 1);
  const current = await findListing(tx, scope, key);
  if (!current) return 'not_found';
  if (expectedVersion !== undefined && current.version !== expectedVersion) return 'version_mismatch';
  return { locked, current };
}

interface Existing {
  id: string;
  external_id: string;
  content_hash: string;
  status: CommercialStatus;
  moderation_state: ModerationState;
  version: number;
  created_ms: number;
  updated_ms: number;
  deleted: boolean;
}

/** What a write needs to know of the listings it may change ($1 agency, $2 env, $3 externalIds). */
// Times come as epoch milliseconds: parsing 1,000 timestamps to Dates cost a push of 500 updates ~2 ms.
export const FIND_EXISTING = `SELECT id, external_id, content_hash, status, moderation_state, version,
   floor(extract(epoch FROM created_at) * 1000)::float8 AS created_ms, floor(extract(epoch FROM updated_at) * 1000)::float8 AS updated_ms,
   deleted_at IS NOT NULL AS deleted
 FROM listings WHERE agency_id = $1 AND env = $2 AND external_id = ANY($3::text[])`;

function publicText(content: ListingContent) {
  const title = maskContactDetails(content.title);
  const description = content.description === null ? null : maskContactDetails(content.description);
  return { title: title.text, description: description?.text ?? null, kinds: [...title.kinds, ...(description?.kinds ?? [])] };
}

/** A create-only write found its externalId in use (checked under the agency lock). */
export class ExternalIdInUse extends Error {
  constructor(readonly externalId: string) {
    super(`externalId ${externalId} is already used by a listing of this agency`);
  }
}

/**
 * Drafts still to be checked: `externalIds` are the ids they may carry (a superset is fine),
 * looked up in the database before `drafts()` is read; the drafts are then checked one by one
 * as rows are written, so checking overlaps the database's work.
 */
export interface DraftsToCheck {
  externalIds: readonly string[];
  drafts(): Iterable<ListingDraft>;
}

/** Drafts are checked in slices of this many between looks at whether the lookup has answered. */
const CHECK_SLICE = 25;

/**
 * Reads drafts (checking them) while the database answers `lookup`, looking for its answer
 * between slices, so neither waits for the other. Returns the rows and every draft, in order.
 */
async function checkWhileLookingUp<Row>(lookup: Promise<{ rows: Row[] }>, drafts: Iterable<ListingDraft>) {
  let answer: { rows: Row[] } | null = null;
  const answered = lookup.then((result) => (answer = result));
  answered.catch(() => {}); // awaited below
  const iterator = drafts[Symbol.iterator]();
  const checked: ListingDraft[] = [];
  let exhausted = false;
  while (answer === null && !exhausted) {
    for (let i = 0; i < CHECK_SLICE && !exhausted; i++) {
      const next = iterator.next();
      if (next.done) exhausted = true;
      else checked.push(next.value);
    }
    // A macrotask turn lets the database's answer in.
    if (!exhausted) await new Promise((resolve) => setImmediate(resolve));
  }
  const { rows } = await answered;
  function* pending(): Generator<ListingDraft> {
    yield* checked;
    for (let next = iterator.next(); !next.done; next = iterator.next()) yield next.value;
  }
  return { rows, pending: pending() };
}

/**
 * Creates or updates listings by externalId, set-based: one lookup for the whole batch, then
 * the rows in a few chunked statements, all in one transaction. Content equal to what is
 * stored changes nothing. Drafts must have distinct externalIds.
 */
export async function writeListings(
  db: Database,
  scope: ListingScope,
  input: readonly ListingDraft[] | DraftsToCheck,
  now: Date,
  options: { createOnly?: boolean } = {},
): Promise<WriteOutcome[]> {
  const { externalIds: ids, drafts } = 'drafts' in input ? input : { externalIds: input.map((d) => d.externalId), drafts: () => input };
  if (ids.length === 0) {
    for (const draft of drafts()) throw new Error(`writeListings: draft ${draft.externalId} was not announced`);
    return []; // nothing has an externalId to write under; reading the drafts still reports why
  }
  const written = await db.transaction(async (tx) => {
    const locked = await lockScope(tx, scope, ids.length);
    const { rows, pending } = await checkWhileLookingUp(tx.query<Existing>(FIND_EXISTING, [scope.agencyId, scope.env, ids]), drafts());
    const existing = new Map(rows.map((row) => [row.external_id, row]));
    // The reservation and the lookup cover only the announced ids: a draft outside them is a bug.
    const announced = new Set(ids);
    let seq = locked.lastSeq;
    const outcomes: WriteOutcome[] = [];
    // The content's canonical JSON, computed once for its hash, is reused as the stored text.
    const sender = new RowSender(tx, [scope.agencyId, scope.env, now.toISOString()], ids.length);
    for (const draft of pending) {
      if (!announced.has(draft.externalId)) throw new Error(`writeListings: draft ${draft.externalId} was not announced`);
      const before = existing.get(draft.externalId);
      if (options.createOnly && before && !before.deleted) throw new ExternalIdInUse(draft.externalId);
      const status = draft.status ?? (before && !before.deleted ? before.status : 'active');
      const json = canonicalJson(draft.content);
      const hash = contentHash(draft.content, status, json);
      if (before && !before.deleted && before.content_hash === hash) {
        outcomes.push({
          externalId: draft.externalId,
          outcome: 'unchanged',
          serviceId: before.id,
          version: before.version,
          status: before.status,
          moderationState: before.moderation_state,
          createdAt: new Date(before.created_ms),
          updatedAt: new Date(before.updated_ms),
          masked: [],
        });
        continue;
      }
      const masked = publicText(draft.content);
      const serviceId = before?.id ?? newId('lst');
      const version = before ? before.version + 1 : 1;
      const created = !before || before.deleted;
      seq += 1;
      // Written out directly: the row is built once per listing of every push.
      const shareWithService = draft.shareWithService ?? locked.shareWithServiceDefault;
      const shareWithRelay = draft.shareWithRelay ?? locked.shareWithRelayDefault;
      const row =
        `{"id":${JSON.stringify(serviceId)},"external_id":${JSON.stringify(draft.externalId)},"content_hash":"${hash}",` +
        `"public_title":${JSON.stringify(masked.title)},"public_description":${JSON.stringify(masked.description)},` +
        `"status":"${status}","share_with_service":${shareWithService},"share_with_relay":${shareWithRelay},` +
        `"version":${version},"change_seq":${seq},"content":${json}}`;
      await sender.add(before ? 'existing' : 'new', row);
      outcomes.push({
        externalId: draft.externalId,
        outcome: created ? 'created' : 'updated',
        serviceId,
        version,
        status,
        moderationState: created ? 'pending' : before.moderation_state,
        createdAt: created ? now : new Date(before.created_ms),
        updatedAt: now,
        masked: masked.kinds,
      });
    }
    await sender.finish();
    return outcomes;
  });
  noteWrites(db, 'listings', written.filter((o) => o.outcome !== 'unchanged').length);
  return written;
}

/** Soft delete: gone from every read at once, kept for audit. Returns false when not the scope's. */
export async function deleteListing(
  db: Database,
  scope: ListingScope,
  key: ListingKey,
  now: Date,
  expectedVersion?: number,
): Promise<'deleted' | 'not_found' | 'version_mismatch'> {
  const result = await db.transaction(async (tx) => {
    const found = await lockListing(tx, scope, key, expectedVersion);
    if (typeof found === 'string') return found;
    const { locked, current } = found;
    await tx.query('UPDATE listings SET deleted_at = $2, change_seq = $3 WHERE id = $1', [current.serviceId, now.toISOString(), locked.lastSeq + 1]);
    return 'deleted' as const;
  });
  if (result === 'deleted') noteWrites(db, 'listings', 1);
  return result;
}

/** Changes the commercial status; a new status is a change (new version), the same one is not. */
export async function setStatus(
  db: Database,
  scope: ListingScope,
  key: ListingKey,
  status: CommercialStatus,
  now: Date,
  expectedVersion?: number,
): Promise<{ listing: Listing; changed: boolean } | 'not_found' | 'version_mismatch'> {
  const result = await db.transaction(async (tx) => {
    const found = await lockListing(tx, scope, key, expectedVersion);
    if (typeof found === 'string') return found;
    const { locked, current } = found;
    if (current.status === status) return { listing: current, changed: false };
    const { rows } = await tx.query<ListingRow>(
      `UPDATE listings SET status = $2, content_hash = $3, version = version + 1, change_seq = $4, updated_at = $5
       WHERE id = $1 RETURNING ${LISTING_COLUMNS}`,
      [current.serviceId, status, contentHash(current.content, status), locked.lastSeq + 1, now.toISOString()],
    );
    return { listing: toListing(rows[0]!), changed: true };
  });
  if (typeof result !== 'string' && result.changed) noteWrites(db, 'listings', 1);
  return result;
}

export type UpdateResult =
  | { kind: 'updated' | 'unchanged'; listing: Listing }
  | { kind: 'not_found' }
  | { kind: 'version_mismatch' }
  | { kind: 'external_id_taken'; byDeleted: boolean };

/**
 * Changes one listing by serviceId (v1 PUT): `change` derives the new draft from the stored
 * listing, or throws to refuse. A new externalId must not be used by another listing.
 */
export async function updateListing(
  db: Database,
  scope: ListingScope,
  serviceId: string,
  change: (current: Listing) => ListingDraft,
  now: Date,
  expectedVersion?: number,
): Promise<UpdateResult> {
  const result = await db.transaction(async (tx): Promise<UpdateResult> => {
    const found = await lockListing(tx, scope, { serviceId }, expectedVersion);
    if (typeof found === 'string') return { kind: found };
    const { locked, current } = found;
    const draft = change(current);
    if (draft.externalId !== current.externalId) {
      // A deleted listing keeps its externalId (pushing it again restores that listing), so it is taken too.
      const { rows } = await tx.query<{ deleted: boolean }>(
        'SELECT deleted_at IS NOT NULL AS deleted FROM listings WHERE agency_id = $1 AND env = $2 AND external_id = $3',
        [scope.agencyId, scope.env, draft.externalId],
      );
      if (rows[0]) return { kind: 'external_id_taken', byDeleted: rows[0].deleted };
    }
    const hash = contentHash(draft.content, current.status);
    if (hash === current.contentHash && draft.externalId === current.externalId) return { kind: 'unchanged', listing: current };
    const masked = publicText(draft.content);
    const { rows } = await tx.query<ListingRow>(
      `UPDATE listings SET external_id = $2, content = $3, content_hash = $4, public_title = $5, public_description = $6,
         version = version + 1, change_seq = $7, updated_at = $8
       WHERE id = $1 RETURNING ${LISTING_COLUMNS}`,
      [current.serviceId, draft.externalId, JSON.stringify(draft.content), hash, masked.title, masked.description, locked.lastSeq + 1, now.toISOString()],
    );
    return { kind: 'updated', listing: toListing(rows[0]!) };
  });
  if (result.kind === 'updated') noteWrites(db, 'listings', 1);
  return result;
}
