import { Csrf, FormErrors } from '../page-parts.js';

/** The pages of an account's address, in either space's frame (docs/accounts.md). */

/**
 * A link mailed to an account opens this page first: one button that does what the link is for.
 * Opening the link does nothing by itself, so a mail client that fetches links changes nothing.
 */
export function LinkConfirmForm({
  action,
  csrf,
  title,
  text,
  button,
}: {
  action: string;
  csrf: string;
  title: string;
  text: string;
  button: string;
}): JSX.Element {
  return (
    <>
      <h1 safe>{title}</h1>
      <p safe>{text}</p>
      <form method="post" action={action} class="narrow">
        <Csrf token={csrf} />
        <button type="submit" safe>
          {button}
        </button>
      </form>
    </>
  );
}

/** An account page's message: a title, what happened, and where to go next. */
export function AccountMessage({ title, text, next }: { title: string; text: string; next: { href: string; label: string } }): JSX.Element {
  return (
    <>
      <h1 safe>{title}</h1>
      <p safe>{text}</p>
      <p>
        <a href={next.href} safe>
          {next.label}
        </a>
      </p>
    </>
  );
}

/** Asks for the new address and the current password; the change waits for the link mailed to the new address. */
export function AddressChangeForm({
  action,
  csrf,
  current,
  typed,
  errors,
}: {
  action: string;
  csrf: string;
  current: string;
  typed: string;
  errors: Array<{ field: string; message: string }>;
}): JSX.Element {
  return (
    <>
      <h1>Changer d’adresse e-mail</h1>
      <p
        safe
      >{`Adresse actuelle : ${current}. Nous envoyons un lien à la nouvelle adresse : elle ne remplace l’actuelle qu’une fois ce lien suivi. L’adresse actuelle est prévenue de la demande.`}</p>
      <FormErrors errors={errors} title="L’adresse n’a pas été changée. Corrigez :" />
      <form method="post" action={action} class="narrow" novalidate>
        <Csrf token={csrf} />
        <LabelledInput name="email" label="Nouvelle adresse e-mail" type="email" autocomplete="email" value={typed} errors={errors} />
        <LabelledInput
          name="password"
          label="Mot de passe actuel"
          type="password"
          autocomplete="current-password"
          value=""
          errors={errors}
        />
        <button type="submit">Envoyer le lien de confirmation</button>
      </form>
    </>
  );
}

/** A labelled input with its hint and its error, tied to it for screen readers (`f-<name>`, `h-<name>`, `e-<name>`). */
export function LabelledInput({
  name,
  label,
  type,
  autocomplete,
  value,
  errors,
  hint,
}: {
  name: string;
  label: string;
  type: string;
  autocomplete: string;
  value: string;
  errors: Array<{ field: string; message: string }>;
  /** What the field expects, read before it (`h-<name>`). */
  hint?: string;
}): JSX.Element {
  const error = errors.find((e) => e.field === name)?.message;
  return (
    <div>
      <label for={`f-${name}`} safe>
        {label}
      </label>
      {hint ? (
        <p class="legal" id={`h-${name}`} safe>
          {hint}
        </p>
      ) : (
        ''
      )}
      <input
        id={`f-${name}`}
        name={name}
        type={type}
        autocomplete={autocomplete}
        required
        value={type === 'password' ? '' : value.slice(0, 300)}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={[error ? `e-${name}` : '', hint ? `h-${name}` : ''].filter(Boolean).join(' ') || undefined}
      />
      {error ? (
        <p class="field-error" id={`e-${name}`} safe>
          {error}
        </p>
      ) : (
        ''
      )}
    </div>
  );
}
