import type { PropertyType, Transaction } from '../listing-model/model.js';
import { foldCode } from './values.js';

/**
 * The codes of rank 3 (type d'annonce) and rank 4 (type de bien) the service publishes, both
 * ways (docs/poliris.md, "Types"). Read codes are compared folded (`foldCode`): « Vente de
 * prestige », « vente-de-prestige » and « VENTE DE PRESTIGE » are one code.
 */

/** Rank 3, folded, to the model. Business transfers, holiday lets and investment products are not published. */
const TRANSACTIONS_READ: Readonly<Record<string, Transaction>> = {
  vente: 'sale',
  'vente de prestige': 'sale',
  location: 'rental',
  viager: 'life_annuity_sale',
};

/** Rank 4, folded, to the model, with the short forms software writes for the same types. */
const TYPES_READ: Readonly<Record<string, PropertyType>> = {
  appartement: 'apartment',
  'maison/villa': 'house',
  maison: 'house',
  villa: 'house',
  'maison avec terrain': 'house',
  terrain: 'land',
  'parking/box': 'parking',
  parking: 'parking',
  box: 'parking',
  'lo/atelier/surface': 'loft',
  'loft/atelier/surface': 'loft',
  loft: 'loft',
  local: 'commercial',
  boutique: 'commercial',
  bureaux: 'office',
  bureau: 'office',
};

/** The codes an agency reads in a refusal: the format's own spellings. */
export const TRANSACTION_CODES = ['Vente', 'Vente de prestige', 'Location', 'Viager'] as const;
export const PROPERTY_TYPE_CODES = [
  'Appartement',
  'Maison/villa',
  'Maison avec terrain',
  'Terrain',
  'Parking/box',
  'Lo/atelier/surface',
  'Local',
  'Boutique',
  'Bureaux',
] as const;

export const transactionOf = (code: string): Transaction | null => TRANSACTIONS_READ[foldCode(code)] ?? null;
export const propertyTypeOf = (code: string): PropertyType | null => TYPES_READ[foldCode(code)] ?? null;

/** Rank 181 (sous-type) words that make an apartment a studio or a duplex. */
export function apartmentKindOf(subType: string): 'studio' | 'duplex' | null {
  const folded = foldCode(subType);
  if (folded === 'studio' || folded === 'studette') return 'studio';
  if (folded === 'duplex') return 'duplex';
  return null;
}

export const TRANSACTION_WRITTEN: Readonly<Record<Transaction, string>> = {
  sale: 'Vente',
  rental: 'Location',
  life_annuity_sale: 'Viager',
};

/** Rank 4 written; a studio and a duplex are apartments, told apart by rank 181 (and 81 for a duplex). */
export const PROPERTY_TYPE_WRITTEN: Readonly<Record<PropertyType, string>> = {
  apartment: 'Appartement',
  studio: 'Appartement',
  duplex: 'Appartement',
  house: 'Maison/villa',
  land: 'Terrain',
  parking: 'Parking/box',
  loft: 'Lo/atelier/surface',
  commercial: 'Local',
  office: 'Bureaux',
};

export const SUB_TYPE_WRITTEN: Partial<Record<PropertyType, string>> = { studio: 'Studio', duplex: 'Duplex' };
