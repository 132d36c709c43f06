import type { PublicListing } from '../public-listings/model.js';

const euros = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** A listing's price as every mail words it: "350 000 €", "900 € par mois" for a rental. */
export const priceForMail = (listing: PublicListing) =>
  `${euros.format(listing.content.price)}\u00a0€${listing.content.transaction === 'rental' ? ' par mois' : ''}`;
