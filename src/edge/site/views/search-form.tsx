import type { Children } from '@kitajs/html';
import { ENERGY_CLASSES, PROPERTY_TYPES, TRANSACTIONS } from '../../../domain/listing-model/model.js';
import type { FieldError } from '../../../platform/outcome.js';
import { KEYWORDS_MAX, SORTS } from '../../../domain/public-listings/model.js';
import { PROPERTY_TYPE_LABELS, SORT_LABELS, TRANSACTION_CHOICES } from '../../html/labels.js';
import type { SearchField } from '../search-query.js';
import { CommuneSuggestions } from './commune-field.js';
import { inDepartment, inRegion } from '../../../domain/geography/index.js';
import { FieldMessage, fieldState } from './components.js';

/** The search form of the home and results pages: every field keeps what the visitor typed, with its message when refused. */

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
        <label class="check">
          <input type="checkbox" name={field} value={typed[field]!.trim().toUpperCase()} checked />
          <span safe>{`Seulement ${phrase!}`}</span>
        </label>
      ))}
    </>
  );
}
