import type { FieldError } from '../../platform/outcome.js';
import type { MaskKind } from '../masking/mask.js';
import { LIMITS } from './limits.js';
import type { ListingContent } from '../listing-model/model.js';

/**
 * Remarks on an accepted listing, the same on both interfaces: the field they are about, in
 * the model's names (title and description are called alike by both interfaces).
 */
export type ListingWarning = FieldError;

export function contentWarnings(content: ListingContent): ListingWarning[] {
  if (content.title.length <= LIMITS.titleRecommended) return [];
  return [
    {
      field: 'title',
      message: `title is ${content.title.length} characters; at most ${LIMITS.titleRecommended} are recommended and long titles are cut on the site`,
    },
  ];
}

const KIND_NAMES: Record<MaskKind, string> = { phone: 'phone number', email: 'e-mail address', url: 'web address', portal: 'portal name' };
const PUBLIC_FIELD = { title: 'publicTitle', description: 'publicDescription' } as const;

/** One warning per field where masking replaced contact details, naming what it found there. */
export function maskingWarnings(found: { title: readonly MaskKind[]; description: readonly MaskKind[] }): ListingWarning[] {
  const warnings: ListingWarning[] = [];
  for (const field of ['title', 'description'] as const) {
    if (found[field].length === 0) continue;
    const kinds = [...new Set(found[field])].map((kind) => KIND_NAMES[kind]).join(', ');
    warnings.push({
      field,
      message: `contact details in the ${field} are masked on the public site (${kinds}); the public text is in ${PUBLIC_FIELD[field]}`,
    });
  }
  return warnings;
}
