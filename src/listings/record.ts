import { publicUrl, type Listing } from '../listing-model/model.js';

/** The service's own fields of a listing, the same in both interfaces' records (owner reads). */
export function serviceFields(listing: Listing, siteUrl: string) {
  return {
    serviceId: listing.serviceId,
    version: listing.version,
    publicUrl: publicUrl(siteUrl, listing.serviceId),
    createdAt: listing.createdAt.toISOString(),
    updatedAt: listing.updatedAt.toISOString(),
    moderation: { state: listing.moderationState, reasons: listing.moderationReasons },
    publicTitle: listing.publicTitle,
    publicDescription: listing.publicDescription,
  };
}
