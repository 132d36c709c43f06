import type { ListingContent } from '../listing-model/model.js';
import type { DuplicateCandidate, Reason, Rule } from './reason.js';

/** Two ads of one property differ by rounding of the surface and by a small price change. */
export const DUPLICATE_SURFACE_TOLERANCE = 0.02;
export const DUPLICATE_PRICE_TOLERANCE = 0.05;

/** Within `tolerance` of the larger value, so the test reads the same whichever way round. */
const near = (a: number, b: number, tolerance: number) => Math.abs(a - b) <= tolerance * Math.max(Math.abs(a), Math.abs(b));

type Compared = DuplicateCandidate['content'];

export function isLikelyDuplicate(listing: Compared, other: Compared): boolean {
  return (
    listing.postcode === other.postcode &&
    listing.transaction === other.transaction &&
    listing.propertyType === other.propertyType &&
    near(listing.surface, other.surface, DUPLICATE_SURFACE_TOLERANCE) &&
    near(listing.price, other.price, DUPLICATE_PRICE_TOLERANCE)
  );
}

/**
 * The first of `others` (live listings of the same agency, the listing itself excluded) that is
 * likely the same property: same postcode, transaction and category, surface within 2 %,
 * price within 5 % (docs/decisions.md §11).
 */
export function findLikelyDuplicate(listing: ListingContent | Compared, others: readonly DuplicateCandidate[]): DuplicateCandidate | null {
  for (const other of others) if (isLikelyDuplicate(listing, other.content)) return other;
  return null;
}

export const likelyDuplicate: Rule = {
  code: 'likely_duplicate',
  check(content, context): Reason | null {
    const duplicate = findLikelyDuplicate(content, context.duplicateCandidates ?? []);
    if (duplicate === null) return null;
    return { code: 'likely_duplicate', severity: 'review', params: { serviceId: duplicate.serviceId } };
  },
  describe({ serviceId }) {
    return {
      fr: `Cette annonce semble décrire le même bien que l’annonce ${serviceId} de votre agence (même code postal, même type, surface et prix proches). Mettez à jour l’annonce existante plutôt que d’en publier une seconde.`,
      en: `This listing seems to describe the same property as your agency's listing ${serviceId} (same postcode and type, close surface and price). Update the existing listing instead of publishing a second one.`,
    };
  },
};
