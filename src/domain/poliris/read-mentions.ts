import type { EnergyClass, Fees, Transaction } from '../listing-model/model.js';
import { ENERGY_CLASSES } from '../listing-model/model.js';
import type { LegalFieldName } from '../listing-model/legal-fields.js';
import type { LineFields, NumberRule } from './line-fields.js';
import { RANK } from './ranks.js';
import { quoted, readDate } from './values.js';

/**
 * The ranks behind the legal mentions of an ad (docs/poliris.md, "Fees", "Energy", "Rent
 * control", "Life annuity"): fees, the DPE, a rental's terms, a life annuity's figures. Their
 * values are gathered here and checked against their bounds by the owner of those bounds
 * (`readLegalFields`), as a JSON push is.
 */
export interface Mentions {
  fees: Fees | null;
  legal: Partial<Record<LegalFieldName, unknown>>;
  dpe: EnergyClass | null;
  ges: EnergyClass | null;
}

/** Bounds are the legal-field table's: a figure here is only read as a number. */
const EUROS: NumberRule = { min: -Infinity, max: Infinity, whole: 'euros' };
const ROUNDED: NumberRule = { min: -Infinity, max: Infinity, whole: 'round' };
const DECIMAL: NumberRule = { min: -Infinity, max: Infinity, whole: 'decimal' };

/**
 * Ranks that mean something for one kind of transaction only; elsewhere they are not read (rank
 * 13, a yes/no many programs fill on every line, is not even mentioned).
 */
const RENTAL_RANKS = [
  RANK.charges,
  RANK.deposit,
  RANK.rentSupplement,
  RANK.inventoryFees,
  RANK.baseRent,
  RANK.referenceRent,
  RANK.rentControl,
];
const SALE_RANKS = [RANK.feesPaidBy, RANK.priceWithoutBuyerFees];
const LIFE_ANNUITY_RANKS = [RANK.lumpSum, RANK.annuity, RANK.soldFree];

export function readMentions(fields: LineFields, transaction: Transaction, price: number | undefined): Mentions {
  const rental = transaction === 'rental';
  ignored(fields, rental ? [...SALE_RANKS, ...LIFE_ANNUITY_RANKS] : RENTAL_RANKS, transaction);
  if (transaction === 'sale') ignored(fields, LIFE_ANNUITY_RANKS, transaction);
  const energy = readEnergy(fields);
  const legal: Mentions['legal'] = { ...energy.legal, furnished: fields.yesNo(RANK.furnished) };
  if (rental) {
    Object.assign(legal, {
      tenantFees: fields.number(RANK.fees, EUROS),
      tenantInventoryFees: fields.number(RANK.inventoryFees, EUROS),
      deposit: fields.number(RANK.deposit, EUROS),
      rentSupplement: fields.number(RANK.rentSupplement, EUROS),
      referenceRent: fields.number(RANK.referenceRent, DECIMAL),
      rentControlled: fields.yesNo(RANK.rentControl),
    });
    return { fees: null, legal, dpe: energy.dpe, ges: energy.ges };
  }
  if (transaction === 'life_annuity_sale') {
    const soldFree = fields.yesNo(RANK.soldFree);
    Object.assign(legal, {
      lumpSum: fields.number(RANK.lumpSum, EUROS),
      annuity: fields.number(RANK.annuity, EUROS),
      occupied: soldFree == null ? soldFree : !soldFree,
    });
  }
  const sale = readSaleFees(fields, price);
  return { fees: sale.fees, legal: { ...legal, feesPercent: sale.feesPercent }, dpe: energy.dpe, ges: energy.ges };
}

/**
 * Sale fees: rank 15 is the buyer's share as a percentage of the price without fees, rank 302
 * who pays (1 buyer, 2 seller, 3 both: the buyer's share is the one the ad states), rank 303 the
 * price without the buyer's fees. Rank 11 is the price with the buyer's fees.
 */
