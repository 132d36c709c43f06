import type { PublicContent, PublicListing } from '../public-listings/model.js';
import { PROPERTY_TYPE_WRITTEN, SUB_TYPE_WRITTEN, TRANSACTION_WRITTEN } from './codes.js';
import { FEATURE_RANKS, PHOTO_RANKS, PHOTO_TITLE_RANKS, POLIRIS_FIELD_COUNT, POLIRIS_VERSION_WRITTEN, RANK } from './ranks.js';
import { foldCode, writeDate, writeNumber, writeYesNo } from './values.js';

/** DPE made from 1 July 2021 follow the method of that date; the format names the two methods at rank 325. */
const DPE_2021_METHOD_FROM = '2021-07-01';

/**
 * A public listing as one line of `Annonces.csv`, every field in rank order (empty strings for
 * what the service does not hold): the public projection only, so masked texts, no address and
 * no contact, mandate or owner rank (docs/poliris.md).
 */
export function polirisFieldsOf(listing: PublicListing): string[] {
  const line = new Array<string>(POLIRIS_FIELD_COUNT).fill('');
  const set = (rank: number, value: string) => {
    line[rank - 1] = value;
  };
  const content = listing.content;
  set(RANK.agencyId, listing.agencyId);
  set(RANK.reference, content.reference ?? listing.serviceId);
  set(RANK.technicalId, listing.serviceId);
  set(RANK.version, POLIRIS_VERSION_WRITTEN);
  set(RANK.title, listing.title);
  set(RANK.description, listing.description ?? '');
  writeKind(content, set);
  writePlace(content, set);
  writePrice(content, set);
  writeEnergy(content, set);
  writePhotos(content, set);
  const features = new Set(content.features.map(foldCode));
  for (const { rank, feature } of FEATURE_RANKS) if (features.has(foldCode(feature))) set(rank, 'OUI');
  return line;
}

type Put = (rank: number, value: string) => void;

function writeKind(content: PublicContent, set: Put): void {
  set(RANK.transaction, TRANSACTION_WRITTEN[content.transaction]);
  set(RANK.propertyType, PROPERTY_TYPE_WRITTEN[content.propertyType]);
  set(RANK.subType, SUB_TYPE_WRITTEN[content.propertyType] ?? '');
  if (content.propertyType === 'duplex') set(RANK.duplex, 'OUI');
}

/** The displayed postcode and town; rank 8 (the street address) is private and stays empty. */
function writePlace(content: PublicContent, set: Put): void {
  set(RANK.postcode, content.postcode);
  set(RANK.city, content.city);
  set(RANK.neighborhood, content.neighborhood ?? '');
  set(RANK.surface, writeNumber(content.surface));
  if (content.propertyType === 'land') set(RANK.landSurface, writeNumber(content.surface));
  set(RANK.rooms, writeNumber(content.rooms));
  // Empty when not given, which a reader takes as many as rooms (docs/decisions.md §6).
  set(RANK.bedrooms, writeNumber(content.bedrooms));
  set(RANK.floor, writeNumber(content.floor));
  set(RANK.furnished, writeYesNo(content.furnished));
}

/**
 * Rank 11 is the price with the buyer's fees, or a rental's rent with its charges (rank 13
 * OUI); the fee ranks as docs/poliris.md, "Fees", reads them.
 */
function writePrice(content: PublicContent, set: Put): void {
  if (content.transaction === 'rental') {
    set(RANK.price, writeNumber(content.price + (content.charges ?? 0)));
    set(RANK.rentIncludesCharges, 'OUI');
    set(RANK.charges, writeNumber(content.charges));
    const tenantFees = content.tenantFees ?? (content.fees?.feesPaidBy === 'tenant' ? content.fees.agencyFees : null);
    set(RANK.fees, writeNumber(tenantFees));
    set(RANK.inventoryFees, writeNumber(content.tenantInventoryFees));
    set(RANK.deposit, writeNumber(content.deposit));
    set(RANK.rentSupplement, writeNumber(content.rentSupplement));
    set(RANK.referenceRent, writeNumber(content.referenceRent));
    set(RANK.rentControl, writeYesNo(content.rentControlled));
    if (content.rentControlled) set(RANK.baseRent, writeNumber(content.price - (content.rentSupplement ?? 0)));
    return;
  }
  if (content.transaction === 'life_annuity_sale') {
    set(RANK.lumpSum, writeNumber(content.lumpSum));
    set(RANK.annuity, writeNumber(content.annuity));
    set(RANK.soldFree, writeYesNo(content.occupied == null ? null : !content.occupied));
  }
  const fees = content.fees;
  if (fees?.feesPaidBy === 'seller') {
    set(RANK.price, writeNumber(content.price));
    set(RANK.feesPaidBy, '2');
    return;
  }
  const amount = fees?.feesPaidBy === 'buyer' ? fees.agencyFees : null;
  // The format's price always holds the buyer's fees: a price given without them gets them added.
  const withFees = amount !== null && fees?.feeIncluded === false ? content.price + amount : content.price;
  set(RANK.price, writeNumber(withFees));
  if (fees?.feesPaidBy === 'buyer') set(RANK.feesPaidBy, '1');
  if (amount !== null) set(RANK.priceWithoutBuyerFees, writeNumber(withFees - amount));
  const derived = amount !== null && withFees > amount ? Math.round((amount / (withFees - amount)) * 10_000) / 100 : null;
  set(RANK.fees, writeNumber(content.feesPercent ?? derived));
}

function writeEnergy(content: PublicContent, set: Put): void {
  set(RANK.dpeValue, writeNumber(content.dpeValue));
  set(RANK.dpeClass, content.dpe ?? '');
  set(RANK.gesValue, writeNumber(content.gesValue));
  set(RANK.gesClass, content.ges ?? '');
  set(RANK.dpeDate, writeDate(content.dpeDate));
  if (content.dpeDate) set(RANK.dpeVersion, content.dpeDate < DPE_2021_METHOD_FROM ? 'DPE_v01-2011' : 'DPE_v07-2021');
  set(RANK.energyCostMin, writeNumber(content.energyCostMin));
  set(RANK.energyCostMax, writeNumber(content.energyCostMax));
  set(RANK.energyCostYear, writeNumber(content.energyCostReferenceYear));
}

/** The first 30 photos, in their order, by URL, with their (masked) labels. */
function writePhotos(content: PublicContent, set: Put): void {
  const photos = [...content.photos].sort((a, b) => a.order - b.order).slice(0, PHOTO_RANKS.length);
  photos.forEach((photo, i) => {
    set(PHOTO_RANKS[i]!, photo.url);
    set(PHOTO_TITLE_RANKS[i]!, photo.label ?? '');
  });
}
