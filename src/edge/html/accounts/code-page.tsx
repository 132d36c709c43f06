import { Csrf } from '../page-parts.js';
import { PasskeySecondFactor } from './passkey-parts.js';

/** The field of an authenticator app's six digits (a space in the middle, as some apps show them, is accepted). */
export const AppCodeInput = ({ invalid }: { invalid: boolean }): JSX.Element => (
  <input
    id="f-code"
    name="code"
    type="text"
    inputmode="numeric"
    autocomplete="one-time-code"
    pattern="[0-9 ]{6,7}"
    required
    maxlength="7"
    class="secret"
    aria-invalid={invalid ? 'true' : undefined}
  />
);

/** What the second step of a sign-in shows: the form's token, where to go next, which code it asks for, why the last one was refused. */
export interface CodePageProps {
  base: string;
  csrf: string;
  next: string;
  /** The variant asking for a recovery code instead of an app's code. */
  recovery: boolean;
  message: string | null;
}

/**
 * The code page (docs/accounts.md): the six digits of the authenticator app, or, on its variant,
 * one of the recovery codes; a passkey when the account has one.
 */
export function CodePageBody({ base, csrf, next, recovery, message }: CodePageProps): JSX.Element {
  const other = `${base}/login/code?next=${encodeURIComponent(next)}${recovery ? '' : '&secours=1'}`;
  return (
    <>
      <h1>Vérification en deux étapes</h1>
      {message ? (
        <div class="notice" role="alert" id="erreurs">
          <p safe>{message}</p>
        </div>
      ) : (
        ''
      )}
      <p>
        {recovery
          ? 'Saisissez l’un des codes de secours notés lors de l’activation. Chaque code ne sert qu’une fois.'
          : 'Saisissez le code à six chiffres affiché par votre application d’authentification.'}
      </p>
      <form method="post" action={`${base}/login/code`} class="narrow">
        <Csrf token={csrf} />
        <input type="hidden" name="next" value={next} />
        {recovery ? <input type="hidden" name="secours" value="1" /> : ''}
        <div>
          <label for="f-code">{recovery ? 'Code de secours' : 'Code à six chiffres'}</label>
          {recovery ? (
            <input id="f-code" name="code" type="text" autocomplete="off" spellcheck="false" required maxlength="20" class="secret" />
          ) : (
            <AppCodeInput invalid={false} />
          )}
        </div>
        <button type="submit">Vérifier</button>
      </form>
      <p>
        <a href={other}>{recovery ? 'Utiliser l’application d’authentification' : 'Utiliser un code de secours'}</a>
      </p>
      <PasskeySecondFactor base={base} next={next} />
    </>
  );
}
