import type { PropertyType, Transaction } from './model.js';
import { nameIn, type ListingInterface } from './interface-names.js';

/**
 * The model's values the two interfaces code differently (docs/interfaces.md, "Ingestion fields
 * and their v1 names"): v1 sends the model's own codes (`sale`, `house`), the ingestion the French
 * codes docs/interfaces.md lists for it (`VENTE`, `MAISON`). One table, so the push reads and writes the codes it
 * documents and a value sent with the other interface's code is told this interface's. Every
 * other enum (status, dpe, feesPaidBy, sourceCrm…) has the same codes on both.
 */
export const INGESTION_CODES = {
  transaction: { VENTE: 'sale', LOCATION: 'rental', VIAGER: 'life_annuity_sale' },
  propertyType: {
    APPARTEMENT: 'apartment',
    MAISON: 'house',
    DUPLEX: 'duplex',
    STUDIO: 'studio',
    TERRAIN: 'land',
    PARKING: 'parking',
    LOFT: 'loft',
    LOCAL: 'commercial',
    BUREAU: 'office',
  },
} as const satisfies { transaction: Record<string, Transaction>; propertyType: Record<string, PropertyType> };

type CodedField = keyof typeof INGESTION_CODES;

/** `iface`'s code of each model value of a coded field, by the other interface's code. */
function ownCodes(iface: ListingInterface, field: CodedField): Map<string, string> {
  const pairs = Object.entries(INGESTION_CODES[field]);
  return new Map(pairs.map(([ingestion, v1]) => (iface === 'ingestion' ? [v1, ingestion] : [ingestion, v1])));
}

/**
 * For a value `iface` refuses in one of its fields, the words that give `iface`'s code for it
 * when it is the other interface's code of the same field (`"sale" is the v1 interface's code;
 * this interface calls it VENTE`); undefined for any other field or value.
 */
export function ownCodeHint(iface: ListingInterface): (field: string, value: unknown) => string | undefined {
  const other = iface === 'v1' ? 'ingestion' : 'v1';
  const byField = new Map(
    (Object.keys(INGESTION_CODES) as CodedField[]).map((field) => [nameIn(iface, field), ownCodes(iface, field)] as const),
  );
  return (field, value) => {
    const own = typeof value === 'string' ? byField.get(field)?.get(value) : undefined;
    return own === undefined ? undefined : `"${String(value)}" is the ${other} interface's code; this interface calls it ${own}`;
  };
}
