import type { Database, Queryable } from '../../platform/db/database.js';
import { appendEvents } from '../events/outbox.js';
import { refuse, type Outcome } from '../../platform/outcome.js';
import type { CommercialStatus, Listing, ListingDraft } from '../listing-model/model.js';
import { changeEvents } from './change-events.js';
import type { AgencyEnv } from '../tenant.js';
import { findListing, type ListingKey } from './store.js';
import { applyDrafts, writeListings, type WriteOptions } from './write.js';
import { FIND_EXISTING, lockListing, recordWrites, type Existing, type LockedScope, type WrittenListing } from './write-steps.js';
import type { ListingWarning } from './warnings.js';

/** One listing by externalId (v1 POST): the bulk write with a single draft. */
export async function upsertListing(
  db: Database,
  scope: AgencyEnv,
  draft: ListingDraft,
  now: Date,
  options: WriteOptions = {},
): Promise<Outcome<WrittenListing>> {
  const [outcome] = await writeListings(db, scope, [draft], now, options);
  return outcome!;
}

/** The bulk write's steps for one draft whose listing is already locked and found. */
async function writeOne(tx: Queryable, scope: AgencyEnv, locked: LockedScope, draft: ListingDraft, now: Date, options: WriteOptions) {
  const { rows } = await tx.query<Existing>(FIND_EXISTING, [scope.agencyId, scope.env, [draft.externalId]]);
  const { outcomes } = await applyDrafts(tx, scope, locked, new Map(rows.map((row) => [row.external_id, row])), [draft], now, options);
  return outcomes[0]!;
}

/** Soft delete: gone from every read (and the public site) at once, kept for audit. */
export async function deleteListing(
  db: Database,
  scope: AgencyEnv,
  key: ListingKey,
  now: Date,
  expectedVersion?: number,
): Promise<Outcome<{ serviceId: string; externalId: string }>> {
  const result = await db.transaction(async (tx) => {
    const found = await lockListing(tx, scope, key, expectedVersion);
    if (!found.ok) return found;
    const { locked, current } = found.value;
    const seq = locked.lastSeq + 1;
    await tx.query('UPDATE listings SET deleted_at = $2, change_seq = $3 WHERE id = $1', [current.serviceId, now.toISOString(), seq]);
    await appendEvents(tx, scope, changeEvents({ ...eventFacts(current), kind: 'deleted' }, seq), now);
    return { ok: true as const, value: { serviceId: current.serviceId, externalId: current.externalId } };
  });
  if (result.ok) recordWrites(db, 1);
  return result;
}

/** What a listing's events say of it, from the stored listing. */
export const eventFacts = (listing: Listing) => ({
  agencyId: listing.agencyId,
  env: listing.env,
  serviceId: listing.serviceId,
  externalId: listing.externalId,
  version: listing.version,
  status: listing.status,
  moderationState: listing.moderationState,
  reasons: listing.moderationReasons,
});

/**
 * Changes the commercial status; a new status is a change (new version), the same one is not.
 * Not content: moderation is not asked again, and an approved listing stays public.
 */
export async function setStatus(
  db: Database,
  scope: AgencyEnv,
  key: ListingKey,
  status: CommercialStatus,
  now: Date,
  expectedVersion?: number,
): Promise<Outcome<{ listing: Listing; changed: boolean }>> {
  const result = await db.transaction(async (tx): Promise<Outcome<{ listing: Listing; changed: boolean }>> => {
    const found = await lockListing(tx, scope, key, expectedVersion);
    if (!found.ok) return found;
    const { locked, current } = found.value;
    if (current.status === status) return { ok: true, value: { listing: current, changed: false } };
    const written = await writeOne(tx, scope, locked, { externalId: current.externalId, content: current.content, status }, now, {});
    if (!written.ok) return written;
    return { ok: true, value: { listing: (await findListing(tx, scope, { serviceId: current.serviceId }))!, changed: true } };
  });
  if (result.ok && result.value.changed) recordWrites(db, 1);
  return result;
}

export interface UpdatedListing {
  outcome: 'updated' | 'unchanged';
  listing: Listing;
  warnings: ListingWarning[];
}

/**
 * Changes one listing by serviceId (v1 PUT): `change` derives the new draft from the stored
 * listing, or refuses. A new externalId must not be used by another listing, deleted or not.
 */
export async function updateListing(
  db: Database,
  scope: AgencyEnv,
  serviceId: string,
  change: (current: Listing) => Outcome<ListingDraft>,
  now: Date,
  expectedVersion?: number,
  options: WriteOptions = {},
): Promise<Outcome<UpdatedListing>> {
  const result = await db.transaction(async (tx): Promise<Outcome<UpdatedListing>> => {
    const found = await lockListing(tx, scope, { serviceId }, expectedVersion);
    if (!found.ok) return found;
    const { locked, current } = found.value;
    const changed = change(current);
    if (!changed.ok) return changed;
    const draft = changed.value;
    const renamed = draft.externalId !== current.externalId;
    if (renamed) {
      // A deleted listing keeps its externalId (pushing it again restores that listing), so it is taken too.
      const { rows } = await tx.query<{ deleted: boolean }>(
        'SELECT deleted_at IS NOT NULL AS deleted FROM listings WHERE agency_id = $1 AND env = $2 AND external_id = $3',
        [scope.agencyId, scope.env, draft.externalId],
      );
      if (rows[0]) {
        return refuse(
          'conflict',
          rows[0].deleted
            ? `externalId ${draft.externalId} belongs to a deleted listing of this agency; pushing it again restores that listing`
            : `externalId ${draft.externalId} is already used by another listing of this agency`,
        );
      }
      await tx.query('UPDATE listings SET external_id = $2 WHERE id = $1', [serviceId, draft.externalId]);
    }
    const written = await writeOne(tx, scope, locked, draft, now, options);
    if (!written.ok) return written;
    const { outcome, warnings } = written.value;
    if (outcome === 'unchanged' && renamed) {
      // A new externalId alone is a change of the listing: a new version, and its event.
      const seq = locked.lastSeq + 1;
      await tx.query(
        'UPDATE listings SET version = version + 1, change_seq = $2, updated_at = $3, published_version = CASE WHEN published_version = version THEN version + 1 ELSE published_version END WHERE id = $1',
        [serviceId, seq, now.toISOString()],
      );
      const listing = (await findListing(tx, scope, { serviceId }))!;
      await appendEvents(tx, scope, changeEvents({ ...eventFacts(listing), kind: 'updated' }, seq), now);
      return { ok: true, value: { outcome: 'updated', listing, warnings } };
    }
    const listing = outcome === 'unchanged' ? current : (await findListing(tx, scope, { serviceId }))!;
    return { ok: true, value: { outcome: outcome === 'created' ? 'updated' : outcome, listing, warnings } };
  });
  if (result.ok && result.value.outcome === 'updated') recordWrites(db, 1);
  return result;
}
