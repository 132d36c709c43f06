import { describeReason } from '../moderation/index.js';
import type { Listing, ModerationReason } from '../listing-model/model.js';
import { publicUrl } from '../public-listings/visibility.js';

/** A moderation reason as both interfaces show it: English message, French beside it. */
export const reasonView = (reason: ModerationReason) => {
  const message = describeReason(reason);
  return { code: reason.code, severity: reason.severity, message: message.en, messageFr: message.fr };
};

export const moderationView = (listing: Pick<Listing, 'moderationState' | 'moderationReasons' | 'decidedAt' | 'publishedVersion'>) => ({
  state: listing.moderationState,
  reasons: listing.moderationReasons.map(reasonView),
  decidedAt: listing.decidedAt?.toISOString() ?? null,
  publishedVersion: listing.publishedVersion,
});

/** The service's own fields of a listing, the same in both interfaces' records (owner reads). */
export function serviceFields(listing: Listing, siteUrl: string) {
  return {
    serviceId: listing.serviceId,
    version: listing.version,
    publicUrl: publicUrl(siteUrl, listing.serviceId),
    createdAt: listing.createdAt.toISOString(),
    updatedAt: listing.updatedAt.toISOString(),
    moderation: moderationView(listing),
    publicTitle: listing.publicTitle,
    publicDescription: listing.publicDescription,
  };
}

/** The moderation of a listing a write just accepted. */
export const moderationSummary = (written: Pick<Listing, 'moderationState' | 'moderationReasons' | 'publishedVersion'>) => ({
  state: written.moderationState,
  reasons: written.moderationReasons.map(reasonView),
  publishedVersion: written.publishedVersion,
});

/** The same in a bulk answer (push, v1 batch): reason codes and severities only; a read gives the messages. */
export const bulkModerationSummary = (written: Pick<Listing, 'moderationState' | 'moderationReasons' | 'publishedVersion'>) => ({
  state: written.moderationState,
  reasons: written.moderationReasons.map((reason) => ({ code: reason.code, severity: reason.severity })),
  publishedVersion: written.publishedVersion,
});
