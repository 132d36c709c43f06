import { eventPosition } from '../events/change-clock.js';
import type { EventType, OutboxEvent } from '../events/outbox.js';
import type { CommercialStatus, ModerationReason, ModerationState } from '../listing-model/model.js';
import type { DecidedBy } from '../moderation/index.js';
import { reasonView } from './response-views.js';

/** What one accepted change of a listing did, as its events tell it (docs/decisions.md §9). */
export interface ListingChange {
  kind: 'created' | 'updated' | 'status_changed' | 'deleted' | 'decided';
  agencyId: string;
  env: 'live' | 'test';
  serviceId: string;
  externalId: string;
  version: number;
  status: CommercialStatus;
  /** The status before, when the change moved it. */
  previousStatus?: CommercialStatus;
  moderationState: ModerationState;
  reasons: readonly ModerationReason[];
  /** Set when moderation decided this version now: by whom, and how long it waited. */
  decision?: { by: DecidedBy; waitedMs: number };
}

const KIND_EVENT: Record<Exclude<ListingChange['kind'], 'decided'>, EventType> = {
  created: 'listing.created',
  updated: 'listing.updated',
  status_changed: 'listing.status_changed',
  deleted: 'listing.deleted',
};

/**
 * The events of one change, in order: what happened to the listing, its status move, then the
 * moderation decision (published when the version became public, rejected when refused).
 * Events of one change share its sequence number and are ranked within it.
 */
export function changeEvents(change: ListingChange, changeSeq: number): OutboxEvent[] {
  const types: EventType[] = [];
  if (change.kind !== 'decided') types.push(KIND_EVENT[change.kind]);
  if (change.kind === 'updated' && change.previousStatus !== undefined && change.previousStatus !== change.status)
    types.push('listing.status_changed');
  if (change.decision && change.moderationState === 'approved') types.push('listing.published');
  if (change.decision && change.moderationState === 'rejected') types.push('listing.rejected');
  const base = {
    agencyId: change.agencyId,
    env: change.env,
    serviceId: change.serviceId,
    externalId: change.externalId,
    version: change.version,
    status: change.status,
    moderationState: change.moderationState,
  };
  return types.map((type, rank) => {
    let data: Record<string, unknown> = base;
    if (type === 'listing.status_changed') data = { ...base, previousStatus: change.previousStatus ?? null };
    else if (type === 'listing.published') data = { ...base, decidedBy: change.decision!.by, waitedMs: change.decision!.waitedMs };
    else if (type === 'listing.rejected')
      data = { ...base, decidedBy: change.decision!.by, waitedMs: change.decision!.waitedMs, reasons: change.reasons.map(reasonView) };
    return { position: eventPosition(changeSeq, rank), type, listingId: change.serviceId, data };
  });
}
