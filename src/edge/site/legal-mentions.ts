import { euros } from '../html/format.js';
import type { LegalFields } from '../../domain/listing-model/legal-fields.js';

const whole = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const money = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The sentences French law asks a listing page to carry, in its words, from what the agency gave (nothing invented). */
export interface LegalBlocks {
  /** Beside the DPE and GES scales. */
  energyValues: string[];
  /** « Montant estimé des dépenses annuelles d'énergie… », when the range and its year are given. */
  energyCost: string | null;
  rental: string[];
  rentControl: string[];
  georisques: boolean;
  lifeAnnuity: string[];
}

interface Mentioned extends LegalFields {
  transaction: string;
}

export function legalBlocks(c: Mentioned): LegalBlocks {
  const energyValues: string[] = [];
  if (c.dpeValue != null) energyValues.push(`Consommation énergétique : ${whole.format(c.dpeValue)} kWh/m²/an`);
  if (c.gesValue != null) energyValues.push(`Émissions de gaz à effet de serre : ${whole.format(c.gesValue)} kg CO₂/m²/an`);
  const energyCost =
    c.energyCostMin != null && c.energyCostMax != null && c.energyCostReferenceYear != null
      ? `Montant estimé des dépenses annuelles d'énergie pour un usage standard : entre ${euros(c.energyCostMin)} et ${euros(c.energyCostMax)} par an. Prix moyens des énergies indexés au 1er janvier ${c.energyCostReferenceYear}`
      : null;
  const rental: string[] = [];
  if (c.transaction === 'rental') {
    if (c.furnished != null) rental.push(c.furnished ? 'Location meublée' : 'Location non meublée');
    if (c.deposit != null) rental.push(`Dépôt de garantie : ${euros(c.deposit)}`);
    if (c.tenantFees != null) {
      rental.push(
        `Honoraires à la charge du locataire : ${euros(c.tenantFees)} TTC${c.tenantInventoryFees != null ? `, dont ${euros(c.tenantInventoryFees)} TTC pour l’état des lieux d’entrée` : ''}`,
      );
    }
  }
  const rentControl: string[] = [];
  if (c.transaction === 'rental' && c.rentControlled) {
    rentControl.push('Logement situé dans une zone soumise à l’encadrement des loyers');
    if (c.referenceRent != null) rentControl.push(`Loyer de référence majoré : ${money.format(c.referenceRent)}\u00a0€/m²/mois`);
    if (c.rentSupplement != null) rentControl.push(`Complément de loyer : ${euros(c.rentSupplement)} par mois`);
  }
  const lifeAnnuity: string[] = [];
  if (c.transaction === 'life_annuity_sale') {
    if (c.occupied != null) lifeAnnuity.push(c.occupied ? 'Viager occupé' : 'Viager libre');
    if (c.lumpSum != null) lifeAnnuity.push(`Bouquet : ${euros(c.lumpSum)}`);
    if (c.annuity != null) lifeAnnuity.push(`Rente : ${euros(c.annuity)} par mois`);
    if (c.marketValue != null) lifeAnnuity.push(`Valeur vénale : ${euros(c.marketValue)}`);
  }
  return { energyValues, energyCost, rental, rentControl, georisques: c.georisques === true, lifeAnnuity };
}

export const GEORISQUES_SENTENCE = 'Les informations sur les risques auxquels ce bien est exposé sont disponibles sur le site Géorisques :';
export const GEORISQUES_ADDRESS = 'www.georisques.gouv.fr';
