import type { FieldError } from '../../../platform/outcome.js';
import { count } from '../../html/format.js';
import { Layout } from '../../html/layout.js';
import { defaultSort, MAX_RESULTS, type ListingCard, type SearchFilters, type Sort } from '../../../domain/public-listings/model.js';
import type { PropertyType, Transaction } from '../../../domain/listing-model/model.js';
import type { SearchField } from '../search-query.js';
import { ErrorSummary, ListingCardView, Pagination } from './components.js';
import { SearchForm } from './search-form.js';
import { AlertBox } from './alert-form.js';
import { communeLabel, inDepartment, inRegion, properCityName } from '../../../domain/geography/index.js';

const PLURALS: Record<PropertyType, string> = {
  apartment: 'Appartements',
  house: 'Maisons',
  duplex: 'Duplex',
  studio: 'Studios',
  land: 'Terrains',
  parking: 'Parkings',
  loft: 'Lofts',
  commercial: 'Locaux commerciaux',
  office: 'Bureaux',
};
const PURPOSES: Record<Transaction, string> = { sale: 'à vendre', rental: 'à louer', life_annuity_sale: 'en viager' };

/**
 * "Appartements à vendre à Lyon", "Annonces immobilières (69)", "Maisons à Lyon 3e (69)",
 * "Annonces immobilières dans le département du Rhône (69)", "Maisons « piscine »". The names of
 * communes, départements and régions are the one owner's (domain/geography).
 */
export function searchTitle(filters: SearchFilters): string {
  const words = [filters.category ? PLURALS[filters.category] : 'Annonces immobilières'];
  if (filters.transaction) words.push(PURPOSES[filters.transaction]);
  if (filters.city) words.push(`à ${properCityName(filters.city)}`);
  if (filters.commune) words.push(`à ${communeLabel(filters.commune) ?? filters.commune}`);
  if (filters.postcode) words.push(`(${filters.postcode})`);
  if (filters.department) words.push(inDepartment(filters.department) ?? `(${filters.department})`);
  if (filters.region) words.push(inRegion(filters.region) ?? `(${filters.region})`);
  // No-break spaces inside the guillemets, as French typography wants: a line never starts with ».
  if (filters.q) words.push(`«\u00a0${filters.q}\u00a0»`);
  return words.join(' ');
}

export interface SearchPageModel {
  filters: SearchFilters;
  sort: Sort;
  page: number;
  pages: number;
  total: number;
  cards: ListingCard[];
  errors: FieldError[];
  typed: Partial<Record<SearchField, string>>;
  canonical: string;
  noindex: boolean;
  /** The page number asked for is past the last page. */
  pastTheEnd: boolean;
  /** The same search's first page. */
  firstPage: string;
}

/** "Filtrer et trier", and how many criteria the search applies: the heading names the main ones. */
function filtersSummary({ filters, sort }: Pick<SearchPageModel, 'filters' | 'sort'>): string {
  const active = Object.keys(filters).length + (sort === defaultSort(filters) ? 0 : 1);
  return active === 0 ? 'Filtrer et trier' : `Filtrer et trier (${active} critère${active > 1 ? 's' : ''})`;
}

export function SearchPage(model: SearchPageModel): JSX.Element {
  const title = searchTitle(model.filters);
  const heading = model.page > 1 ? `${title} – page ${model.page}` : title;
  const found =
    model.total === 0
      ? 'Aucune annonce ne correspond'
      : model.total > MAX_RESULTS
        ? `Plus de ${count(MAX_RESULTS)} annonces`
        : `${count(model.total)} annonce${model.total > 1 ? 's' : ''}`;
  return (
    <Layout
      meta={{
        // A refused criterion says so in the tab's title too, the first thing a screen reader reads.
        title: model.errors.length ? `Erreur : ${heading}` : heading,
        description: `${title} : ${found.toLowerCase()}. Annonces des agences, prix et classe énergie.`,
        canonical: model.canonical,
        noindex: model.noindex,
      }}
    >
      <h1 safe>{heading}</h1>
      <p class="count" role="status" safe>
        {found}
      </p>
      <div class="layout">
        <section aria-labelledby="filtres">
          <h2 id="filtres" class="sr">
            Filtres
          </h2>
          {/* Folded on a phone, so that the first result comes before ten fields; open when a value was refused; always shown on a wide screen (the stylesheet). */}
          <details class="filters" open={model.errors.length > 0}>
            <summary safe>{filtersSummary(model)}</summary>
            <ErrorSummary errors={model.errors} title="Certains critères n’ont pas été pris en compte :" />
            <SearchForm typed={model.typed} errors={model.errors} full={true} />
          </details>
          <AlertBox filters={model.filters} />
        </section>
        <section aria-labelledby="resultats">
          <h2 id="resultats" class="sr">
            Résultats
          </h2>
          {model.pastTheEnd ? (
            <p class="notice">
              Cette page de résultats n’existe pas. <a href={model.firstPage}>Revenir à la première page</a>
            </p>
          ) : (
            ''
          )}
          {model.cards.length ? (
            <ul class="cards">
              {model.cards.map((card) => (
                <ListingCardView card={card} />
              ))}
            </ul>
          ) : model.pastTheEnd ? (
            ''
          ) : (
            <p>
              {model.filters.q
                ? 'Élargissez la recherche : essayez moins de mots-clés ou d’autres mots, retirez un critère ou essayez une ville voisine.'
                : 'Élargissez la recherche : retirez un critère ou essayez une ville voisine.'}
            </p>
          )}
          {model.total > MAX_RESULTS && model.page === model.pages ? <p>Précisez votre recherche pour voir d’autres annonces.</p> : ''}
          <Pagination filters={model.filters} sort={model.sort} page={model.page} pages={model.pages} />
        </section>
      </div>
    </Layout>
  );
}
