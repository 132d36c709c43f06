import type { AlertSearch } from '../../../domain/alerts/alert-model.js';
import type { SearchFilters } from '../../../domain/public-listings/model.js';
import type { FieldError } from '../../../platform/outcome.js';
import { euros, plural, squareMetres } from '../../html/format.js';
import { parseSearchQuery, searchPath } from '../search-query.js';
import { searchTitle } from '../views/search-page.js';

/**
 * The search an alert is for, read from the alert form's hidden fields the way the results
 * page reads its address (search-query.ts owns the parameters and their rules), without the
 * sort and the page, which mean nothing to an alert.
 */
export function alertSearchFrom(fields: Record<string, unknown>): { search: AlertSearch; errors: FieldError[] } {
  const { filters, errors } = parseSearchQuery({ ...fields, sort: undefined, page: undefined });
  return { search: { filters, path: searchPath(filters), label: alertLabel(filters) }, errors };
}

/** The search's hidden fields in the alert form: its results page's parameters. */
export const alertSearchFields = (filters: SearchFilters): Array<[string, string]> => [
  ...new URLSearchParams(searchPath(filters).split('?')[1] ?? '').entries(),
];

/**
 * "Appartements à vendre à Lyon, avec les mots “parquet”, de 200 000 € à 300 000 €, 3 pièces et
 * plus": the results page's title without its keywords, then the keywords and the other filters.
 * Pages and mails quote the whole label in « »: the keywords inside take “ ”, once.
 */
export function alertLabel(filters: SearchFilters): string {
  const { priceMin, priceMax, surfaceMin, roomsMin, dpeMax, q } = filters;
  const parts = [searchTitle({ ...filters, q: undefined })];
  if (q !== undefined) parts.push(`avec les mots “${q}”`);
  if (priceMin !== undefined && priceMax !== undefined) parts.push(`de ${euros(priceMin)} à ${euros(priceMax)}`);
  else if (priceMax !== undefined) parts.push(`jusqu’à ${euros(priceMax)}`);
  else if (priceMin !== undefined) parts.push(`à partir de ${euros(priceMin)}`);
  if (surfaceMin !== undefined) parts.push(`${squareMetres(surfaceMin)} et plus`);
  if (roomsMin !== undefined) parts.push(`${plural(roomsMin, 'pièce', 'pièces')} et plus`);
  if (dpeMax) parts.push(dpeMax === 'A' ? 'DPE A' : `DPE ${dpeMax} ou mieux`);
  return parts.join(', ');
}
