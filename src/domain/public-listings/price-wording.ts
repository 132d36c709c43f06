import type { Fees, Transaction } from '../listing-model/model.js';
import { frenchEuros as euros, frenchPercent as percent } from '../../platform/french-numbers.js';
import { saleFees } from '../compliance/legal-mention-rules.js';

export interface PriceDisplay {
  /** The price as a visitor reads it first: fees included for a sale, charges included for a rent. */
  headline: string;
  /** The mentions French law requires beside it. */
  details: string[];
}

export interface Priced {
  transaction: Transaction;
  price: number;
  charges: number | null;
  fees: Fees | null;
  /** Sales: the fees as a percentage of the price without fees, when the agency gave it rather than an amount. */
  feesPercent?: number | null;
  /** Rentals: the tenant's fees as a legal mention; the page's rental block states them, with their check-in inventory part. */
  tenantFees?: number | null;
}

/**
 * The one wording of a price, wherever the public reads it: the listing's page, the cards of the
 * results and the home page, the visitor's conversation page, and every mail (acknowledgement,
 * the agency's notice, alerts). A second wording drifts: a sale whose fees were given as a
 * percentage once read « honoraires inclus » on its page and a bare amount everywhere else.
 *
 * How a price must be shown (arrêté du 10 janvier 2017 for sales; loi ALUR and its décret of
 * 2015 for rentals): a sale shows its price fees included, the fees as a percentage of the
 * price without them, and who pays them; a rental shows its monthly rent charges included,
 * the charges, and the fees charged to the tenant.
 */
export function priceDisplay(listing: Priced): PriceDisplay {
  return listing.transaction === 'rental' ? rentDisplay(listing) : saleDisplay(listing);
}

function saleDisplay(listing: Priced): PriceDisplay {
  const { price, fees } = listing;
  // The fees worked out as the legal mention's rule does: its owner, so page and warning agree.
  const sale = saleFees(listing);
  if (!fees) return { headline: euros(price), details: ['Honoraires : renseignez-vous auprès de l’agence'] };
  if (sale?.paidBy === 'seller') return { headline: euros(price), details: ['Honoraires à la charge du vendeur'] };
  if (!sale) return { headline: euros(price), details: ['Honoraires : renseignez-vous auprès de l’agence'] };
  const amount = sale.priceWithFees - sale.priceWithoutFees;
  return {
    headline: `${euros(sale.priceWithFees)} honoraires inclus`,
    details: [
      `dont ${percent(sale.percent)} TTC d’honoraires à la charge de l’acquéreur, soit ${euros(amount)}`,
      `Prix hors honoraires : ${euros(sale.priceWithoutFees)}`,
    ],
  };
}

function rentDisplay({ price, charges, fees, tenantFees }: Priced): PriceDisplay {
  const details: string[] = [];
  let headline: string;
  if (charges === null) {
    headline = `${euros(price)} par mois`;
    details.push('Charges : renseignez-vous auprès de l’agence');
  } else {
    headline = `${euros(price + charges)} par mois charges comprises`;
    details.push(`dont ${euros(charges)} de charges`, `Loyer hors charges : ${euros(price)}`);
  }
  // One fee sentence on the page: when the legal mention gives the tenant's fees, the rental block says it, not a second, possibly different line here.
  if (tenantFees != null) return { headline, details };
  if (fees?.feesPaidBy === 'tenant' && fees.agencyFees !== null)
    details.push(`Honoraires à la charge du locataire : ${euros(fees.agencyFees)} TTC`);
  else if (fees?.feesPaidBy === 'landlord') details.push('Honoraires à la charge du bailleur');
  else details.push('Honoraires locataire : renseignez-vous auprès de l’agence');
  return { headline, details };
}

/** The price as a visitor reads it first, in a line: cards, the conversation page, mails. */
export const priceHeadline = (listing: Priced): string => priceDisplay(listing).headline;
