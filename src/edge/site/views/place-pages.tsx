import { allDepartments } from '../../../domain/geography/index.js';
import { TRANSACTIONS, type Transaction } from '../../../domain/listing-model/model.js';
import type { Place } from '../../../domain/public-listings/place-paths.js';
import { PLACES_PATH, placeHeading } from '../../../domain/public-listings/place-paths.js';
import type { PlaceOverview } from '../../../domain/public-listings/places.js';
import { count, plural } from '../../html/format.js';
import { Layout } from '../../html/layout.js';
import { countsSentence, placeMeta } from '../seo.js';
import { ListingCardView } from './components.js';

/**
 * The pages of places (docs/site-and-spaces.md, « Pages par lieu »): a département's, a
 * commune's, the list of départements, and the French 404 of a place with no listing now.
 */

/** A place and how many public listings it has. */
export interface CountedPlace {
  place: Place;
  count: number;
}

const TRANSACTION_LINKS: Record<Transaction, string> = { sale: 'à vendre', rental: 'à louer', life_annuity_sale: 'en viager' };

/** The site's search of a place (`/listings?departement=69`, `/listings?commune=69383`), of one transaction or all. */
export function placeSearchPath(place: Place, transaction?: Transaction): string {
  const params = new URLSearchParams(place.kind === 'department' ? { departement: place.code } : { commune: place.code });
  if (transaction) params.set('transaction', transaction);
  return `/listings?${params.toString()}`;
}

/** How a breadcrumb names a place: a département with its code, a commune by its name (its département stands before it). */
const crumb = (place: Place) => (place.kind === 'department' ? place.label : place.name);

/** « › Rhône (69) › Lyon › Lyon 3e »: places of a breadcrumb, each linked to its page. */
export function PlaceCrumbs({ places }: { places: Place[] }): JSX.Element {
  return (
    <>
      {places.map((place) => (
        <>
          {' › '}
          <a href={place.path} safe>
            {crumb(place)}
          </a>
        </>
      ))}
    </>
  );
}

/** « Accueil › Immobilier par département › Rhône (69) › Lyon › Lyon 3e »: the places above this one, linked. */
function Breadcrumb({ above, place }: { above: Place[]; place: Place }): JSX.Element {
  return (
    <nav aria-label="Fil d’Ariane" class="legal">
      <a href="/">Accueil</a> › <a href={PLACES_PATH}>Immobilier par département</a>
      <PlaceCrumbs places={above} />
      {' › '}
      <span aria-current="page" safe>
        {crumb(place)}
      </span>
    </nav>
  );
}

/** Links to places, each with its count: « Lyon 3e (69) · 12 annonces ». */
export function PlaceLinks({ places, label }: { places: CountedPlace[]; label: string }): JSX.Element {
  return (
    <ul class="places" aria-label={label}>
      {places.map(({ place, count: n }) => (
        <li>
          <a href={place.path} safe>
            {place.label}
          </a>{' '}
          <span class="muted" safe>
            {plural(n, 'annonce', 'annonces')}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The page's search links: every listing of the place, then each transaction it has. */
function SearchLinks({ place, counts }: { place: Place; counts: PlaceOverview['counts'] }): JSX.Element {
  const offered = TRANSACTIONS.filter((t) => counts[t] > 0);
  return (
    <ul class="places" aria-label="Rechercher dans ce secteur">
      <li>
        <a href={placeSearchPath(place)} safe>
          {counts.total === 1 ? 'Voir l’annonce' : `Voir les ${count(counts.total)} annonces`}
        </a>
      </li>
      {offered.length > 1
        ? offered.map((t) => (
            <li>
              <a href={placeSearchPath(place, t)} safe>
                {`${plural(counts[t], 'annonce', 'annonces')} ${TRANSACTION_LINKS[t]}`}
              </a>
            </li>
          ))
        : ''}
    </ul>
  );
}

export interface PlacePageModel {
  place: Place;
  /** The places above it, from the largest: a commune's département, an arrondissement's city. */
  above: Place[];
  overview: PlaceOverview;
  /** A département's communes, a city's arrondissements, with listings. */
  within: CountedPlace[];
  canonical: string;
}

export function PlacePage({ place, above, overview, within, canonical }: PlacePageModel): JSX.Element {
  const meta = placeMeta(place, overview.counts);
  const withinTitle = place.kind === 'department' ? 'Communes du département' : 'Arrondissements';
  return (
    <Layout meta={{ ...meta, canonical }}>
      <Breadcrumb above={above} place={place} />
      <h1 safe>{placeHeading(place)}</h1>
      <p class="count" safe>
        {countsSentence(overview.counts)}
      </p>
      <SearchLinks place={place} counts={overview.counts} />
      <section aria-labelledby="dernieres">
        <h2 id="dernieres">Dernières annonces</h2>
        <ul class="cards">
          {overview.newest.map((card) => (
            <ListingCardView card={card} />
          ))}
        </ul>
      </section>
      {within.length ? (
        <section aria-labelledby="secteurs">
          <h2 id="secteurs">{withinTitle}</h2>
          <PlaceLinks places={within} label={withinTitle} />
        </section>
      ) : (
        ''
      )}
    </Layout>
  );
}

/** A place the official list knows, with no public listing now: said so, with the ways on (404). */
export function NoListingsPage({ place, above }: { place: Place; above: Place[] }): JSX.Element {
  const title = `Aucune annonce en ligne : ${place.label}`;
  return (
    <Layout meta={{ title, description: title, noindex: true }}>
      <Breadcrumb above={above} place={place} />
      <h1 safe>{title}</h1>
      <p>Aucune agence ne publie d’annonce ici pour le moment. Les biens proches vous intéresseront peut-être.</p>
      <ul class="places">
        {above.map((up) => (
          <li>
            <a href={up.path} safe>
              {placeHeading(up)}
            </a>
          </li>
        ))}
        <li>
          <a href={PLACES_PATH}>Immobilier par département</a>
        </li>
        <li>
          <a href="/listings">Toutes les annonces</a>
        </li>
      </ul>
    </Layout>
  );
}

/** /immobilier: every département with listings. */
export function DepartmentsPage({ departments, canonical }: { departments: CountedPlace[]; canonical: string }): JSX.Element {
  const order = new Map(allDepartments().map((d, i) => [d.code, i]));
  const byCode = [...departments].sort((a, b) => order.get(a.place.code)! - order.get(b.place.code)!);
  return (
    <Layout
      meta={{
        title: 'Immobilier par département',
        description: 'Les annonces immobilières des agences, département par département : à vendre, à louer et en viager.',
        canonical,
      }}
    >
      <nav aria-label="Fil d’Ariane" class="legal">
        <a href="/">Accueil</a> › <span aria-current="page">Immobilier par département</span>
      </nav>
      <h1>Immobilier par département</h1>
      {byCode.length ? <PlaceLinks places={byCode} label="Départements" /> : <p>Aucune annonce n’est en ligne pour le moment.</p>}
    </Layout>
  );
}
