import type { Database } from '../db/database.js';
import type { ListingDraft } from '../listings/model.js';
import type { ListingScope } from '../listings/store.js';
import { writeListings } from '../listings/write.js';
import { keepLastOccurrence } from '../listings/duplicates.js';
import { validateIngestItem } from './validate.js';
import type { FieldError } from '../http/errors.js';

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

/** Every externalId an item could be written under (a superset: invalid items are looked up for nothing). */
function candidateIds(items: readonly unknown[]): string[] {
  const ids = new Set<string>();
  for (const item of items) {
    const id = typeof item === 'object' && item !== null ? (item as { externalId?: unknown }).externalId : undefined;
    if (typeof id === 'string') ids.add(id);
  }
  return [...ids];
}

const MASK_WARNING: Record<string, string> = { phone: 'phone number', email: 'e-mail address', url: 'web address', portal: 'portal name' };

/**
 * One ingestion push (spec 4.1): every item is checked on its own, the valid ones are
 * written together in one transaction, and each bad one is reported with its reason.
 */
export async function pushListings(db: Database, scope: ListingScope, items: readonly unknown[], now: Date): Promise<PushResult> {
  const errors: PushError[] = [];
  const warnings: PushResult['warnings'] = [];
  let applied: Array<{ index: number; draft: ListingDraft }> = [];
  const build = () => {
    const valid: typeof applied = [];
    items.forEach((item, index) => {
      const check = validateIngestItem(item);
      if (!check.ok) {
        errors.push({ index, externalId: check.externalId, reason: check.errors.map((e) => e.message).join('; '), details: check.errors });
        return;
      }
      valid.push({ index, draft: check.draft });
      for (const message of check.warnings) warnings.push({ index, externalId: check.draft.externalId, message });
    });
    const kept = keepLastOccurrence(valid);
    for (const { entry, message } of kept.superseded) {
      errors.push({ index: entry.index, externalId: entry.draft.externalId, reason: message, details: [{ field: 'externalId', message }] });
    }
    applied = kept.applied;
    return applied.map((entry) => entry.draft);
  };

  // The items are checked while the database looks up every externalId they might carry.
  const outcomes = await writeListings(db, scope, { externalIds: candidateIds(items), build }, now);
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
