import type { ListingContent, PropertyType } from '../listing-model/model.js';

/**
 * What French law asks an ad to say, checked as pure rules (docs/interfaces.md, "Legal mentions"). A warning tells the
 * agency what is missing before the ad goes out; it never blocks publication (the moderation
 * rules decide that). Each rule has a stable code and its message in English and French.
 */
export interface ComplianceWarning {
  code: string;
  message: string;
  messageFr: string;
}

type Rule = (content: ListingContent) => ComplianceWarning | null;

const NOT_HOUSING: ReadonlySet<PropertyType> = new Set(['land', 'parking', 'commercial', 'office']);
const isHousing = (c: ListingContent) => !NOT_HOUSING.has(c.propertyType);
const mentions = (c: ListingContent, pattern: RegExp) =>
  pattern.test(`${c.title}\n${c.description ?? ''}`.normalize('NFD').replace(/\p{Diacritic}/gu, ''));
const warn = (code: string, message: string, messageFr: string): ComplianceWarning => ({ code, message, messageFr });
const list = (names: string[]) => names.join(', ');

/** The fees of a sale as the arrêté of 10 January 2017 wants them, when `fees` and `feesPercent` let them be worked out. */
export function saleFees(
  c: Pick<ListingContent, 'transaction' | 'price' | 'fees' | 'feesPercent'>,
): { priceWithFees: number; priceWithoutFees: number; percent: number; paidBy: 'buyer' | 'seller' } | null {
  const fees = c.fees;
  if (c.transaction === 'rental' || !fees?.feesPaidBy || (fees.feesPaidBy !== 'buyer' && fees.feesPaidBy !== 'seller')) return null;
  if (fees.feesPaidBy === 'seller') return { priceWithFees: c.price, priceWithoutFees: c.price, percent: 0, paidBy: 'seller' };
  // Buyer pays: the price is taken to include the fees unless feeIncluded is false.
  const included = fees.feeIncluded !== false;
  let amount = fees.agencyFees;
  if (amount == null && c.feesPercent != null)
    amount = included ? Math.round(c.price - c.price / (1 + c.feesPercent / 100)) : Math.round((c.price * c.feesPercent) / 100);
  if (amount == null) return null;
  const priceWithoutFees = included ? c.price - amount : c.price;
  if (priceWithoutFees <= 0) return null;
  const percent = c.feesPercent ?? Math.round((amount / priceWithoutFees) * 10_000) / 100;
  return { priceWithFees: priceWithoutFees + amount, priceWithoutFees, percent, paidBy: 'buyer' };
}

