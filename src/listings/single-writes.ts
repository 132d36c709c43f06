import type { Database } from '../db/database.js';
import { refuse, type Outcome } from '../outcome.js';
import { listingContent } from '../listing-model/content.js';
import { contentHash } from '../listing-model/content-hash.js';
import type { CommercialStatus, Listing, ListingDraft } from '../listing-model/model.js';
import { LISTING_COLUMNS, toListing, type ListingKey, type ListingRow, type ListingScope } from './store.js';
import { writeListings } from './write.js';
import { decide, lockListing, publicText, recordWrites, type WrittenListing } from './write-steps.js';
import type { ListingWarning } from './warnings.js';

/** One listing by externalId (v1 POST): the bulk write with a single draft. */
export async function upsertListing(
  db: Database,
  scope: ListingScope,
  draft: ListingDraft,
  now: Date,
  options: { createOnly?: boolean } = {},
): Promise<Outcome<WrittenListing>> {
  const [outcome] = await writeListings(db, scope, [draft], now, options);
  return outcome!;
}

/** Soft delete: gone from every read at once, kept for audit. */
export async function deleteListing(
  db: Database,
  scope: ListingScope,
  key: ListingKey,
  now: Date,
  expectedVersion?: number,
): Promise<Outcome<{ serviceId: string; externalId: string }>> {
  const result = await db.transaction(async (tx) => {
    const found = await lockListing(tx, scope, key, expectedVersion);
    if (!found.ok) return found;
    const { locked, current } = found.value;
    await tx.query('UPDATE listings SET deleted_at = $2, change_seq = $3 WHERE id = $1', [current.serviceId, now.toISOString(), locked.lastSeq + 1]);
    return { ok: true as const, value: { serviceId: current.serviceId, externalId: current.externalId } };
  });
  if (result.ok) recordWrites(db, 1);
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
): Promise<Outcome<{ listing: Listing; changed: boolean }>> {
  const result = await db.transaction(async (tx): Promise<Outcome<{ listing: Listing; changed: boolean }>> => {
    const found = await lockListing(tx, scope, key, expectedVersion);
    if (!found.ok) return found;
    const { locked, current } = found.value;
    if (current.status === status) return { ok: true, value: { listing: current, changed: false } };
    const { rows } = await tx.query<ListingRow>(
      `UPDATE listings SET status = $2, content_hash = $3, version = version + 1, change_seq = $4, updated_at = $5
       WHERE id = $1 RETURNING ${LISTING_COLUMNS}`,
      [current.serviceId, status, contentHash(current.content, status), locked.lastSeq + 1, now.toISOString()],
    );
    return { ok: true, value: { listing: toListing(rows[0]!), changed: true } };
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
  scope: ListingScope,
  serviceId: string,
  change: (current: Listing) => Outcome<ListingDraft>,
  now: Date,
  expectedVersion?: number,
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
    }
    const decision = decide(draft, { ...current, deleted: false });
    if (!decision.change && !renamed) return { ok: true, value: { outcome: 'unchanged', listing: current, warnings: decision.warnings } };
    const hash = decision.change ? decision.hash : current.contentHash;
    const masked = publicText(draft.content);
    const { rows } = await tx.query<ListingRow>(
      `UPDATE listings SET external_id = $2, content = $3, content_hash = $4, public_title = $5, public_description = $6,
         version = version + 1, change_seq = $7, updated_at = $8
       WHERE id = $1 RETURNING ${LISTING_COLUMNS}`,
      [current.serviceId, draft.externalId, decision.change ? decision.json : listingContent.canonicalJson(draft.content), hash, masked.title, masked.description, locked.lastSeq + 1, now.toISOString()],
    );
    return { ok: true, value: { outcome: 'updated', listing: toListing(rows[0]!), warnings: [...decision.warnings, ...masked.warnings] } };
  });
  if (result.ok && result.value.outcome === 'updated') recordWrites(db, 1);
  return result;
}
