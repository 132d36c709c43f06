import { ALERTS_PATH } from '../../../domain/alerts/links.js';
import { ALERT_FREQUENCIES, type AlertFrequency } from '../../../domain/alerts/alert-model.js';
import type { SearchFilters } from '../../../domain/public-listings/model.js';
import type { FieldError } from '../../../platform/outcome.js';
import { searchPath } from '../search-query.js';
import { FieldMessage, fieldState } from './components.js';

export interface AlertFormValues {
  email: string;
  frequency: AlertFrequency;
}

export const EMPTY_ALERT: AlertFormValues = { email: '', frequency: 'immediate' };

const CHOICES: Record<AlertFrequency, string> = {
  immediate: 'Dès leur publication',
  daily: 'Une fois par jour, à 8 h',
};

/** The search's hidden fields: its results page's own parameters, read back by the same parser. */
const hiddenFields = (filters: SearchFilters) => [...new URLSearchParams(searchPath(filters).split('?')[1] ?? '').entries()];

/**
 * The alert form (docs/decisions.md §18): a plain POST to /alerts that works without script,
 * carrying the search in hidden fields, an e-mail and a frequency. The `website` field is a
 * honeypot, as on the contact form. Nothing is sent until the visitor confirms by mail.
 */
export function AlertForm({
  filters,
  values,
  errors,
}: {
  filters: SearchFilters;
  values: AlertFormValues;
  errors: FieldError[];
}): JSX.Element {
  const email = fieldState(errors, 'email');
  const frequency = fieldState(errors, 'frequency');
  return (
    <form class="alert" method="post" action={ALERTS_PATH} novalidate>
      {hiddenFields(filters).map(([name, value]) => (
        <input type="hidden" name={name} value={value} />
      ))}
      <div>
        <label for="f-email">Votre adresse e-mail</label>
        <input
          id="f-email"
          name="email"
          type="email"
          autocomplete="email"
          required
          maxlength="254"
          value={values.email.slice(0, 254)}
          {...email.attributes}
        />
        <FieldMessage field="email" error={email.error} />
      </div>
      <fieldset aria-describedby={frequency.error ? 'e-frequency' : undefined}>
        <legend>Fréquence des e-mails</legend>
        {ALERT_FREQUENCIES.map((choice, i) => (
          <label class="check">
            <input
              type="radio"
              name="frequency"
              value={choice}
              id={i === 0 ? 'f-frequency' : `f-frequency-${choice}`}
              checked={values.frequency === choice}
            />
            <span safe>{CHOICES[choice]}</span>
          </label>
        ))}
        <FieldMessage field="frequency" error={frequency.error} />
      </fieldset>
      <div class="hp" aria-hidden="true">
        <label for="f-website">Ne remplissez pas ce champ</label>
        <input id="f-website" name="website" type="text" tabindex="-1" autocomplete="off" value="" />
      </div>
      <p class="legal">
        Un e-mail vous demandera de confirmer : rien n’est envoyé avant. Chaque e-mail d’alerte permet de se désabonner en un clic.
      </p>
      <button type="submit">Créer l’alerte</button>
    </form>
  );
}

/**
 * The alert form as a results page shows it: folded under the filters, so that it takes one
 * line until a visitor opens it (no script: a details element).
 */
export const AlertBox = ({ filters }: { filters: SearchFilters }) => (
  <details class="alert-box">
    <summary>Recevoir les nouvelles annonces par e-mail</summary>
    <AlertForm filters={filters} values={EMPTY_ALERT} errors={[]} />
  </details>
);
