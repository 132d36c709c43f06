import type { Children } from '@kitajs/html';
import { ENERGY_CLASSES, PROPERTY_TYPES, TRANSACTIONS, type EnergyClass } from '../../../domain/listing-model/model.js';
import type { FieldError } from '../../../platform/outcome.js';
import { squareMetres, plural } from '../../html/format.js';
import { KEYWORDS_MAX, SORTS, type ListingCard, type SearchFilters, type Sort } from '../../../domain/public-listings/model.js';
import { listingPath } from '../../../domain/public-listings/visibility.js';
import { PROPERTY_TYPE_LABELS, SORT_LABELS, TRANSACTION_CHOICES, TRANSACTION_LABELS } from '../../html/labels.js';
import { priceDisplay } from '../price-display.js';
import { listingPlaceLabel } from '../../../domain/public-listings/place-paths.js';
import { searchPath, type SearchField } from '../search-query.js';
import { CommuneSuggestions } from './commune-field.js';
import { inDepartment, inRegion } from '../../../domain/geography/index.js';

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

type Typed = Partial<Record<SearchField, string>>;

/** A labelled field of the search form, with its message when the value was refused. */
function Field({
  field,
  label,
  error,
  children,
}: {
  field: SearchField;
  label: string;
  error: string | undefined;
  children: Children;
}): JSX.Element {
  return (
    <div>
      <label for={`f-${field}`} safe>
        {label}
      </label>
      {children}
      <FieldMessage field={field} error={error} />
    </div>
  );
}

function Choice({
  field,
  label,
  typed,
  errors,
  options,
  any,
}: {
  field: SearchField;
  label: string;
  typed: Typed;
  errors: FieldError[];
  options: Array<[string, string]>;
  any?: string;
}): JSX.Element {
  const { error, attributes } = fieldState(errors, field);
  return (
    <Field field={field} label={label} error={error}>
      <select id={`f-${field}`} name={field} {...attributes}>
        {any === undefined ? (
          ''
        ) : (
          <option value="" safe>
            {any}
          </option>
        )}
        {options.map(([value, text]) => (
          <option value={value} selected={typed[field] === value} safe>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}

function TextField({
  field,
  label,
  typed,
  errors,
  numeric,
  hint,
  maxLength = 100,
}: {
  field: SearchField;
  label: string;
  typed: Typed;
  errors: FieldError[];
  numeric?: boolean;
  hint?: string;
  maxLength?: number;
}): JSX.Element {
  const { error, attributes } = fieldState(errors, field);
  return (
    <Field field={field} label={label} error={error}>
      <input
        id={`f-${field}`}
        name={field}
        type="text"
        value={typed[field] ?? ''}
        inputmode={numeric ? 'numeric' : undefined}
        placeholder={hint}
        maxlength={String(maxLength)}
        {...attributes}
      />
    </Field>
  );
}

/**
 * The search form, a plain GET to /listings that works without script. The home page shows
 * the main fields; the results page shows every filter and the sort.
 */
export function SearchForm({ typed, errors, full }: { typed: Typed; errors: FieldError[]; full: boolean }): JSX.Element {
  const transactions = TRANSACTIONS.map((t): [string, string] => [t, TRANSACTION_CHOICES[t]]);
  const categories = PROPERTY_TYPES.map((t): [string, string] => [t, PROPERTY_TYPE_LABELS[t]]);
  return (
    <form class="search" method="get" action="/listings" role="search" aria-label="Rechercher une annonce">
      <Choice field="transaction" label="Projet" typed={typed} errors={errors} options={transactions} any="Tous les projets" />
      <Choice field="category" label="Type de bien" typed={typed} errors={errors} options={categories} any="Tous les biens" />
      <CommuneSuggestions>
        <TextField field="city" label="Ville" typed={typed} errors={errors} hint="Lyon" />
      </CommuneSuggestions>
      <TextField field="postcode" label="Code postal ou département" typed={typed} errors={errors} hint="69003 ou 69" />
      <AreaKept typed={typed} />
      <TextField field="q" label="Mots-clés" typed={typed} errors={errors} hint="balcon, parquet" maxLength={KEYWORDS_MAX} />
      {full ? <TextField field="priceMin" label="Prix minimum (€)" typed={typed} errors={errors} numeric /> : ''}
      <TextField field="priceMax" label="Prix maximum (€)" typed={typed} errors={errors} numeric />
      {full ? (
        <>
          <TextField field="surfaceMin" label="Surface minimum (m²)" typed={typed} errors={errors} numeric />
          <TextField field="roomsMin" label="Pièces minimum" typed={typed} errors={errors} numeric />
          <Choice
            field="dpeMax"
            label="Classe énergie (DPE) au plus"
            typed={typed}
            errors={errors}
            options={ENERGY_CLASSES.map((c): [string, string] => [c, c === 'A' ? 'A' : `${c} ou mieux`])}
            any="Toutes les classes"
          />
          <Choice
            field="sort"
            label="Trier par"
            typed={typed}
            errors={errors}
            options={SORTS.map((s): [string, string] => [s, SORT_LABELS[s]])}
          />
        </>
      ) : (
        ''
      )}
      <div>
        <button type="submit">Rechercher</button>
      </div>
    </form>
  );
}

/**
 * A search on a département or a région (from a place page's link, or a shared address) keeps
 * it when the form is sent again, as a ticked box: untick it to search everywhere.
 */
function AreaKept({ typed }: { typed: Typed }): JSX.Element {
  const areas = [
    { field: 'departement' as const, phrase: typed.departement ? inDepartment(typed.departement) : null },
    { field: 'region' as const, phrase: typed.region ? inRegion(typed.region) : null },
  ].filter((area) => area.phrase !== null);
  return (
    <>
      {areas.map(({ field, phrase }) => (
        <div class="area">
          <input type="checkbox" id={`f-${field}`} name={field} value={typed[field]!.trim().toUpperCase()} checked />
          <label for={`f-${field}`} safe>{`Seulement ${phrase!}`}</label>
        </div>
      ))}
    </>
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
