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
  const error = (field: string) => errors.find((e) => e.field === field)?.message;
  const emailError = error('email');
  const passwordError = error('password');
  return (
    <>
      <h1>Changer d’adresse e-mail</h1>
      <p
        safe
      >{`Adresse actuelle : ${current}. Nous envoyons un lien à la nouvelle adresse : elle ne remplace l’actuelle qu’une fois ce lien suivi. L’adresse actuelle est prévenue de la demande.`}</p>
      <FormErrors errors={errors} title="L’adresse n’a pas été changée. Corrigez :" />
      <form method="post" action={action} class="narrow" novalidate>
        <Csrf token={csrf} />
        <div>
          <label for="f-email">Nouvelle adresse e-mail</label>
          <input
            id="f-email"
            name="email"
            type="email"
            autocomplete="email"
            required
            value={typed.slice(0, 300)}
            aria-invalid={emailError ? 'true' : undefined}
            aria-describedby={emailError ? 'e-email' : undefined}
          />
          {emailError ? (
            <p class="field-error" id="e-email" safe>
              {emailError}
            </p>
          ) : (
            ''
          )}
        </div>
        <div>
          <label for="f-password">Mot de passe actuel</label>
          <input
            id="f-password"
            name="password"
            type="password"
            autocomplete="current-password"
            required
            aria-invalid={passwordError ? 'true' : undefined}
            aria-describedby={passwordError ? 'e-password' : undefined}
          />
          {passwordError ? (
            <p class="field-error" id="e-password" safe>
              {passwordError}
            </p>
          ) : (
            ''
          )}
        </div>
        <button type="submit">Envoyer le lien de confirmation</button>
      </form>
    </>
  );
}
