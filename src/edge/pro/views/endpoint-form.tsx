import { Csrf, FormErrors } from '../../html/page-parts.js';
import type { FieldError } from '../../../platform/outcome.js';
import { WEBHOOK_EVENT_TYPES } from '../../../domain/webhooks/delivery-policy.js';

/** The event types in words. */
export const EVENT_LABELS: Record<(typeof WEBHOOK_EVENT_TYPES)[number], string> = {
  'listing.created': 'annonce créée',
  'listing.updated': 'annonce modifiée',
  'listing.status_changed': 'statut commercial changé',
  'listing.deleted': 'annonce supprimée',
  'listing.published': 'annonce publiée',
  'listing.rejected': 'annonce refusée',
  'lead.received': 'nouveau contact',
  'lead.message_received': 'nouveau message d’un contact',
  'webhook.test': 'message de test',
};

/** What the add form shows again after a refusal: the values typed and the message of each field. */
export interface EndpointFormState {
  url: string;
  description: string;
  env: 'live' | 'test';
  events: readonly string[];
  errors: FieldError[];
}
export const EMPTY_FORM: EndpointFormState = { url: '', description: '', env: 'live', events: [], errors: [] };

/** A field's message under it, tied to it for screen readers. */
function FieldMessage({ field, errors }: { field: string; errors: FieldError[] }): JSX.Element {
  const message = errors.find((error) => error.field === field)?.message;
  return message ? (
    <p class="field-error" id={`e-${field}`} safe>
      {message}
    </p>
  ) : (
    ''
  );
}
const invalid = (field: string, errors: FieldError[]) =>
  errors.some((error) => error.field === field) ? { 'aria-invalid': 'true', 'aria-describedby': `e-${field}` } : {};

/** The form that adds an endpoint, with the values and messages of a refused attempt. */
export function EndpointForm({ csrf, form }: { csrf: string; form: EndpointFormState }): JSX.Element {
  return (
    <form method="post" action="/pro/webhooks" class="stack">
      <h2>Ajouter un point de réception</h2>
      <FormErrors errors={form.errors} title="Le point de réception n’a pas été ajouté. Corrigez :" />
      <Csrf token={csrf} />
      <label for="f-url">Adresse (https://)</label>
      <input
        id="f-url"
        name="url"
        type="url"
        required
        maxlength="2000"
        placeholder="https://crm.exemple.fr/webhooks"
        value={form.url}
        {...invalid('url', form.errors)}
      />
      <FieldMessage field="url" errors={form.errors} />
      <label for="f-description">Description (facultative)</label>
      <input id="f-description" name="description" type="text" maxlength="500" value={form.description} />
      <fieldset id="f-env" {...invalid('env', form.errors)}>
        <legend>Environnement</legend>
        <label class="check">
          <input type="radio" name="env" value="live" checked={form.env === 'live'} /> LIVE : vos vraies annonces
        </label>
        <label class="check">
          <input type="radio" name="env" value="test" checked={form.env === 'test'} /> TEST : le bac à sable (http:// accepté)
        </label>
        <FieldMessage field="env" errors={form.errors} />
      </fieldset>
      <fieldset>
        <legend>Événements envoyés (aucun coché : tous)</legend>
        {WEBHOOK_EVENT_TYPES.filter((type) => type !== 'webhook.test').map((type) => (
          <label class="check">
            <input type="checkbox" name="events" value={type} checked={form.events.includes(type)} />{' '}
            <span safe>{`${EVENT_LABELS[type]} (${type})`}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit">Ajouter</button>
    </form>
  );
}