export const COMPLIANCE_RULES: Record<string, Rule> = {
  energy_classes_missing: (c) => {
    if (!isHousing(c) || (c.dpe && c.ges)) return null;
    const missing = [c.dpe ? null : 'dpe', c.ges ? null : 'ges'].filter((x): x is string => x !== null);
    return warn(
      'energy_classes_missing',
      `A home for sale or to let must show its DPE and GES classes: ${list(missing)} missing.`,
      `Une annonce de logement doit indiquer ses classes DPE et GES : ${missing.map((m) => m.toUpperCase()).join(' et ')} manquant${missing.length > 1 ? 's' : ''}.`,
    );
  },
  energy_cost_missing: (c) => {
    if (!isHousing(c) || !c.dpe) return null;
    const missing = [
      c.energyCostMin == null || c.energyCostMax == null ? 'energyCostMin/energyCostMax' : null,
      c.energyCostReferenceYear == null ? 'energyCostReferenceYear' : null,
    ].filter((x): x is string => x !== null);
    if (missing.length === 0) return null;
    return warn(
      'energy_cost_missing',
      `The estimated yearly energy costs (a range in euros and the reference year of the prices) must be in the ad: ${list(missing)} missing.`,
      'L’annonce doit donner le montant estimé des dépenses annuelles d’énergie (fourchette en euros et année de référence des prix).',
    );
  },
  excessive_consumption_mention: (c) => {
    if (!isHousing(c) || (c.dpe !== 'F' && c.dpe !== 'G') || mentions(c, /consommation energetique excessive/i)) return null;
    return warn(
      'excessive_consumption_mention',
      `Class ${c.dpe}: the ad must say "Logement à consommation énergétique excessive". The public site adds it; add it to your other media too.`,
      `Classe ${c.dpe} : l’annonce doit porter la mention « Logement à consommation énergétique excessive ». Le site l’ajoute ; ajoutez-la aussi sur vos autres supports.`,
    );
  },
  rental_energy_class: (c) => {
    if (c.transaction !== 'rental' || !isHousing(c)) return null;
    if (c.dpe === 'G') {
      return warn(
        'rental_energy_class',
        'A class G home is not decent housing for a rental since 1 January 2025: it cannot be let as a main residence.',
        'Un logement classé G n’est plus un logement décent depuis le 1er janvier 2025 : il ne peut plus être loué comme résidence principale.',
      );
    }
    if (c.dpe === 'F') {
      return warn(
        'rental_energy_class',
        'A class F home will no longer be decent housing for a rental from 1 January 2028: plan the works now.',
        'Un logement classé F ne sera plus un logement décent à partir du 1er janvier 2028 : prévoyez les travaux dès maintenant.',
      );
    }
    return null;
  },
  buyer_fees_incomplete: (c) => {
    if (c.transaction === 'rental' || c.fees?.feesPaidBy !== 'buyer' || saleFees(c)) return null;
    return warn(
      'buyer_fees_incomplete',
      'Fees paid by the buyer: the ad must give the price with and without fees and the fees as a percentage of the price without fees (give fees.agencyFees and fees.feeIncluded, or feesPercent).',
      'Honoraires à la charge de l’acquéreur : l’annonce doit donner le prix honoraires inclus et exclus, et leur pourcentage du prix hors honoraires (indiquez fees.agencyFees et fees.feeIncluded, ou feesPercent).',
    );
  },
  rental_terms_missing: (c) => {
    if (c.transaction !== 'rental') return null;
    const missing = [
      c.charges == null ? 'charges' : null,
      c.deposit == null ? 'deposit' : null,
      c.furnished == null ? 'furnished' : null,
    ].filter((x): x is string => x !== null);
    if (missing.length === 0) return null;
    const fr: Record<string, string> = { charges: 'les charges', deposit: 'le dépôt de garantie', furnished: 'meublé ou non' };
    return warn(
      'rental_terms_missing',
      `A rental ad must give the charges, the deposit and whether it is furnished: ${list(missing)} missing.`,
      `Une annonce de location doit indiquer les charges, le dépôt de garantie et si le logement est meublé : manque ${missing.map((m) => fr[m]).join(', ')}.`,
    );
  },
  reference_rent_missing: (c) => {
    if (c.transaction !== 'rental' || c.rentControlled !== true || c.referenceRent != null) return null;
    return warn(
      'reference_rent_missing',
      'Rent control applies: the ad must give the increased reference rent (referenceRent, euros per m² per month), and any rent supplement.',
      'Le logement est soumis à l’encadrement des loyers : l’annonce doit donner le loyer de référence majoré (en euros par m² et par mois) et l’éventuel complément de loyer.',
    );
  },
  georisques_mention: (c) => {
    if (c.georisques !== true || mentions(c, /georisques/i)) return null;
    return warn(
      'georisques_mention',
      'The property is covered by the risk statement: the ad must point to www.georisques.gouv.fr. The public site adds the sentence; add it to your other media too.',
      'Le bien est concerné par l’état des risques : l’annonce doit renvoyer au site www.georisques.gouv.fr. Le site ajoute la phrase ; ajoutez-la aussi sur vos autres supports.',
    );
  },
};

const RULES_IN_ORDER = Object.values(COMPLIANCE_RULES);

/** Every warning of a listing's content, in the rules' order. */
export function complianceWarnings(content: ListingContent): ComplianceWarning[] {
  const warnings: ComplianceWarning[] = [];
  for (const rule of RULES_IN_ORDER) {
    const warning = rule(content);
    if (warning) warnings.push(warning);
  }
  return warnings;
}
