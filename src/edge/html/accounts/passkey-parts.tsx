import { PASSKEY_LABEL_MAX } from '../../../domain/credentials/passkeys.js';
import { passkeyScriptPath } from './passkey-script.js';

/**
 * The passkey parts of the account pages (docs/accounts.md). WebAuthn has no form: each part is
 * hidden until the script (passkey-script.ts) finds a browser that can use passkeys, so a page
 * without JavaScript shows none of it and works as before. What went wrong is said in the part's
 * live region.
 */

/** Where a part's errors are read out; empty until something fails. */
const LiveRegion = () => <p class="field-error" aria-live="polite"></p>;
const Script = ({ base }: { base: string }) => <script src={passkeyScriptPath(base)} defer></script>;

/** On the sign-in page, under the password form: a sign-in with a passkey alone. */
export function PasskeySignIn({ base, next }: { base: string; next: string }): JSX.Element {
  return (
    <div
      class="narrow"
      hidden
      data-passkey="sign-in"
      data-options={`${base}/login/passkey/options`}
      data-action={`${base}/login/passkey`}
      data-next={next}
    >
      <p class="muted">Ou, sans mot de passe :</p>
      <button type="button">Se connecter avec une clé d’accès</button>
      <LiveRegion />
      <Script base={base} />
    </div>
  );
}

/**
 * On the code page: a passkey of the account as the second factor. `alone`: the page asks for
 * nothing else, and so has no form whose token the script could read; the token comes with the part.
 */
export function PasskeySecondFactor({ base, next, alone }: { base: string; next: string; alone?: { csrf: string } }): JSX.Element {
  return (
    <div
      class="narrow"
      hidden
      data-passkey="second-factor"
      data-options={`${base}/login/code/passkey/options`}
      data-action={`${base}/login/code/passkey`}
      data-next={next}
      data-csrf={alone?.csrf}
    >
      {alone ? '' : <p class="muted">Ou avec une clé d’accès enregistrée sur ce compte&nbsp;:</p>}
      <button type="button">Utiliser une clé d’accès</button>
      <LiveRegion />
      <Script base={base} />
    </div>
  );
}

/** On the security page: a new passkey, under the name its owner gives it. */
export function PasskeyEnrol({ base, csrf }: { base: string; csrf: string }): JSX.Element {
  return (
    <div
      class="narrow"
      hidden
      data-passkey="enrol"
      data-options={`${base}/account/passkeys/options`}
      data-action={`${base}/account/passkeys`}
      data-csrf={csrf}
    >
      <div>
        <label for="f-passkey-label">Nom de la clé d’accès</label>
        <input
          id="f-passkey-label"
          name="label"
          type="text"
          maxlength={String(PASSKEY_LABEL_MAX)}
          autocomplete="off"
          placeholder="Ordinateur du bureau"
        />
      </div>
      <button type="button">Ajouter une clé d’accès</button>
      <LiveRegion />
      <Script base={base} />
    </div>
  );
}
