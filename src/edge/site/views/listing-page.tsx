import type { FieldError } from '../../../platform/outcome.js';
import { frenchDate, squareMetres } from '../../html/format.js';
import { Layout } from '../../html/layout.js';
import type { PublicListing } from '../../../domain/public-listings/model.js';
import { floorLabel, PROPERTY_TYPE_LABELS, TRANSACTION_LABELS } from '../../html/labels.js';
import { priceDisplay } from '../../../domain/public-listings/price-wording.js';
import { listingDescription, listingJsonLd, listingSummary } from '../seo.js';
import { listingPlaces } from '../../../domain/public-listings/place-paths.js';
import { PlaceCrumbs } from './place-pages.js';
import { placeLabel } from '../../../domain/geography/index.js';
import { searchPath } from '../search-query.js';
import { EnergyScale } from './components.js';
import { Gallery } from './gallery.js';
import { GEORISQUES_ADDRESS, GEORISQUES_SENTENCE, legalBlocks, type LegalBlocks } from '../legal-mentions.js';
import { ContactForm, type ContactValues } from './contact-form.js';
import { showsMask } from '../../../domain/public-listings/projection.js';
import { MASK_TEXT } from '../../../domain/masking/mask.js';

function MentionList({ lines, label }: { lines: string[]; label: string }): JSX.Element {
  if (lines.length === 0) return <></>;
  return (
    <ul aria-label={label}>
      {lines.map((line) => (
        <li safe>{line}</li>
      ))}
    </ul>
  );
}

/** The classes the law calls "logement à consommation énergétique excessive" (loi Climat et résilience). */
const EXCESSIVE = new Set(['F', 'G']);

/** The facts of the listing, term and value, as the "Caractéristiques" list shows them. */
function listingFacts(listing: PublicListing, kind: string): Array<[string, string]> {
  const { content } = listing;
  const neighborhood = content.neighborhood;
  const facts: Array<[string, string]> = [
    ['Transaction', TRANSACTION_LABELS[content.transaction]],
    ['Type de bien', kind],
    ['Surface', squareMetres(content.surface)],
    ['Pièces', String(content.rooms)],
  ];
  if (content.bedrooms !== null) facts.push(['Chambres', String(content.bedrooms)]);
  if (content.floor !== null) facts.push(['Étage', floorLabel(content.floor)]);
  facts.push(['Ville', placeLabel(content.location, content.city)], ['Code postal', content.postcode]);
  if (neighborhood) facts.push(['Quartier', neighborhood]);
  facts.push(['En ligne depuis le', frenchDate(listing.firstPublishedAt)]);
  return facts;
}

/** The facts and the equipment. */
function FactsSection({ facts, features }: { facts: Array<[string, string]>; features: string[] }): JSX.Element {
  return (
    <section aria-labelledby="caracteristiques">
      <h2 id="caracteristiques">Caractéristiques</h2>
      <dl class="facts-list">
        {facts.map(([term, value]) => (
          <>
            <dt safe>{term}</dt>
            <dd safe>{value}</dd>
          </>
        ))}
      </dl>
      {features.length ? (
        <>
          <h3>Équipements</h3>
          <ul>
            {features.map((feature) => (
              <li safe>{feature}</li>
            ))}
          </ul>
        </>
      ) : (
        ''
      )}
    </section>
  );
}

/** The energy classes, values and yearly cost, and the legal warning of an excessive consumption. */
function EnergySection({ content, legal }: { content: PublicListing['content']; legal: LegalBlocks }): JSX.Element {
  return (
    <section aria-labelledby="energie">
      <h2 id="energie">Performance énergétique</h2>
      <EnergyScale kind="dpe" value={content.dpe} />
      <EnergyScale kind="ges" value={content.ges} />
      {legal.energyValues.map((line) => (
        <p safe>{line}</p>
      ))}
      {legal.energyCost ? (
        <p class="energy-cost" safe>
          {legal.energyCost}
        </p>
      ) : (
        ''
      )}
      {content.dpe && EXCESSIVE.has(content.dpe) ? <p class="excessive">Logement à consommation énergétique excessive</p> : ''}
    </section>
  );
}

/** The legal information of a rental, a rent control, a life annuity and the risks, when there is some. */
function LegalMentionsSection({ legal }: { legal: LegalBlocks }): JSX.Element {
  if (legal.rental.length + legal.rentControl.length + legal.lifeAnnuity.length === 0 && !legal.georisques) return '';
  return (
    <section aria-labelledby="mentions">
      <h2 id="mentions">Informations légales</h2>
      <MentionList lines={legal.rental} label="Location" />
      <MentionList lines={legal.rentControl} label="Encadrement des loyers" />
      {legal.georisques ? (
        <p>
          {GEORISQUES_SENTENCE} <a href={`https://${GEORISQUES_ADDRESS}`}>{GEORISQUES_ADDRESS}</a>
        </p>
      ) : (
        ''
      )}
      <MentionList lines={legal.lifeAnnuity} label="Viager" />
    </section>
  );
}

