import { PASSWORD_MAX } from '../../domain/credentials/password.js';
import { Csrf } from './page-parts.js';
import { PasskeySignIn } from './accounts/passkey-parts.js';

/** What a sign-in page shows: its form's token, the e-mail typed, why the last attempt was refused, where to go next. */
export interface SignInFields {
  csrf: string;
  email: string;
  message: string | null;
  next: string;
}

/**
 * The sign-in form both spaces show (the pro space and the back-office): what the last attempt
 * was refused for, the e-mail typed, and where the browser goes once signed in. The lengths are
 * those the sign-in check accepts (an e-mail of at most 254 characters).
 */
export function SignInForm({
  action,
  csrf,
  email,
  message,
  next,
}: SignInFields & {
  /** Where the form posts: the space's sign-in path (`/pro/login`); the forgotten-password page is beside it. */
  action: string;
}): JSX.Element {
  const base = action.replace(/\/login$/, '');
  return (
    <>
      {message ? (
        <div class="notice" role="alert" id="erreurs">
          <p safe>{message}</p>
        </div>
      ) : (
        ''
      )}
      <form method="post" action={action} class="narrow">
        <Csrf token={csrf} />
        <input type="hidden" name="next" value={next} />
        <div>
          <label for="f-email">Adresse e-mail</label>
          <input id="f-email" name="email" type="email" autocomplete="username" required maxlength="254" value={email} />
        </div>
        <div>
          <label for="f-password">Mot de passe</label>
          <input
            id="f-password"
            name="password"
            type="password"
            autocomplete="current-password"
            required
            maxlength={String(PASSWORD_MAX)}
          />
        </div>
        <button type="submit">Se connecter</button>
      </form>
      <p>
        <a href={`${base}/password/forgot`}>Mot de passe oublié ?</a>
      </p>
      <PasskeySignIn base={base} next={next} />
    </>
  );
}
