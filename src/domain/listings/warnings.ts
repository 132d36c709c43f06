import type { MaskKind } from '../masking/mask.js';
import { LIMITS } from './limits.js';
import { placeListing, type Location } from '../geography/index.js';
import type { ListingContent } from '../listing-model/model.js';

/** Every remark a write can make on an accepted listing: a stable code for programs. */
export const WARNING_CODES = ['title_long', 'contact_details_masked', 'postcode_city_mismatch', 'postcode_unknown'] as const;
export type WarningCode = (typeof WARNING_CODES)[number];
/** The fields a remark can be about, in the model's names (both interfaces call them alike). */
export const WARNING_FIELDS = ['title', 'description', 'city', 'postcode'] as const;

/**
 * A remark on an accepted listing, the same on both interfaces and in a file import's report:
 * its code, the field it is about, and its message in English (developers) and French (agencies).
 */
export interface ListingWarning {
  code: WarningCode;
  field: (typeof WARNING_FIELDS)[number];
  message: string;
  messageFr: string;
}

/** The most remarks one listing can get: a long title, masking in two fields, its place. */
export const WARNINGS_PER_LISTING_MAX = 4;

function titleWarnings(content: ListingContent): ListingWarning[] {
  if (content.title.length <= LIMITS.titleRecommended) return [];
  return [
    {
      code: 'title_long',
      field: 'title',
      message: `title is ${content.title.length} characters; at most ${LIMITS.titleRecommended} are recommended and long titles are cut on the site`,
      messageFr: `Le titre fait ${content.title.length} caractères : au-delà de ${LIMITS.titleRecommended}, il est coupé sur le site.`,
    },
  ];
}

/**
 * What a draft's content says before it is written: its remarks, and its place in the official
 * geography (stored beside the content, outside its hash: a listing's place is the service's
 * reading of its postcode and city, not something the agency said).
 */
export function contentWarnings(content: ListingContent): { warnings: ListingWarning[]; location: Location } {
  const warnings = titleWarnings(content);
  const place = placeListing(content.postcode, content.city);
  if (place.warning) warnings.push(place.warning);
  return { warnings, location: place.location };
}

const KIND_NAMES: Record<MaskKind, string> = { phone: 'phone number', email: 'e-mail address', url: 'web address', portal: 'portal name' };
const KIND_NAMES_FR: Record<MaskKind, string> = { phone: 'téléphone', email: 'e-mail', url: 'lien', portal: 'nom de portail' };
const PUBLIC_FIELD = { title: 'publicTitle', description: 'publicDescription' } as const;
const FIELD_FR = { title: 'le titre', description: 'la description' } as const;

/** One warning per field where masking replaced contact details, naming what it found there. */
export function maskingWarnings(found: { title: readonly MaskKind[]; description: readonly MaskKind[] }): ListingWarning[] {
  const warnings: ListingWarning[] = [];
  for (const field of ['title', 'description'] as const) {
    if (found[field].length === 0) continue;
    const kinds = [...new Set(found[field])];
    warnings.push({
      code: 'contact_details_masked',
      field,
      message: `contact details in the ${field} are masked on the public site (${kinds.map((kind) => KIND_NAMES[kind]).join(', ')}); the public text is in ${PUBLIC_FIELD[field]}`,
      messageFr: `Des coordonnées sont masquées dans ${FIELD_FR[field]} publié${field === 'description' ? 'e' : ''} sur le site (${kinds.map((kind) => KIND_NAMES_FR[kind]).join(', ')}).`,
    });
  }
  return warnings;
}
