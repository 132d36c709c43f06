import {
  ENERGY_CLASSES,
  PROPERTY_TYPES,
  TRANSACTIONS,
  type EnergyClass,
  type PropertyType,
  type Transaction,
} from '../../domain/listing-model/model.js';
import type { FieldError } from '../../platform/outcome.js';
import {
  defaultSort,
  effectiveSort,
  keywords,
  KEYWORDS_MAX,
  MAX_PAGES,
  SORTS,
  type SearchFilters,
  type Sort,
} from '../../domain/public-listings/model.js';
import { unstorableTextReason } from '../../platform/validation/storable.js';
import { communeCodes, communeName, departmentOf, regionOf } from '../../domain/geography/index.js';

/** The query parameters of `GET /listings` (docs/decisions.md §12, §18), in the order URLs write them. */
export const SEARCH_FIELDS = [
  'q',
  'transaction',
  'category',
  'city',
  'postcode',
  'commune',
  'departement',
  'region',
  'priceMin',
  'priceMax',
  'surfaceMin',
  'roomsMin',
  'dpeMax',
  'sort',
  'page',
] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export interface SearchQuery {
  filters: SearchFilters;
  sort: Sort;
  page: number;
  /** One French message per value that was refused; the search runs without it. */
  errors: FieldError[];
  /** What the visitor typed, to show the form again as it was (bounded in length). */
  typed: Partial<Record<SearchField, string>>;
}

const MAX_TEXT = 100;
const POSTCODE = /^(\d{5}|\d{2}|2[AB]|97\d)$/;

const NUMBER_RULES = {
  priceMin: { max: 1_000_000_000, message: 'Le prix minimum doit être un nombre entier d’euros, sans signe.' },
  priceMax: { max: 1_000_000_000, message: 'Le prix maximum doit être un nombre entier d’euros, sans signe.' },
  surfaceMin: { max: 1_000_000, message: 'La surface minimale doit être un nombre entier de m², sans signe.' },
  roomsMin: { max: 1000, message: 'Le nombre de pièces minimum doit être un nombre entier, sans signe.' },
} as const;

/**
 * The place parameters, read through the one owner of places (domain/geography), each to its
 * official code (« 2a » is 2A): a commune by its INSEE code (what the commune field's
 * suggestions give), a département, a région. The URL says « departement », as visitors read it.
 */
const PLACE_RULES = {
  commune: {
    filter: 'commune',
    read: (raw: string) => communeCodes(raw)?.[0],
    message: 'La commune choisie est inconnue : choisissez-la parmi les suggestions (code INSEE, 69123 pour Lyon).',
  },
  departement: {
    filter: 'department',
    read: (raw: string) => departmentOf(raw)?.code,
    message: 'Le département doit être indiqué par son code officiel : 01 à 95, 2A ou 2B pour la Corse, 971 à 976 outre-mer.',
  },
  region: {
    filter: 'region',
    read: (raw: string) => regionOf(raw)?.code,
    message: 'La région doit être indiquée par son code officiel : 84 pour Auvergne-Rhône-Alpes, 11 pour l’Île-de-France…',
  },
} as const;

/** The filter a parameter sets: its own name, but for the département. */
const filterOf = (field: Exclude<SearchField, 'sort' | 'page'>): keyof SearchFilters =>
  field in PLACE_RULES ? PLACE_RULES[field as keyof typeof PLACE_RULES].filter : (field as keyof SearchFilters);

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value);

/**
 * A query parameter as one string: repeated parameters keep their first value; absent or
 * blank (an empty field of the form) is undefined.
 */
function single(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== 'string') return undefined;
  const trimmed = first.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** "250 000", "250000" and "250 000 €" are the same whole number; anything else is not one. */
function wholeNumber(text: string, max: number): number | null {
  const digits = text.replace(/[\s\u00a0\u202f.]/g, '').replace(/€$/, '');
  if (!/^\d{1,12}$/.test(digits)) return null;
  const value = Number(digits);
  return value <= max ? value : null;
}

/** The rules between filters, once each is read. */
function reconcile(filters: SearchFilters, typed: SearchQuery['typed'], refuse: (field: SearchField, message: string) => void): void {
  showChosenCommune(filters, typed);
  // A commune chosen among the suggestions is the search's place: the name typed beside it is what the field shows.
  if (filters.commune !== undefined) delete filters.city;
  if (filters.priceMin !== undefined && filters.priceMax !== undefined && filters.priceMin > filters.priceMax) {
    refuse('priceMin', 'Le prix minimum dépasse le prix maximum : les deux sont ignorés.');
    delete filters.priceMin;
    delete filters.priceMax;
  }
}

