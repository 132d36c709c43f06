import type { ListingContent } from '../listing-model/model.js';

/**
 * Likely duplicates (docs/decisions.md §11) are only looked for among listings of the same
 * postcode, transaction and property type, as the lookup among stored listings does
 * (`duplicate-candidates.ts`); a write and a push's probes group the listings before them by
 * this key.
 */
export const duplicateGroupKey = (content: Pick<ListingContent, 'postcode' | 'transaction' | 'propertyType'>): string =>
  `${content.postcode}\u0000${content.transaction}\u0000${content.propertyType}`;
