/**
 * The French legal mentions of an ad (docs/interfaces.md, "Legal mentions"): optional fields, the same names on both
 * interfaces, added after the first release so that every stored listing keeps its version
 * and hash (src/listing-model/content.ts writes them only when given).
 */
export interface LegalFields {
  /** Primary energy consumption, kWh/m²/year (the DPE figure). */
  dpeValue?: number | null;
  /** Greenhouse gas emissions, kg CO2/m²/year (the GES figure). */
  gesValue?: number | null;
  /** Estimated yearly energy costs for standard use, euros a year. */
  energyCostMin?: number | null;
  energyCostMax?: number | null;
  /** The year of the 1 January energy prices the estimate uses. */
  energyCostReferenceYear?: number | null;
  /** When the DPE was made (YYYY-MM-DD). */
  dpeDate?: string | null;
  /** Rentals: furnished (meublé) or not. */
  furnished?: boolean | null;
  /** Rentals: the security deposit, euros. */
  deposit?: number | null;
  /** Rentals: the agency fees the tenant pays, euros, of which `tenantInventoryFees` for the check-in inventory. */
  tenantFees?: number | null;
  tenantInventoryFees?: number | null;
  /** Rentals in a rent-control area (encadrement des loyers). */
  rentControlled?: boolean | null;
  /** The increased reference rent (loyer de référence majoré), euros per m² per month. */
  referenceRent?: number | null;
  /** A rent supplement (complément de loyer), euros a month. */
  rentSupplement?: number | null;
  /** Sales: the fees as a percentage of the price without fees (derived from `fees` when absent). */
  feesPercent?: number | null;
  /** Life-annuity sales (viager): occupied by the seller, the lump sum (bouquet), the monthly annuity (rente), the market value. */
  occupied?: boolean | null;
  lumpSum?: number | null;
  annuity?: number | null;
  marketValue?: number | null;
  /** The property is covered by the natural and technological risk statement (Géorisques). */
  georisques?: boolean | null;
}

export type LegalFieldName = keyof LegalFields;

export interface LegalFieldSpec {
  kind: 'integer' | 'number' | 'boolean' | 'date';
  min?: number;
  max?: number;
  description: string;
}

/** Each field's type, bounds and meaning: both interfaces' schemas and checks are made from it. */
export const LEGAL_FIELDS: Record<LegalFieldName, LegalFieldSpec> = {
  dpeValue: { kind: 'integer', min: 0, max: 2_000, description: 'Primary energy consumption in kWh/m²/year (the DPE figure).' },
  gesValue: { kind: 'integer', min: 0, max: 500, description: 'Greenhouse gas emissions in kg CO2/m²/year (the GES figure).' },
  energyCostMin: {
    kind: 'integer',
    min: 0,
    max: 100_000,
    description: 'Low end of the estimated yearly energy costs for standard use, euros a year.',
  },
  energyCostMax: {
    kind: 'integer',
    min: 0,
    max: 100_000,
    description: 'High end of the estimated yearly energy costs, euros a year; not below energyCostMin.',
  },
  energyCostReferenceYear: {
    kind: 'integer',
    min: 2021,
    max: 2100,
    description: 'Year of the 1 January energy prices the estimate uses (2021 or later, not in the future).',
  },
  dpeDate: { kind: 'date', description: 'Date of the DPE (YYYY-MM-DD).' },
  furnished: { kind: 'boolean', description: 'Rentals: furnished (meublé).' },
  deposit: { kind: 'integer', min: 0, max: 1_000_000, description: 'Rentals only: the security deposit, euros.' },
  tenantFees: { kind: 'integer', min: 0, max: 1_000_000, description: 'Rentals: the agency fees the tenant pays, euros (all included).' },
  tenantInventoryFees: {
    kind: 'integer',
    min: 0,
    max: 1_000_000,
    description: 'Rentals: the part of tenantFees for the check-in inventory (état des lieux), euros.',
  },
  rentControlled: { kind: 'boolean', description: 'Rentals: the property is in a rent-control area (encadrement des loyers).' },
  referenceRent: {
    kind: 'number',
    min: 0,
    max: 1_000,
    description: 'Rent control: the increased reference rent (loyer de référence majoré), euros per m² per month.',
  },
  rentSupplement: {
    kind: 'integer',
    min: 0,
    max: 100_000,
    description: 'Rent control: the rent supplement (complément de loyer), euros a month.',
  },
  feesPercent: {
    kind: 'number',
    min: 0,
    max: 100,
    description: 'Sales: the fees as a percentage of the price without fees (arrêté of 10 January 2017). Derived from fees when absent.',
  },
  occupied: { kind: 'boolean', description: 'Life-annuity sales: occupied by the seller (viager occupé).' },
  lumpSum: { kind: 'integer', min: 0, max: 100_000_000, description: 'Life-annuity sales: the lump sum (bouquet), euros.' },
  annuity: { kind: 'integer', min: 0, max: 1_000_000, description: 'Life-annuity sales: the monthly annuity (rente), euros a month.' },
  marketValue: { kind: 'integer', min: 0, max: 100_000_000, description: 'Life-annuity sales: the market value of the property, euros.' },
  georisques: {
    kind: 'boolean',
    description: 'The property is covered by the natural and technological risk statement (état des risques, Géorisques).',
  },
};

export const LEGAL_FIELD_NAMES = Object.keys(LEGAL_FIELDS) as LegalFieldName[];

/** Every legal field with null for the absent ones: what reads show. */
export function legalFieldsRead(source: LegalFields): Required<{ [K in LegalFieldName]: LegalFields[K] | null }> {
  const out: Record<string, unknown> = {};
  for (const name of LEGAL_FIELD_NAMES) out[name] = source[name] ?? null;
  return out as never;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A calendar date that exists, YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
