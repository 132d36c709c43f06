import type { EnergyClass } from '../listing-model/model.js';
import { isResidential } from './categories.js';
import type { Reason, Rule } from './reason.js';

/** A sale or rental of housing must show its energy performance (code de la construction, L126-33). */
export const missingDpe: Rule = {
  code: 'dpe_missing',
  check(content): Reason | null {
    if (content.dpe !== null || !isResidential(content.propertyType)) return null;
    return { code: 'dpe_missing', severity: 'review' };
  },
  describe() {
    return {
      fr: 'La classe énergie (DPE) est absente : elle est obligatoire dans toute annonce de vente ou de location d’un logement. Indiquez-la.',
      en: 'The energy class (DPE) is missing: every sale or rental ad for housing must show it. Add it.',
    };
  },
};

/**
 * Since these dates a home of the class is not decent housing and may not be let (loi Climat et
 * résilience, 2021, art. 160). Midnight in Paris, since that is when the law takes effect.
 */
export const NOT_RENTABLE_FROM: ReadonlyArray<{ energyClass: EnergyClass; year: number; from: number }> = [
  { energyClass: 'G', year: 2025 },
  { energyClass: 'F', year: 2028 },
  { energyClass: 'E', year: 2034 },
].map((ban) => ({ ...ban, energyClass: ban.energyClass as EnergyClass, from: Date.parse(`${ban.year}-01-01T00:00:00+01:00`) }));

export const bannedRentalEnergyClass: Rule = {
  code: 'rental_energy_class_banned',
  check(content, context): Reason | null {
    if (content.transaction !== 'rental' || content.dpe === null || !isResidential(content.propertyType)) return null;
    const decidedAt = context.decidedAt.getTime();
    const ban = NOT_RENTABLE_FROM.find((b) => b.energyClass === content.dpe && decidedAt >= b.from);
    if (ban === undefined) return null;
    return { code: 'rental_energy_class_banned', severity: 'reject', params: { energyClass: ban.energyClass, year: ban.year } };
  },
  describe({ energyClass, year }) {
    return {
      fr: `Un logement classé ${energyClass} au DPE ne peut plus être loué depuis le 1er janvier ${year} : il n’est pas considéré comme décent. Faites réaliser les travaux de rénovation énergétique et un nouveau DPE avant de le proposer à la location.`,
      en: `A home rated ${energyClass} on its energy certificate (DPE) may not be let since 1 January ${year}: it is not decent housing. Carry out the energy renovation and obtain a new DPE before offering it for rent.`,
    };
  },
};
