import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/credentials/password.js';
import type { FieldError } from '../../../platform/outcome.js';
import { Csrf, Flash, FormErrors } from '../page-parts.js';
import { SignInForm } from '../sign-in-form.js';

/**
 * The password pages both spaces share (docs/accounts.md): « Mot de passe oublié », the page a
 * reset link opens, and the change on the account page. Each is the inside of the space's frame.
 */

const NEW_PASSWORD_HINT = `${PASSWORD_MIN} caractères au moins. Une suite de quatre ou cinq mots sans rapport entre eux fait un bon mot de passe, facile à retenir.`;

function PasswordField(props: { name: string; label: string; autocomplete: string; errors: FieldError[]; hint?: string }): JSX.Element {
  const error = props.errors.find((e) => e.field === props.name)?.message;
  const described = [error ? `e-${props.name}` : '', props.hint ? `h-${props.name}` : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label for={`f-${props.name}`} safe>
        {props.label}
      </label>
      {props.hint ? (
        <p class="legal" id={`h-${props.name}`} safe>
          {props.hint}
        </p>
      ) : (
        ''
      )}
      <input
        id={`f-${props.name}`}
        name={props.name}
        type="password"
        autocomplete={props.autocomplete}
        required
        maxlength={String(PASSWORD_MAX)}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={described || undefined}
      />
      {error ? (
        <p class="field-error" id={`e-${props.name}`} safe>
          {error}
        </p>
      ) : (
        ''
      )}
    </div>
  );
}

/** The new password, typed twice. */
const NewPasswordFields = ({ errors }: { errors: FieldError[] }) => (
  <>
    <PasswordField name="password" label="Nouveau mot de passe" autocomplete="new-password" errors={errors} hint={NEW_PASSWORD_HINT} />
    <PasswordField name="confirmation" label="Le même, une seconde fois" autocomplete="new-password" errors={errors} />
  </>
);

/** « Mot de passe oublié » : the address to send a link to; once sent, the same words whoever owns it. */
export function ForgotPasswordView(props: { base: string; csrf: string; email: string; errors: FieldError[]; sentTo: string | null }) {
  return (
    <>
      <h1>Mot de passe oublié</h1>
      {props.sentTo === null ? (
        <p>Indiquez l’adresse e-mail de votre compte : nous y envoyons un lien pour choisir un nouveau mot de passe.</p>
      ) : (
        <p class="notice ok" role="status" safe>
          {`Si un compte existe à l’adresse ${props.sentTo}, un e-mail vient d’y partir avec un lien valable une heure. Pensez à regarder dans les courriers indésirables.`}
        </p>
      )}
      <FormErrors errors={props.errors} title="Le lien n’a pas été envoyé :" />
      <form method="post" action={`${props.base}/password/forgot`} class="narrow" novalidate>
        <Csrf token={props.csrf} />
        <div>
          <label for="f-email">Adresse e-mail</label>
          <input id="f-email" name="email" type="email" autocomplete="username" required maxlength="254" value={props.email} />
        </div>
        <button type="submit">{props.sentTo === null ? 'Envoyer le lien' : 'Envoyer un nouveau lien'}</button>
      </form>
      <p>
        <a href={`${props.base}/login`}>Retour à la connexion</a>
      </p>
    </>
  );
}

/** The page a live reset link opens: the new password, twice. */
export function ResetPasswordView(props: { base: string; token: string; csrf: string; errors: FieldError[] }) {
  return (
    <>
      <h1>Choisir un nouveau mot de passe</h1>
      <p>Vos sessions ouvertes seront fermées : vous vous connecterez ensuite avec le nouveau mot de passe.</p>
      <FormErrors errors={props.errors} title="Le mot de passe n’a pas été changé :" />
      <form method="post" action={`${props.base}/password/reset/${props.token}`} class="narrow" novalidate>
        <Csrf token={props.csrf} />
        <NewPasswordFields errors={props.errors} />
        <button type="submit">Changer le mot de passe</button>
      </form>
    </>
  );
}

/** A reset link that no longer works: expired, used, replaced by a newer one, or never made. */
export function DeadResetLinkView({ base }: { base: string }) {
  return (
    <>
      <h1>Lien expiré ou déjà utilisé</h1>
      <p>
        Ce lien ne permet plus de changer le mot de passe : il vaut une heure, une seule fois, et une nouvelle demande remplace la
        précédente.
      </p>
      <p>
        <a href={`${base}/password/forgot`}>Demander un nouveau lien</a>
      </p>
    </>
  );
}

/** After a reset: the sign-in form, with the new password to type. */
export function PasswordResetDoneView(props: { base: string; csrf: string }) {
  return (
    <>
      <h1>Mot de passe changé</h1>
      <Flash text="Votre mot de passe a été changé et vos sessions ont été fermées : connectez-vous avec le nouveau." />
      <SignInForm action={`${props.base}/login`} csrf={props.csrf} email="" message={null} next={props.base} />
    </>
  );
}

/** `${base}/account/password`: the current password, then the new one twice. */
export function ChangePasswordView(props: { base: string; csrf: string; errors: FieldError[]; done: boolean }) {
  return (
    <>
      <h1>Changer de mot de passe</h1>
      <Flash text={props.done ? 'Mot de passe changé. Vos autres sessions ont été fermées ; un e-mail vous le confirme.' : null} />
      <p>Vos autres sessions seront fermées ; celle-ci reste ouverte.</p>
      <FormErrors errors={props.errors} title="Le mot de passe n’a pas été changé :" />
      <form method="post" action={`${props.base}/account/password`} class="narrow" novalidate>
        <Csrf token={props.csrf} />
        <PasswordField name="current" label="Mot de passe actuel" autocomplete="current-password" errors={props.errors} />
        <NewPasswordFields errors={props.errors} />
        <button type="submit">Changer le mot de passe</button>
      </form>
      <p>
        <a href={`${props.base}/password/forgot`}>Mot de passe actuel oublié ?</a>
      </p>
    </>
  );
}
