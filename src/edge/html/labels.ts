import type { PropertyType, Transaction } from '../../domain/listing-model/model.js';
import type { Sort } from '../../domain/public-listings/model.js';

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
