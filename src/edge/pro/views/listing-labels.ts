import { commercialStatusLabel } from '../../html/labels.js';
import type { Listing } from '../../../domain/listing-model/model.js';

/** A listing's moderation state, as the agency's listing pages name it. */
export const MODERATION_STATE_LABELS: Record<Listing['moderationState'], string> = {
  pending: 'en attente de modération',
  approved: 'publiée',
  rejected: 'refusée',
};

/** A listing's commercial status, in words that fit its transaction. */
export const statusOf = (listing: Listing) => commercialStatusLabel(listing.status, listing.content.transaction);