/** The mark with no-break spaces: a narrow screen wraps the sentence around it, never inside it. */
const UNBREAKABLE_MARK = MASK_TEXT.replaceAll(' ', '\u00a0');
const unbreakableMarks = (text: string) => text.replaceAll(MASK_TEXT, UNBREAKABLE_MARK);

/**
 * What the mark left by masking means, said once under the description whatever the number of
 * marks on the page (docs/decisions.md §8), and the way to reach the agency instead.
 */
const MASK_MEANING = `« ${unbreakableMarks(MASK_TEXT)} » remplace les coordonnées écrites dans l’annonce (téléphone, e-mail, site web), que ce site ne publie pas.`;

function MaskNote(): JSX.Element {
  return (
    <p class="legal">
      <span safe>{MASK_MEANING}</span> Pour joindre l’agence, utilisez le <a href="#contact">formulaire de contact</a> de cette page.
    </p>
  );
}

/**
 * Home, then the pages of the listing's département and commune when it is placed; else the
 * search of its typed city.
 */
function Breadcrumb({ content }: { content: PublicListing['content'] }): JSX.Element {
  const places = listingPlaces(content.location);
  const placed = places.at(-1)?.kind === 'commune';
  const citySearch = searchPath({ city: content.city, transaction: content.transaction });
  return (
    <nav aria-label="Fil d’Ariane" class="legal">
      <a href="/">Accueil</a>
      <PlaceCrumbs places={places} />
      {placed ? (
        ''
      ) : (
        <>
          {' › '}
          <a href={citySearch} safe>{`${TRANSACTION_LABELS[content.transaction]} à ${content.city}`}</a>
        </>
      )}
    </nav>
  );
}

export function ListingPage({
  listing,
  canonical,
  contact,
}: {
  listing: PublicListing;
  canonical: string;
  contact: { values: ContactValues; errors: FieldError[] };
}): JSX.Element {
  const { content } = listing;
  const price = priceDisplay(content);
  const legal = legalBlocks(content);
  const kind = PROPERTY_TYPE_LABELS[content.propertyType];
  // The projection masked the free text already (domain/public-listings/projection.ts).
  const summary = listingSummary(listing);
  const facts = listingFacts(listing, kind);
  return (
    <Layout
      meta={{
        // A refused message says so in the tab's title too, the first thing a screen reader reads.
        title: contact.errors.length ? `Erreur : ${listing.title}` : listing.title,
        description: listingDescription(listing),
        canonical,
        ogType: 'article',
        ogImage: content.photos[0]?.url,
        jsonLd: listingJsonLd(listing, canonical),
      }}
    >
      <Breadcrumb content={content} />
      <h1 safe>{listing.title}</h1>
      <p class="facts">
        <span safe>{summary}</span>
        {content.reference ? <span safe>{` · Réf. ${content.reference}`}</span> : ''}
        {listing.status === 'under_offer' ? ' ' : ''}
        {listing.status === 'under_offer' ? <span class="badge">Sous offre</span> : ''}
      </p>
      <p class="price">
        <span safe>{price.headline}</span> · <a href="#contact">Contacter l’agence</a>
      </p>
      <div class="detail">
        <div>
          <Gallery photos={content.photos} />
          <section aria-labelledby="prix">
            <h2 id="prix">Prix</h2>
            <ul>
              {price.details.map((line) => (
                <li safe>{line}</li>
              ))}
            </ul>
          </section>
          <FactsSection facts={facts} features={content.features} />
          {listing.description ? (
            <section aria-labelledby="description">
              <h2 id="description">Description</h2>
              <p class="description" safe>
                {unbreakableMarks(listing.description)}
              </p>
            </section>
          ) : (
            ''
          )}
          {showsMask(listing) ? <MaskNote /> : ''}
          <EnergySection content={content} legal={legal} />
          <LegalMentionsSection legal={legal} />
          <p class="legal">
            Annonce publiée par <strong safe>{listing.agencyName}</strong>.
          </p>
        </div>
        <aside class="contact" aria-labelledby="contact">
          <h2 id="contact">Contacter l’agence</h2>
          <ContactForm serviceId={listing.serviceId} values={contact.values} errors={contact.errors} />
        </aside>
      </div>
    </Layout>
  );
}
