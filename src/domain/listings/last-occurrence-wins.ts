import type { ListingDraft } from '../listing-model/model.js';

/**
 * The same externalId twice in one request (push or batch): the last occurrence is the one
 * applied; each earlier one is returned with the index that superseded it, for its error.
 */
export function keepLastOccurrence<T extends { index: number; draft: ListingDraft }>(entries: readonly T[]) {
  const last = new Map(entries.map((entry) => [entry.draft.externalId, entry.index]));
  const applied: T[] = [];
  const superseded: Array<{ entry: T; by: number; message: string }> = [];
  for (const entry of entries) {
    const by = last.get(entry.draft.externalId)!;
    if (by === entry.index) applied.push(entry);
    else
      superseded.push({
        entry,
        by,
        message: `externalId ${entry.draft.externalId} appears again at index ${by}; only the last occurrence is applied`,
      });
  }
  return { applied, superseded };
}
