import type { Database } from '../db/database.js';
import type { ListingDraft } from '../listings/model.js';
import type { ListingScope } from '../listings/store.js';
import { writeListings } from '../listings/write.js';
import { keepLastOccurrence } from '../listings/duplicates.js';
import { validateIngestItem } from './validate.js';
import type { FieldError } from '../outcome.js';
import { isStorableText } from '../validation/storable.js';

export interface PushError {
  index: number;
  externalId: string | null;
  reason: string;
  details: FieldError[];
}

export interface PushResult {
  agencyId: string;
  processed: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: PushError[];
  warnings: Array<{ index: number; externalId: string; message: string }>;
}

/**
 * The externalId an item would be written under, when it has one to look at. These are
 * looked up before the items are checked: one PostgreSQL cannot take (a NUL) would fail the
 * lookup, and so the whole push, instead of its own item.
 */
const rawExternalId = (item: unknown): string | undefined => {
  const id = typeof item === 'object' && item !== null ? (item as { externalId?: unknown }).externalId : undefined;
  return typeof id === 'string' && isStorableText(id) ? id : undefined;
};

const MASK_WARNING: Record<string, string> = { phone: 'phone number', email: 'e-mail address', url: 'web address', portal: 'portal name' };

/**
 * One ingestion push (spec 4.1): every item is checked on its own, the valid ones are
 * written together in one transaction, and each bad one is reported with its reason.
 */
export async function pushListings(db: Database, scope: ListingScope, items: readonly unknown[], now: Date): Promise<PushResult> {
  const errors: PushError[] = [];
  const warnings: PushResult['warnings'] = [];
  const applied: Array<{ index: number; draft: ListingDraft }> = [];
  const check = (index: number): ListingDraft | null => {
    const result = validateIngestItem(items[index]);
    if (!result.ok) {
      errors.push({ index, externalId: result.externalId, reason: result.errors.map((e) => e.message).join('; '), details: result.errors });
      return null;
    }
    for (const message of result.warnings) warnings.push({ index, externalId: result.draft.externalId, message });
    return result.draft;
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
      const draft = check(index);
      return draft ? [{ index, draft }] : [];
    });
    const kept = keepLastOccurrence(valid);
    for (const { entry, message } of kept.superseded) {
      errors.push({ index: entry.index, externalId: entry.draft.externalId, reason: message, details: [{ field: 'externalId', message }] });
    }
    for (const entry of kept.applied) settled.set(entry.index, entry.draft);
  }

  // The other items are checked one by one as the write asks for them, so the database
  // starts writing the first rows while later ones are still being checked.
  function* drafts(): Generator<ListingDraft> {
    for (let index = 0; index < items.length; index++) {
      const draft = contested.has(index) ? settled.get(index) : check(index);
      if (!draft) continue;
      applied.push({ index, draft });
      yield draft;
    }
  }

  const outcomes = await writeListings(db, scope, { externalIds: [...occurrences.keys()], drafts }, now);
  const counts = { created: 0, updated: 0, unchanged: 0 };
  outcomes.forEach((outcome, i) => {
    counts[outcome.outcome] += 1;
    if (outcome.masked.length > 0) {
      const kinds = [...new Set(outcome.masked)].map((kind) => MASK_WARNING[kind] ?? kind).join(', ');
      warnings.push({
        index: applied[i]!.index,
        externalId: outcome.externalId,
        message: `contact details masked on the public site (${kinds}); the public text is in publicDescription`,
      });
    }
  });
  errors.sort((a, b) => a.index - b.index);
  warnings.sort((a, b) => a.index - b.index);
  return { agencyId: scope.agencyId, processed: items.length, ...counts, errors, warnings };
}
