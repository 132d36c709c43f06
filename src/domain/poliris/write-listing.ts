import type { PublicListing } from '../public-listings/model.js';

/**
 * A public listing as one line of `Annonces.csv`, every field in rank order (empty strings for
 * what the service does not hold): the public projection only, so masked texts, no address and
 * no contact, mandate or owner rank (docs/poliris.md).
 */
export function polirisFieldsOf(listing: PublicListing): string[] {
  void listing;
  throw new Error('polirisFieldsOf: not written yet');
}
