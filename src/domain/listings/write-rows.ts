import { complianceWarnings } from '../compliance/legal-mention-rules.js';
import { jsonStringParts, type EncodedJson } from '../../platform/db/jsonb.js';
import type { ListingDraft, ModerationReason, ModerationState } from '../listing-model/model.js';
import type { Review } from '../moderation/index.js';
import type { ListingChange } from './change-events.js';
import type { AgencyEnv } from '../tenant.js';
import type { Decision, Existing, LockedScope, publicText, WrittenListing } from './write-steps.js';

/** The title and description as the public site shows them (see `publicText`). */
export type PublicText = ReturnType<typeof publicText>;

/** What a write decided to change (see `decide`). */
export type Change = Extract<Decision, { change: true }>;

/** A changed draft's new version, once moderated (`review`, null for a new status alone). */
export interface NewVersion {
  serviceId: string;
  /** Its position in the agency's change sequence. */
  seq: number;
  review: Review | null;
  moderationState: ModerationState;
  reasons: ModerationReason[];
  /** Whether the public side shows this version. */
  publish: boolean;
}

/**
 * The row of a changed listing, as the JSON text `RowSender` sends. Written out directly: the
 * row is built once per listing of every push. Its parts are encoded one by one (joining them,
 * or escaping a text that needs no escape, would copy the public text once more) and its
 * content goes as the bytes that were hashed.
 */
export function listingRow(
  draft: ListingDraft,
  change: Change,
  masked: PublicText,
  version: NewVersion,
  locked: LockedScope,
): Array<string | EncodedJson> {
  const { review, moderationState } = version;
  const shareWithService = draft.shareWithService ?? locked.shareWithServiceDefault;
  const shareWithRelay = draft.shareWithRelay ?? locked.shareWithRelayDefault;
  return [
    `{"id":${JSON.stringify(version.serviceId)},"external_id":${JSON.stringify(draft.externalId)},"content_hash":"${change.hash}","public_title":`,
    ...jsonStringParts(masked.title),
    ',"public_description":',
    ...jsonStringParts(masked.description),
    `,"status":"${change.status}","share_with_service":${shareWithService},"share_with_relay":${shareWithRelay},` +
      `"version":${change.version},"change_seq":${version.seq},"moderation_state":"${moderationState}",` +
      `"moderation_reasons":${review ? JSON.stringify(review.reasons) : '[]'},"decided":${moderationState !== 'pending'},` +
      `"review_hash":${review ? `"${review.reviewHash}"` : 'null'},"publish":${version.publish},` +
      `"location":${JSON.stringify(change.location)},"content":`,
    change.json,
    '}',
  ];
}

/** The change its events announce. */
export function listingChange(
  scope: AgencyEnv,
  draft: ListingDraft,
  change: Change,
  statusOnly: boolean,
  live: Existing | undefined,
  version: NewVersion,
): ListingChange {
  const { review } = version;
  return {
    kind: change.created ? 'created' : statusOnly ? 'status_changed' : 'updated',
    agencyId: scope.agencyId,
    env: scope.env,
    serviceId: version.serviceId,
    externalId: draft.externalId,
    version: change.version,
    status: change.status,
    previousStatus: live?.status,
    moderationState: version.moderationState,
    reasons: version.reasons,
    decision: review && review.state !== 'pending' ? { by: review.decidedBy, waitedMs: 0 } : undefined,
  };
}

/** What the write reports of a changed listing (`before`: its stored row, if any). */
export function changedListing(
  draft: ListingDraft,
  change: Change,
  masked: PublicText,
  version: NewVersion,
  before: Existing | undefined,
  now: Date,
): WrittenListing {
  return {
    externalId: draft.externalId,
    outcome: change.created ? 'created' : 'updated',
    serviceId: version.serviceId,
    version: change.version,
    status: change.status,
    moderationState: version.moderationState,
    moderationReasons: version.reasons,
    publishedVersion: version.publish ? change.version : change.created ? null : before!.published_version,
    createdAt: change.created ? now : new Date(before!.created_ms),
    updatedAt: now,
    warnings: masked.warnings.length > 0 ? [...change.warnings, ...masked.warnings] : change.warnings,
    compliance: complianceWarnings(draft.content),
  };
}

/** What the write reports of a listing whose draft changes nothing. */
export function unchangedListing(
  externalId: string,
  stored: Existing,
  warnings: WrittenListing['warnings'],
  compliance: WrittenListing['compliance'],
): WrittenListing {
  return {
    externalId,
    outcome: 'unchanged',
    serviceId: stored.id,
    version: stored.version,
    status: stored.status,
    moderationState: stored.moderation_state,
    moderationReasons: stored.moderation_reasons,
    publishedVersion: stored.published_version,
    createdAt: new Date(stored.created_ms),
    updatedAt: new Date(stored.updated_ms),
    warnings,
    compliance,
  };
}
