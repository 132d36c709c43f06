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
  /** Whether the account has an authenticator app: without one, a passkey or a recovery code. */
  hasApp: boolean;
  message: string | null;
}

/**
 * The code page (docs/accounts.md): the six digits of the authenticator app, or, on its variant,
 * one of the recovery codes; a passkey when the account has one.
 */
export function CodePageBody({ base, csrf, next, recovery, hasApp, message }: CodePageProps): JSX.Element {
  const other = `${base}/login/code?next=${encodeURIComponent(next)}${recovery ? '' : '&secours=1'}`;
  if (!hasApp && !recovery) return <PasskeyOnly base={base} csrf={csrf} next={next} other={other} message={message} />;
  return (
    <>
      <h1>Vérification en deux étapes</h1>
      <Refusal message={message} />
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
        <a href={other}>
          {!recovery ? 'Utiliser un code de secours' : hasApp ? 'Utiliser l’application d’authentification' : 'Utiliser une clé d’accès'}
        </a>
      </p>
      <PasskeySecondFactor base={base} next={next} />
    </>
  );
}

/** The code page of an account whose second factors are passkeys alone: no app's code to ask for. */
function PasskeyOnly(props: { base: string; csrf: string; next: string; other: string; message: string | null }): JSX.Element {
  const { base, csrf, next, other, message } = props;
  return (
    <>
      <h1>Vérification en deux étapes</h1>
      <Refusal message={message} />
      <p>Utilisez la clé d’accès enregistrée sur ce compte (votre navigateur la demande).</p>
      <PasskeySecondFactor base={base} next={next} alone={{ csrf }} />
      <p>
        <a href={other}>Utiliser un code de secours</a>
      </p>
    </>
  );
}

/** Why the last code was refused, announced first. */
function Refusal({ message }: { message: string | null }): JSX.Element {
  return message ? (
    <div class="notice" role="alert" id="erreurs">
      <p safe>{message}</p>
    </div>
  ) : (
    <></>
  );
}
