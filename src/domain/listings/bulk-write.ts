import type { Database } from '../../platform/db/database.js';
import { refuse, type FieldError, type Refusal } from '../../platform/outcome.js';
import { keepLastOccurrence } from './last-occurrence-wins.js';
import type { ListingDraft } from '../listing-model/model.js';
import type { AgencyEnv } from '../tenant.js';
import { writeListings, type WriteOptions, type WrittenListing } from './write.js';
import { findLikelyDuplicate, type DuplicateCandidate } from '../moderation/index.js';
import type { DuplicateProbe } from './duplicate-candidates.js';
import { duplicateGroupKey } from './duplicate-group.js';
import { bulkModerationSummary } from './response-views.js';
import { isStorableText } from '../../platform/validation/storable.js';

/** An item an interface could not turn into a draft, with the id it carried (for the client). */
export type RefusedItem = Refusal & { externalId: string | null; errors: FieldError[] };

/** An interface's check of one raw item: the draft it maps to, or why not. Never throws. */
export type ItemCheck = { ok: true; draft: ListingDraft } | RefusedItem;

/** One per item of the request, at its index. */
export type ItemResult =
  { index: number; ok: true; listing: WrittenListing } | { index: number; ok: false; externalId: string | null; refusal: Refusal };

/**
 * The externalId an item would be written under, when it has one to look at. These are
 * looked up before the items are checked: one PostgreSQL cannot take (a NUL) would fail the
 * lookup, and so the whole request, instead of its own item.
 */
const rawExternalId = (item: unknown): string | undefined => {
  const id = typeof item === 'object' && item !== null ? (item as { externalId?: unknown }).externalId : undefined;
  return typeof id === 'string' && isStorableText(id) ? id : undefined;
};

/**
 * Many raw listings at once (ingestion push, v1 batch): each item is checked on its own by the
 * interface's `check`, the valid ones are written together in one transaction, and each bad
 * one is refused alone. The same externalId twice: the last valid occurrence is applied.
 */
export async function writeItems(
  db: Database,
  scope: AgencyEnv,
  items: readonly unknown[],
  check: (item: unknown) => ItemCheck,
  now: Date,
  options: Pick<WriteOptions, 'onRuleError'> & {
    /** What an item would be compared on for likely duplicates, read loosely before it is checked; null if unreadable. */
    duplicateProbe?: (item: unknown) => DuplicateProbe | null;
  } = {},
): Promise<ItemResult[]> {
  const results = new Array<ItemResult>(items.length);
  const attempt = (index: number): ListingDraft | null => {
    const checked = check(items[index]);
    if (checked.ok) return checked.draft;
    results[index] = { index, ok: false, externalId: checked.externalId, refusal: checked };
    return null;
  };

  // Every externalId an item could be written under (a superset: invalid items are looked up
  // for nothing). One that several items carry is settled first: its last valid occurrence wins.
  const occurrences = new Map<string, number[]>();
  items.forEach((item, index) => {
    const id = rawExternalId(item);
    if (id === undefined) return;
    const seen = occurrences.get(id);
    if (seen) seen.push(index);
    else occurrences.set(id, [index]);
  });
  const contested = new Set<number>();
  const settled = new Map<number, ListingDraft>();
  for (const indexes of occurrences.values()) {
    if (indexes.length === 1) continue;
    for (const index of indexes) contested.add(index);
    const valid = indexes.flatMap((index) => {
      const draft = attempt(index);
      return draft ? [{ index, draft }] : [];
    });
    const kept = keepLastOccurrence(valid);
    for (const { entry, message } of kept.superseded) {
      const refusal = refuse('conflict', message, [{ field: 'externalId', message }]);
      results[entry.index] = { index: entry.index, ok: false, externalId: entry.draft.externalId, refusal };
    }
    for (const entry of kept.applied) settled.set(entry.index, entry.draft);
  }

  // The other items are checked one by one as the write asks for them, so the database
  // starts writing the first rows while later ones are still being checked.
  const written: number[] = [];
  function* drafts(): Generator<ListingDraft> {
    for (let index = 0; index < items.length; index++) {
      const draft = contested.has(index) ? settled.get(index) : attempt(index);
      if (!draft) continue;
      written.push(index);
      yield draft;
    }
  }

  const duplicateProbes = options.duplicateProbe ? probesToLookUp(items, options.duplicateProbe) : undefined;
  const outcomes = await writeListings(db, scope, { externalIds: [...occurrences.keys()], drafts, duplicateProbes }, now, options);
  outcomes.forEach((outcome, i) => {
    const index = written[i]!;
    results[index] = outcome.ok
      ? { index, ok: true, listing: outcome.value }
      : { index, ok: false, externalId: rawExternalId(items[index]) ?? null, refusal: outcome };
  });
  return results;
}

/**
 * The items to look up for likely duplicates among stored listings: those with no likely
 * duplicate earlier in the same request (that one is found as the request is written), so a
 * push of many similar listings asks the database about a few of them only.
 */
function probesToLookUp(items: readonly unknown[], probeOf: (item: unknown) => DuplicateProbe | null): DuplicateProbe[] {
  const probes: DuplicateProbe[] = [];
  const groups = new Map<string, DuplicateCandidate[]>();
  for (const item of items) {
    const probe = probeOf(item);
    if (!probe) continue;
    const key = duplicateGroupKey(probe.content);
    const earlier = groups.get(key) ?? [];
    if (!findLikelyDuplicate(probe.content, earlier)) probes.push(probe);
    earlier.push({ serviceId: probe.externalId, content: probe.content });
    groups.set(key, earlier);
  }
  return probes;
}

/** What both interfaces report of an item a bulk write accepted. */
export const acceptedItem = (index: number, listing: WrittenListing) => ({
  index,
  externalId: listing.externalId,
  outcome: listing.outcome,
  serviceId: listing.serviceId,
  version: listing.version,
  moderation: bulkModerationSummary(listing),
});

/**
 * A bulk request holding more listings than it may (a push's 500, a plan's v1 batch size) is
 * refused whole, before anything is read: the sentence gives the count it got, so the client
 * knows by how much to split, the same on both interfaces. `whose` says whose limit it is
 * (` on this plan`). Null when the listings fit.
 */
export function tooManyListings(count: number, max: number, whose = ''): Refusal | null {
  if (count <= max) return null;
  const message = `listings must have at most ${max} items${whose} (got ${count})`;
  return refuse('validation_error', message, [{ field: 'listings', message }]);
}
