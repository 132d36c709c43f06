/**
 * The ranks of `Annonces.csv` the service reads or writes, and their French names: the one
 * owner of rank numbers (docs/poliris.md gives the same table with what each maps to). A line
 * is a list of fields whose order alone says what each is; rank 1 is `fields[0]`.
 */

/** Fields on a line of the latest 4.x revision, the count the service writes. */
export const POLIRIS_FIELD_COUNT = 334;

/** What the service writes at rank 301 (« Version du format »): the revision of the field list it writes. */
export const POLIRIS_VERSION_WRITTEN = '4.09';

/** Single ranks by what they hold. */
export const RANK = {
  agencyId: 1,
  reference: 2,
  transaction: 3,
  propertyType: 4,
  postcode: 5,
  city: 6,
  address: 8,
  neighborhood: 9,
  price: 11,
  rentIncludesCharges: 13,
  fees: 15,
  surface: 16,
  landSurface: 17,
  rooms: 18,
  bedrooms: 19,
  title: 20,
  description: 21,
  charges: 23,
  floor: 24,
  furnished: 26,
  duplex: 81,
  deposit: 161,
  technicalId: 175,
  dpeValue: 176,
  dpeClass: 177,
  gesValue: 178,
  gesClass: 179,
  subType: 181,
  lumpSum: 185,
  annuity: 186,
  soldFree: 229,
  version: 301,
  feesPaidBy: 302,
  priceWithoutBuyerFees: 303,
  rentSupplement: 305,
  inventoryFees: 306,
  dpeDate: 324,
  dpeVersion: 325,
  energyCostMin: 326,
  energyCostMax: 327,
  energyCostYear: 328,
  baseRent: 331,
  referenceRent: 332,
  rentControl: 333,
} as const;

export type RankName = keyof typeof RANK;

/** Photos 1 to 30 by URL, in three runs the format added one after another (9, then 11, then 10). */
export const PHOTO_RANKS: readonly number[] = [...span(85, 93), ...span(164, 174), ...span(264, 273)];
/** Their titles, in two runs (9, then 21). */
export const PHOTO_TITLE_RANKS: readonly number[] = [...span(94, 102), ...span(274, 294)];

/**
 * Yes/no amenities read into `features` (« OUI » adds the word) and written back from a feature
 * with the same word (case and accents aside).
 */
export const FEATURE_RANKS: ReadonlyArray<{ rank: number; feature: string }> = [
  { rank: 41, feature: 'ascenseur' },
  { rank: 42, feature: 'cave' },
  { rank: 45, feature: 'digicode' },
  { rank: 46, feature: 'interphone' },
  { rank: 47, feature: 'gardien' },
  { rank: 48, feature: 'terrasse' },
  { rank: 61, feature: 'alarme' },
  { rank: 63, feature: 'calme' },
  { rank: 64, feature: 'climatisation' },
  { rank: 65, feature: 'piscine' },
  { rank: 68, feature: 'cheminée' },
  { rank: 78, feature: 'vue dégagée' },
];

/**
 * Ranks that say who to call, who gave the mandate and what the agency notes for itself: the
 * display contact (105–107), the property's true postcode and town (108, 109), the mandate and
 * its principal, the owner (112–121), private comments (122) and the negotiator (123). The
 * service never reads them (nothing of them is stored) and writes them empty.
 */
export const PRIVATE_RANKS: readonly number[] = [...span(105, 109), ...span(112, 123)];

