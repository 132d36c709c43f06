import type { CommercialStatus, ModerationReason, PropertyType, Transaction } from '../../domain/listing-model/model.js';
import type { Sort } from '../../domain/public-listings/model.js';
import type { Scope } from '../../domain/keys/key-format.js';
import { PLAN_NAMES, type Plan } from '../../domain/agencies/plans.js';
import { describeReason } from '../../domain/moderation/messages.js';
import type { LeadStatus } from '../../domain/leads/conversation-model.js';

/** French words of the public site for the model's codes. */
export const TRANSACTION_LABELS: Record<Transaction, string> = { sale: 'Vente', rental: 'Location', life_annuity_sale: 'Viager' };
/** The search form's wording: what the visitor wants to do. */
export const TRANSACTION_CHOICES: Record<Transaction, string> = { sale: 'Acheter', rental: 'Louer', life_annuity_sale: 'Viager' };

export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  apartment: 'Appartement',
  house: 'Maison',
  duplex: 'Duplex',
  studio: 'Studio',
  land: 'Terrain',
  parking: 'Parking',
  loft: 'Loft',
  commercial: 'Local commercial',
  office: 'Bureau',
};

export const SORT_LABELS: Record<Sort, string> = {
  // Without keywords, the newest first (docs/decisions.md §18).
  relevance: 'Pertinence',
  newest: 'Les plus récentes',
  price_asc: 'Prix croissant',
  price_desc: 'Prix décroissant',
  surface_desc: 'Les plus grandes',
};

/** "1er étage", "3e étage", "Rez-de-chaussée" (docs/decisions.md §12: floor, null for a ground floor or a house). */
export function floorLabel(floor: number): string {
  if (floor === 0) return 'Rez-de-chaussée';
  if (floor < 0) return `Sous-sol (${floor})`;
  return floor === 1 ? '1er étage' : `${floor}e étage`;
}

/**
 * The pages' words for the codes the pro space and the back-office show (docs/site-and-spaces.md):
 * a person reads these, never the code itself; the API keeps the codes.
 */

/** A plan as people name it (Pro Solo, Pro Agence, Pro Réseau): the plans' own names. */
export const planLabel = (plan: Plan): string => PLAN_NAMES[plan];

/** What a key's scope lets it do. */
export const SCOPE_LABELS: Record<Scope, string> = {
  'listings:read': 'Lire les annonces',
  'listings:write': 'Publier et modifier les annonces',
  'listings:delete': 'Supprimer les annonces',
  'webhooks:manage': 'Gérer les webhooks',
  'leads:read': 'Lire les contacts et leurs messages',
  'leads:write': 'Répondre aux contacts et les classer',
};

/** A listing's commercial status in the words of its transaction: "en vente", "à louer", "vendu", "loué"… */
export function commercialStatusLabel(status: CommercialStatus, transaction: Transaction): string {
  switch (status) {
    case 'active':
      return transaction === 'rental' ? 'à louer' : transaction === 'life_annuity_sale' ? 'en viager' : 'en vente';
    case 'under_offer':
      return 'sous offre';
    case 'paused':
      return 'en pause';
    case 'sold':
      return 'vendu';
    case 'rented':
      return 'loué';
    case 'withdrawn':
      return 'retiré';
  }
}

/** A moderation reason in a few words, for badges and lists; its full message is describeReason's. */
const REASON_LABELS: Record<string, string> = {
  contact_details_masked: 'Coordonnées masquées',
  discriminatory_wording: 'Formulation discriminatoire',
  dpe_missing: 'DPE manquant',
  likely_duplicate: 'Doublon probable',
  price_implausible: 'Prix improbable',
  price_per_m2_implausible: 'Prix au m² improbable',
  rental_energy_class_banned: 'Location interdite (classe énergie)',
  rooms_implausible: 'Pièces improbables',
  surface_implausible: 'Surface improbable',
  rule_error: 'Vérification impossible',
  sandbox_reject: 'Refus simulé',
  sandbox_review: 'Examen simulé',
  operator: 'Décision d’un modérateur',
  sandbox_operator: 'Décision simulée',
};
/** A reason a new rule brings before it has a short label is shown by its full French message. */
export const reasonLabel = (reason: ModerationReason): string => REASON_LABELS[reason.code] ?? describeReason(reason).fr;

/** A conversation's status for the agency (docs/decisions.md §16): the pro inbox, its filters and its CSV export. */
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = { new: 'nouveau', read: 'lu', replied: 'répondu', archived: 'archivé' };