function readSaleFees(fields: LineFields, price: number | undefined): { fees: Fees | null; feesPercent: number | null | undefined } {
  const percent = fields.number(RANK.fees, DECIMAL);
  const withoutFees = fields.number(RANK.priceWithoutBuyerFees, EUROS);
  const payer = fields.value(RANK.feesPaidBy);
  if (payer !== '' && !['1', '2', '3'].includes(payer)) {
    fields.fail(RANK.feesPaidBy, 'invalid_value', `${quoted(payer)} : écrivez 1 (acquéreur), 2 (vendeur) ou 3 (acquéreur et vendeur).`);
    return { fees: null, feesPercent: undefined };
  }
  if (payer === '2') return { fees: { agencyFees: null, feesPaidBy: 'seller', feeIncluded: null }, feesPercent: null };
  const buyerPays = payer !== '' || (percent ?? 0) > 0 || withoutFees != null;
  if (!buyerPays) return { fees: null, feesPercent: null };
  let agencyFees: number | null = null;
  if (withoutFees != null && price !== undefined) {
    agencyFees = price - withoutFees;
    if (agencyFees < 0)
      fields.fail(
        RANK.priceWithoutBuyerFees,
        'out_of_range',
        `${quoted(String(withoutFees))} dépasse le prix (rang 11), qui s’entend honoraires inclus.`,
      );
  }
  return { fees: { agencyFees, feesPaidBy: 'buyer', feeIncluded: true }, feesPercent: percent };
}

/** Ranks 176–179 and 324–328. `VI` (DPE vierge) and `NS` (non soumis) are classes the model holds as none. */
function readEnergy(fields: LineFields): { dpe: EnergyClass | null; ges: EnergyClass | null; legal: Mentions['legal'] } {
  const dpe = energyClass(fields, RANK.dpeClass);
  const ges = energyClass(fields, RANK.gesClass);
  return {
    dpe: dpe.value,
    ges: ges.value,
    legal: {
      dpeValue: dpe.exempt ? null : fields.number(RANK.dpeValue, ROUNDED),
      gesValue: ges.exempt ? null : fields.number(RANK.gesValue, ROUNDED),
      dpeDate: fields.date(RANK.dpeDate),
      energyCostMin: fields.number(RANK.energyCostMin, ROUNDED),
      energyCostMax: fields.number(RANK.energyCostMax, ROUNDED),
      energyCostReferenceYear: referenceYear(fields),
    },
  };
}

function energyClass(fields: LineFields, rank: number): { value: EnergyClass | null; exempt: boolean } {
  const value = fields.value(rank).toUpperCase();
  if (value === 'VI' || value === 'NS') return { value: null, exempt: true };
  if (value === '') return { value: null, exempt: false };
  if ((ENERGY_CLASSES as readonly string[]).includes(value)) return { value: value as EnergyClass, exempt: false };
  fields.fail(rank, 'invalid_value', `${quoted(fields.value(rank))} n’est pas une classe : A à G, VI (DPE vierge) ou NS (non soumis).`);
  return { value: null, exempt: false };
}

/** Rank 328 is a year; some software writes the 1 January date of that year instead, whose year is taken. */
function referenceYear(fields: LineFields): number | null | undefined {
  const asDate = readDate(fields.value(RANK.energyCostYear));
  if (asDate.ok && asDate.value !== null) return Number(asDate.value.slice(0, 4));
  return fields.number(RANK.energyCostYear, { min: -Infinity, max: Infinity, whole: 'integer' });
}

/** A rank of another kind of transaction holding something is said, once, and not read. */
function ignored(fields: LineFields, ranks: readonly number[], transaction: Transaction): void {
  const kind = { sale: 'une vente', rental: 'une location', life_annuity_sale: 'un viager' }[transaction];
  for (const rank of ranks) {
    const value = fields.value(rank).toUpperCase();
    if (value === '' || value === 'NON' || /^0+(?:[.,]0+)?$/.test(value)) continue;
    fields.warn(rank, 'ignored_for_transaction', `ce champ ne concerne pas ${kind} ; il n’est pas repris.`);
  }
}
