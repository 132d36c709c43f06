import { Layout } from '../../html/layout.js';
import type { ListingCard } from '../../../domain/public-listings/model.js';
import { siteJsonLd } from '../seo.js';
import { ListingCardView } from './components.js';
import { SearchForm } from './search-form.js';
import { PlaceLinks, type CountedPlace } from './place-pages.js';
import { PLACES_PATH } from '../../../domain/public-listings/place-paths.js';

export function HomePage({
  latest,
  departments,
  siteUrl,
}: {
  latest: ListingCard[];
  /** The départements with the most listings, largest first. */
  departments: CountedPlace[];
  siteUrl: string;
}): JSX.Element {
  return (
    <Layout
      meta={{
        title: 'Maisons et appartements à vendre et à louer',
        description: 'Annonces immobilières des agences : achat, location et viager. Cherchez par ville, prix, surface et classe énergie.',
        canonical: `${siteUrl}/`,
        jsonLd: siteJsonLd(siteUrl),
      }}
    >
      <section class="hero" aria-labelledby="titre">
        <h1 id="titre">Trouvez votre prochain logement</h1>
        <SearchForm typed={{}} errors={[]} full={false} />
      </section>
      <section aria-labelledby="dernieres">
        <h2 id="dernieres">Dernières annonces</h2>
        {latest.length ? (
          <ul class="cards">
            {latest.map((card) => (
              <ListingCardView card={card} />
            ))}
          </ul>
        ) : (
          <p>Aucune annonce n’est en ligne pour le moment.</p>
        )}
        <p>
          <a href="/listings">Voir toutes les annonces</a>
        </p>
      </section>
      {departments.length ? (
        <section aria-labelledby="departements">
          <h2 id="departements">Immobilier par département</h2>
          <PlaceLinks places={departments} label="Départements qui comptent le plus d’annonces" />
          <p>
            <a href={PLACES_PATH}>Tous les départements</a>
          </p>
        </section>
      ) : (
        ''
      )}
    </Layout>
  );
}
