import type { ListingContent } from '../listing-model/model.js';
import { LEGAL_FIELDS, type LegalFieldName } from '../listing-model/legal-fields.js';

/**
 * French words for the refusals of the listing rules' owners (`businessErrors`,
 * `readLegalFields`), whose own messages are in English for integrators: an agency reading
 * its import report reads French. The rule stays in its owner; only its wording is here.
 */

const number = (value: number) => value.toLocaleString('fr-FR');

/** A legal field's bounds, said from the legal-field table itself. */
export function legalBoundsMessage(field: LegalFieldName): string {
  const spec = LEGAL_FIELDS[field];
  if (spec.kind === 'boolean') return 'écrivez OUI ou NON.';
  if (spec.kind === 'date') return 'écrivez une date JJ/MM/AAAA.';
  const kind = spec.kind === 'integer' ? 'un nombre entier' : 'un nombre';
  return `doit être ${kind} de ${number(spec.min!)} à ${number(spec.max!)}.`;
}

/** One cross-field rule's refusal, by the model field it names (a general sentence for rules this mapping cannot break). */
export function businessMessage(field: string, content: ListingContent): string {
  switch (field) {
    case 'dpe':
      return `la classe énergie (${content.dpe}) ne peut être meilleure que la classe climat (${content.ges}) : l’étiquette retient la moins bonne des deux.`;
    case 'bedrooms':
      return `${content.bedrooms} chambres pour ${content.rooms} pièces : les chambres sont comptées parmi les pièces.`;
    case 'rooms':
      return 'un studio n’a qu’une pièce principale.';
    case 'fees.agencyFees':
      return 'les honoraires dépassent le prix.';
    case 'energyCostMax':
      return `le montant maximum (${content.energyCostMax} €) est inférieur au minimum (${content.energyCostMin} €).`;
    case 'energyCostReferenceYear':
      return `l’année ${content.energyCostReferenceYear} est à venir.`;
    case 'dpeDate':
      return 'la date du DPE est à venir.';
    case 'tenantInventoryFees':
      return 'la part d’état des lieux dépasse les honoraires du locataire (rang 15), dont elle fait partie.';
    default:
      return 'ce champ contredit un autre champ de la ligne.';
  }
}
