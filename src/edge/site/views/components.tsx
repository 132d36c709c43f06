import { ENERGY_CLASSES, type EnergyClass } from '../../../domain/listing-model/model.js';
import type { FieldError } from '../../../platform/outcome.js';
import { squareMetres, plural } from '../../html/format.js';
import type { ListingCard, SearchFilters, Sort } from '../../../domain/public-listings/model.js';
import { listingPath } from '../../../domain/public-listings/visibility.js';
import { PROPERTY_TYPE_LABELS, TRANSACTION_LABELS } from '../../html/labels.js';
import { priceDisplay } from '../../../domain/public-listings/price-wording.js';
import { listingPlaceLabel } from '../../../domain/public-listings/place-paths.js';
import { searchPath } from '../search-query.js';

/** The errors of a form, above it, each a link to its field (the field shows it again). */
export { FormErrors as ErrorSummary } from '../../html/page-parts.js';

/** Attributes tying a field to its error message, when it has one. */
export function fieldState(errors: FieldError[], field: string): { error: string | undefined; attributes: Record<string, string> } {
  const error = errors.find((e) => e.field === field)?.message;
  return { error, attributes: error ? { 'aria-invalid': 'true', 'aria-describedby': `e-${field}` } : {} };
}

export function FieldMessage({ field, error }: { field: string; error: string | undefined }): JSX.Element {
  return error ? (
    <p class="field-error" id={`e-${field}`} safe>
      {error}
    </p>
  ) : (
    ''
  );
}

/** One listing in a result list, its free text already masked by the projection. */
export function ListingCardView({ card }: { card: ListingCard }): JSX.Element {
  const price = priceDisplay(card);
  const place = listingPlaceLabel(card);
  const neighborhood = card.neighborhood;
  const facts = [PROPERTY_TYPE_LABELS[card.propertyType], squareMetres(card.surface), plural(card.rooms, 'pièce', 'pièces')].join(' · ');
  return (
    <li class="card">
      {card.photo ? (
        <img
          src={card.photo.url}
          alt={card.photo.label ?? ''}
          loading="lazy"
          decoding="async"
          referrerpolicy="no-referrer"
          width="400"
          height="300"
        />
      ) : (
        <div class="nophoto" aria-hidden="true"></div>
      )}
      <div class="body">
        <h3>
          <a href={listingPath(card.serviceId)} safe>
            {card.title}
          </a>
        </h3>
        <p class="price" safe>
          {price.headline}
        </p>
        <p class="facts" safe>
          {facts}
        </p>
        <p class="facts">
          <span safe>{place}</span>
          {neighborhood ? <span safe>{` · ${neighborhood}`}</span> : ''}
        </p>
        <p class="facts">
          <span safe>{TRANSACTION_LABELS[card.transaction]}</span>
          {card.dpe ? <span safe>{` · DPE ${card.dpe}`}</span> : ''}
          {card.status === 'under_offer' ? ' · ' : ''}
          {card.status === 'under_offer' ? <span class="badge">Sous offre</span> : ''}
        </p>
      </div>
    </li>
  );
}

/** Numbered pages around the current one, with the first and the last. */
export function Pagination({
  filters,
  sort,
  page,
  pages,
}: {
  filters: SearchFilters;
  sort: Sort;
  page: number;
  pages: number;
}): JSX.Element {
  if (pages <= 1) return '';
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  const items: JSX.Element[] = [];
  if (page > 1)
    items.push(
      <li>
        <a href={searchPath(filters, sort, page - 1)} rel="prev">
          Précédente
        </a>
      </li>,
    );
  shown.forEach((n, i) => {
    if (i > 0 && n - shown[i - 1]! > 1)
      items.push(
        <li>
          <span aria-hidden="true">…</span>
        </li>,
      );
    items.push(
      <li>
        {n === page ? (
          <span aria-current="page">{n}</span>
        ) : (
          <a href={searchPath(filters, sort, n)} aria-label={`Page ${n}`}>
            {n}
          </a>
        )}
      </li>,
    );
  });
  if (page < pages)
    items.push(
      <li>
        <a href={searchPath(filters, sort, page + 1)} rel="next">
          Suivante
        </a>
      </li>,
    );
  return (
    <nav class="pages" aria-label="Pages de résultats">
      <ol>{items}</ol>
    </nav>
  );
}

const ENERGY_TITLES = { dpe: 'Diagnostic de performance énergétique (DPE)', ges: 'Émissions de gaz à effet de serre (GES)' } as const;
const ENERGY_ENDS = {
  dpe: ['Logement économe', 'Logement énergivore'],
  ges: ['Peu d’émissions de CO₂', 'Émissions de CO₂ très importantes'],
} as const;

/** The usual A–G scale, bars widening from A to G, the listing's class marked. */
export function EnergyScale({ kind, value }: { kind: 'dpe' | 'ges'; value: EnergyClass | null }): JSX.Element {
  const caption = value ? `${ENERGY_TITLES[kind]} : classe ${value}` : `${ENERGY_TITLES[kind]} : non communiqué`;
  return (
    <figure class={`energy ${kind}`}>
      <figcaption>
        <strong safe>{caption}</strong>
      </figcaption>
      {value ? (
        <>
          <p class="legal">{ENERGY_ENDS[kind][0]}</p>
          <ol aria-hidden="true">
            {ENERGY_CLASSES.map((letter) => (
              <li aria-current={letter === value ? 'true' : undefined} data-label={`classe ${letter}`}>
                <span class={`bar ${letter}`}>{letter}</span>
              </li>
            ))}
          </ol>
          <p class="legal">{ENERGY_ENDS[kind][1]}</p>
        </>
      ) : (
        ''
      )}
    </figure>
  );
}
