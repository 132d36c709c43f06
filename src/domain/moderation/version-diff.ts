import { diffWords } from 'diff';
import type { ListingContent } from '../listing-model/model.js';

/** A piece of text in a word diff: kept, added by the flagged version, or removed from the approved one. */
export interface TextSegment {
  text: string;
  change: 'same' | 'added' | 'removed';
}

export interface FieldChange<K extends keyof ListingContent = keyof ListingContent> {
  field: K;
  before: ListingContent[K];
  after: ListingContent[K];
}

export interface VersionDiff {
  /** Every field whose value differs, in the model's order (title and description included). */
  changed: FieldChange[];
  /** Word diffs of the texts an operator reads closely; null when the text did not change. */
  title: TextSegment[] | null;
  description: TextSegment[] | null;
}

// addressLine is private but an operator sees it; source and dates are bookkeeping, not content to review.
export const COMPARED_FIELDS = [
  'title',
  'transaction',
  'propertyType',
  'price',
  'charges',
  'surface',
  'rooms',
  'bedrooms',
  'floor',
  'city',
  'postcode',
  'neighborhood',
  'reference',
  'addressLine',
  'dpe',
  'ges',
  'description',
  'features',
  'photos',
  'fees',
] as const satisfies ReadonlyArray<keyof ListingContent>;

/** The compared fields an operator reads as facts beside the texts and photos (the review page). */
export const FACT_FIELDS = COMPARED_FIELDS.filter((field) => field !== 'title' && field !== 'description' && field !== 'photos');

/** Beyond this many edits a word diff says little: the text is shown as replaced whole. */
const MAX_EDIT_LENGTH = 400;

/** What changed between the approved version an operator published and the flagged one waiting. */
export function versionDiff(approved: ListingContent, flagged: ListingContent): VersionDiff {
  const changed: FieldChange[] = [];
  for (const field of COMPARED_FIELDS) {
    if (JSON.stringify(approved[field] ?? null) !== JSON.stringify(flagged[field] ?? null)) {
      changed.push({ field, before: approved[field], after: flagged[field] } as FieldChange);
    }
  }
  return {
    changed,
    title: approved.title === flagged.title ? null : wordDiff(approved.title, flagged.title),
    description:
      (approved.description ?? '') === (flagged.description ?? '') ? null : wordDiff(approved.description ?? '', flagged.description ?? ''),
  };
}

export function wordDiff(before: string, after: string): TextSegment[] {
  const parts = diffWords(before, after, { maxEditLength: MAX_EDIT_LENGTH });
  if (!parts) {
    return [
      ...(before ? [{ text: before, change: 'removed' as const }] : []),
      ...(after ? [{ text: after, change: 'added' as const }] : []),
    ];
  }
  return parts.map((part) => ({ text: part.value, change: part.added ? 'added' : part.removed ? 'removed' : 'same' }));
}