const NAMES: Readonly<Record<number, string>> = {
  1: 'Identifiant agence',
  2: 'Référence',
  3: 'Type d’annonce',
  4: 'Type de bien',
  5: 'Code postal',
  6: 'Ville',
  8: 'Adresse',
  9: 'Quartier / proximité',
  11: 'Prix',
  13: 'Loyer charges comprises',
  15: 'Honoraires',
  16: 'Surface',
  17: 'Surface du terrain',
  18: 'Nombre de pièces',
  19: 'Nombre de chambres',
  20: 'Libellé',
  21: 'Descriptif',
  23: 'Charges',
  24: 'Étage',
  26: 'Meublé',
  41: 'Ascenseur',
  42: 'Cave',
  45: 'Digicode',
  46: 'Interphone',
  47: 'Gardien',
  48: 'Terrasse',
  61: 'Alarme',
  63: 'Calme',
  64: 'Climatisation',
  65: 'Piscine',
  68: 'Cheminée',
  78: 'Vue dégagée',
  81: 'Duplex',
  105: 'Téléphone à afficher',
  106: 'Contact à afficher',
  107: 'E-mail de contact',
  108: 'Code postal réel',
  109: 'Ville réelle',
  112: 'Numéro de mandat',
  113: 'Date du mandat',
  114: 'Nom du mandant',
  115: 'Prénom du mandant',
  116: 'Raison sociale du mandant',
  117: 'Adresse du mandant',
  118: 'Code postal du mandant',
  119: 'Ville du mandant',
  120: 'Téléphone du mandant',
  121: 'Commentaires sur le mandant',
  122: 'Commentaires privés',
  123: 'Code négociateur',
  161: 'Dépôt de garantie',
  175: 'Identifiant technique',
  176: 'Consommation d’énergie',
  177: 'Classe énergie (DPE)',
  178: 'Émissions de GES',
  179: 'Classe climat (GES)',
  181: 'Sous-type de bien',
  185: 'Bouquet',
  186: 'Rente mensuelle',
  229: 'Viager vendu libre',
  301: 'Version du format',
  302: 'Honoraires à la charge de',
  303: 'Prix hors honoraires acquéreur',
  305: 'Complément de loyer',
  306: 'Honoraires d’état des lieux',
  324: 'Date du DPE',
  325: 'Version du DPE',
  326: 'Dépenses d’énergie minimum',
  327: 'Dépenses d’énergie maximum',
  328: 'Année de référence des prix de l’énergie',
  331: 'Loyer de base',
  332: 'Loyer de référence majoré',
  333: 'Encadrement des loyers',
};

/** The French name of a rank, as a report shows it. */
export function rankName(rank: number): string {
  const photo = PHOTO_RANKS.indexOf(rank);
  if (photo >= 0) return `Photo ${photo + 1}`;
  const title = PHOTO_TITLE_RANKS.indexOf(rank);
  if (title >= 0) return `Titre de la photo ${title + 1}`;
  return NAMES[rank] ?? `Champ ${rank}`;
}

/** Model field (as the write path names it) → the rank it came from. */
const RANK_OF_FIELD: Readonly<Record<string, number>> = {
  externalId: RANK.technicalId,
  reference: RANK.reference,
  transaction: RANK.transaction,
  propertyType: RANK.propertyType,
  type: RANK.propertyType,
  postcode: RANK.postcode,
  city: RANK.city,
  addressLine: RANK.address,
  neighborhood: RANK.neighborhood,
  price: RANK.price,
  priceUnit: RANK.price,
  surface: RANK.surface,
  rooms: RANK.rooms,
  bedrooms: RANK.bedrooms,
  title: RANK.title,
  description: RANK.description,
  charges: RANK.charges,
  floor: RANK.floor,
  furnished: RANK.furnished,
  deposit: RANK.deposit,
  dpe: RANK.dpeClass,
  ges: RANK.gesClass,
  dpeValue: RANK.dpeValue,
  gesValue: RANK.gesValue,
  lumpSum: RANK.lumpSum,
  annuity: RANK.annuity,
  occupied: RANK.soldFree,
  fees: RANK.fees,
  feesPercent: RANK.fees,
  tenantFees: RANK.fees,
  'fees.feesPaidBy': RANK.feesPaidBy,
  'fees.agencyFees': RANK.priceWithoutBuyerFees,
  'fees.feeIncluded': RANK.feesPaidBy,
  rentSupplement: RANK.rentSupplement,
  tenantInventoryFees: RANK.inventoryFees,
  dpeDate: RANK.dpeDate,
  energyCostMin: RANK.energyCostMin,
  energyCostMax: RANK.energyCostMax,
  energyCostReferenceYear: RANK.energyCostYear,
  referenceRent: RANK.referenceRent,
  rentControlled: RANK.rentControl,
};

const PHOTO_FIELD = /^(?:photos|imageUrls)\[(\d+)\](?:\.(url|label|order))?$/;

/**
 * Where a model field (`price`, `photos[3].url`, `fees.agencyFees`) comes from in the format,
 * or null for what no rank holds (`marketValue`, `georisques`, `features`). Photos are counted
 * in the order the line gives them, so `photos[3]` is photo 4.
 */
export function rankOfField(field: string): { rank: number; field: string } | null {
  const photo = PHOTO_FIELD.exec(field);
  if (photo) {
    const index = Number(photo[1]);
    const ranks = photo[2] === 'label' ? PHOTO_TITLE_RANKS : PHOTO_RANKS;
    const rank = ranks[index];
    return rank === undefined ? null : { rank, field: rankName(rank) };
  }
  const rank = RANK_OF_FIELD[field];
  return rank === undefined ? null : { rank, field: rankName(rank) };
}

function span(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}