/**
 * A chosen commune's address holds its code alone (a shared link, a search sent on to its clean
 * address): the city field shows the commune's name, as its suggestion did.
 */
function showChosenCommune(filters: SearchFilters, typed: SearchQuery['typed']): void {
  if (filters.commune !== undefined && !typed.city) typed.city = communeName(filters.commune) ?? undefined;
}

/**
 * Reads the search's query string. Every value is checked before it reaches a query: a value
 * that breaks its rule gets a French message and is left out of the search, which still runs
 * with the others, so a visitor is never left with an error alone.
 */
export function parseSearchQuery(query: Record<string, unknown>): SearchQuery {
  const errors: FieldError[] = [];
  const typed: SearchQuery['typed'] = {};
  const filters: SearchFilters = {};
  let sort: Sort | undefined;
  let page = 1;
  const refuse = (field: SearchField, message: string) => errors.push({ field, message });

  for (const field of SEARCH_FIELDS) {
    const raw = single(query[field]);
    if (raw === undefined) continue;
    typed[field] = raw.slice(0, field === 'q' ? KEYWORDS_MAX : MAX_TEXT);
    if (unstorableTextReason(raw) !== null) {
      typed[field] = '';
      refuse(field, 'Cette valeur contient des caractères invalides.');
      continue;
    }
    switch (field) {
      case 'q': {
        const words = keywords(raw);
        if (raw.length > KEYWORDS_MAX) refuse(field, `Les mots-clés doivent compter au plus ${KEYWORDS_MAX} caractères.`);
        else if (words === null) refuse(field, 'Les mots-clés doivent contenir au moins un mot (des lettres ou des chiffres).');
        else filters.q = words;
        break;
      }
      case 'transaction':
        if (isOneOf<Transaction>(TRANSACTIONS, raw)) filters.transaction = raw;
        else refuse(field, 'Choisissez Acheter, Louer ou Viager.');
        break;
      case 'category':
        if (isOneOf<PropertyType>(PROPERTY_TYPES, raw)) filters.category = raw;
        else refuse(field, 'Choisissez un type de bien de la liste.');
        break;
      case 'city':
        if (raw.length <= MAX_TEXT) filters.city = raw;
        else refuse(field, `Le nom de la ville doit compter au plus ${MAX_TEXT} caractères.`);
        break;
      case 'postcode': {
        const code = raw.toUpperCase();
        if (POSTCODE.test(code)) filters.postcode = code;
        else refuse(field, 'Indiquez un code postal à 5 chiffres ou un département (69, 2A, 974).');
        break;
      }
      case 'commune':
      case 'departement':
      case 'region': {
        const code = PLACE_RULES[field].read(raw);
        if (code === undefined) refuse(field, PLACE_RULES[field].message);
        else filters[PLACE_RULES[field].filter] = code;
        break;
      }
      case 'priceMin':
      case 'priceMax':
      case 'surfaceMin':
      case 'roomsMin': {
        const value = wholeNumber(raw, NUMBER_RULES[field].max);
        if (value === null) refuse(field, NUMBER_RULES[field].message);
        else filters[field] = value;
        break;
      }
      case 'dpeMax': {
        const letter = raw.toUpperCase();
        if (isOneOf<EnergyClass>(ENERGY_CLASSES, letter)) filters.dpeMax = letter;
        else refuse(field, 'La classe énergie doit être une lettre de A à G.');
        break;
      }
      case 'sort':
        if (isOneOf<Sort>(SORTS, raw)) sort = raw;
        else refuse(field, 'Choisissez un tri de la liste.');
        break;
      case 'page': {
        const value = wholeNumber(raw, MAX_PAGES);
        if (value === null || value < 1) refuse(field, `Le numéro de page doit être compris entre 1 et ${MAX_PAGES}.`);
        else page = value;
        break;
      }
    }
  }
  reconcile(filters, typed, refuse);
  // An order chosen in the form is kept, keywords or not (a visitor who asks for the newest gets
  // them); none chosen is relevance, which is the newest first without keywords.
  return { filters, sort: effectiveSort(filters, sort ?? 'relevance'), page, errors, typed };
}

/** The canonical address of a search: known parameters only, in a fixed order, defaults left out. */
export function searchPath(filters: SearchFilters, sort: Sort = defaultSort(filters), page = 1): string {
  const params = new URLSearchParams();
  for (const field of SEARCH_FIELDS) {
    if (field === 'sort' || field === 'page') continue;
    const value = filters[filterOf(field)];
    if (value !== undefined) params.set(field, String(value));
  }
  const order = effectiveSort(filters, sort);
  if (order !== defaultSort(filters)) params.set('sort', order);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/listings?${query}` : '/listings';
}
