import type { FieldError } from '../../../platform/outcome.js';
import { listingPath } from '../../../domain/public-listings/visibility.js';
import { LEAD_LIMITS } from '../../../domain/leads/lead-input.js';
import { ErrorSummary, FieldMessage, fieldState } from './components.js';

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  message: string;
}

export const EMPTY_CONTACT: ContactValues = { name: '', email: '', phone: '', message: '' };

/** Values shown again in the form, bounded so a huge post is not echoed whole. */
const shown = (text: string) => text.slice(0, 5000);

/**
 * The contact form of a listing page (docs/decisions.md §12): a plain POST that works without
 * script. The `website` field is a honeypot: hidden from people (and from screen readers),
 * filled in by form-filling robots.
 */
export function ContactForm({
  serviceId,
  values,
  errors,
}: {
  serviceId: string;
  values: ContactValues;
  errors: FieldError[];
}): JSX.Element {
  const name = fieldState(errors, 'name');
  const email = fieldState(errors, 'email');
  const phone = fieldState(errors, 'phone');
  const message = fieldState(errors, 'message');
  return (
    <form method="post" action={`${listingPath(serviceId)}/contact`} novalidate>
      <ErrorSummary errors={errors} title="Le message n’est pas parti. Corrigez :" />
      <div>
        <label for="f-name">Nom</label>
        <input
          id="f-name"
          name="name"
          type="text"
          autocomplete="name"
          required
          maxlength="100"
          value={shown(values.name)}
          {...name.attributes}
        />
        <FieldMessage field="name" error={name.error} />
      </div>
      <div>
        <label for="f-email">Adresse e-mail</label>
        <input
          id="f-email"
          name="email"
          type="email"
          autocomplete="email"
          required
          maxlength="254"
          value={shown(values.email)}
          {...email.attributes}
        />
        <FieldMessage field="email" error={email.error} />
      </div>
      <div>
        <label for="f-phone">Téléphone (facultatif)</label>
        <input id="f-phone" name="phone" type="tel" autocomplete="tel" maxlength="30" value={shown(values.phone)} {...phone.attributes} />
        <FieldMessage field="phone" error={phone.error} />
      </div>
      <div>
        <label for="f-message">Message</label>
        <textarea id="f-message" name="message" required maxlength={String(LEAD_LIMITS.message)} {...message.attributes} safe>
          {shown(values.message)}
        </textarea>
        <FieldMessage field="message" error={message.error} />
      </div>
      <div class="hp" aria-hidden="true">
        <label for="f-website">Ne remplissez pas ce champ</label>
        <input id="f-website" name="website" type="text" tabindex="-1" autocomplete="off" value="" />
      </div>
      <p class="legal">Votre message et vos coordonnées sont transmis à l’agence qui publie l’annonce, pour qu’elle vous réponde.</p>
      <button type="submit">Envoyer le message</button>
    </form>
  );
}
