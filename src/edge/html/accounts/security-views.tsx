import type { SecondFactor } from '../../../domain/credentials/second-factors.js';
import { Csrf, Flash, FormErrors, PostButton, when } from '../page-parts.js';
import { AppCodeInput } from './code-page.js';
import { PasskeyEnrol } from './passkey-parts.js';

/** Why an account must enrol before anything else opens (two-factor-rule.ts), as its owner reads it. */
export const ENROL_REASONS = {
  admin: 'Le back-office donne accès à toutes les agences : chaque opérateur active la double authentification avant de l’ouvrir.',
  pro: 'Votre agence exige la double authentification de toute l’équipe : activez-la pour continuer.',
} as const;

export interface SecurityPageProps {
  base: string;
  csrf: string;
  factors: SecondFactor[];
  recoveryCodesLeft: number;
  /** Why nothing else opens until a factor is added; null when the account may use the space. */
  mustEnrol: string | null;
  /** A pro admin's team setting; absent for everyone else. */
  team?: { required: boolean };
  flash: string | null;
  error: string | null;
}

const KIND_LABELS = { totp: 'Application d’authentification', passkey: 'Clé d’accès' } as const;

function FactorList({ base, csrf, factors }: Pick<SecurityPageProps, 'base' | 'csrf' | 'factors'>): JSX.Element {
  if (factors.length === 0) return <p>Aucun second facteur : seul votre mot de passe protège ce compte.</p>;
  return (
    <ul class="alerts">
      {factors.map((factor) => (
        <li>
          <p class="alert-name" safe>
            {factor.label || KIND_LABELS[factor.kind]}
          </p>
          <p class="facts" safe>
            {`${KIND_LABELS[factor.kind]}, ajouté le ${when(factor.createdAt)}${factor.lastUsedAt ? `, utilisé le ${when(factor.lastUsedAt)}` : ''}`}
          </p>
          <PostButton
            csrf={csrf}
            action={`${base}/account/security/factors/${factor.id}/remove`}
            label="Retirer"
            ariaLabel={`Retirer ${factor.label || KIND_LABELS[factor.kind]}`}
            secondary
          />
        </li>
      ))}
    </ul>
  );
}

function TeamRequirement({ base, csrf, required }: { base: string; csrf: string; required: boolean }): JSX.Element {
  return (
    <section aria-labelledby="team-2fa">
      <h2 id="team-2fa">Exiger la double authentification de toute l’équipe</h2>
      <p>
        {required
          ? 'Exigée : chaque membre sans second facteur doit en ajouter un avant d’utiliser l’espace pro.'
          : 'Non exigée : chaque membre choisit.'}
      </p>
      <form method="post" action={`${base}/account/security/team`}>
        <Csrf token={csrf} />
        <input type="hidden" name="required" value={required ? 'non' : 'oui'} />
        <button type="submit" class={required ? 'secondary' : undefined}>
          {required ? 'Ne plus l’exiger' : 'L’exiger de toute l’équipe'}
        </button>
      </form>
    </section>
  );
}

/** The security page of an account (docs/accounts.md): its second factors, its recovery codes, and a pro admin's team setting. */
export function SecurityPageBody(props: SecurityPageProps): JSX.Element {
  const { base, csrf, factors } = props;
  return (
    <>
      <h1>Sécurité du compte</h1>
      <Flash text={props.flash} />
      {props.error ? (
        <div class="notice" role="alert">
          <p safe>{props.error}</p>
        </div>
      ) : (
        ''
      )}
      {props.mustEnrol ? (
        <div class="notice" role="status">
          <p>
            <strong>Double authentification requise.</strong> <span safe>{props.mustEnrol}</span>
          </p>
        </div>
      ) : (
        ''
      )}
      <h2>Seconds facteurs</h2>
      <p>Après le mot de passe, la connexion demande un code de votre application d’authentification ou une clé d’accès.</p>
      <FactorList base={base} csrf={csrf} factors={factors} />
      <form method="post" action={`${base}/account/security/app`} class="confirm">
        <Csrf token={csrf} />
        <button type="submit">Ajouter une application d’authentification</button>
      </form>
      <PasskeyEnrol base={base} csrf={csrf} />
      {factors.length > 0 ? (
        <>
          <h2>Codes de secours</h2>
          {props.recoveryCodesLeft === 0 ? (
            <p class="notice" role="status">
              Aucun code de secours : si vous perdiez vos seconds facteurs, vous ne pourriez plus vous connecter. Générez-les, puis
              notez-les en lieu sûr.
            </p>
          ) : (
            <p>
              {props.recoveryCodesLeft} code{props.recoveryCodesLeft > 1 ? 's' : ''} de secours inutilisé
              {props.recoveryCodesLeft > 1 ? 's' : ''}. Chacun remplace une fois le second facteur si vous le perdez.
            </p>
          )}
          <PostButton csrf={csrf} action={`${base}/account/security/recovery-codes`} label="Générer de nouveaux codes de secours" />
        </>
      ) : (
        ''
      )}
      {props.team ? <TeamRequirement base={base} csrf={csrf} required={props.team.required} /> : ''}
    </>
  );
}

export interface AppEnrolProps {
  base: string;
  csrf: string;
  /** The QR code as the qrcode library draws it (its own SVG, no text of anyone's). */
  safeQrSvg: string;
  secret: string;
  label: string;
  errors: Array<{ field: string; message: string }>;
}

/** Adding an app: its QR code, the secret for typing by hand, and the first code that confirms it. */
export function AppEnrolBody({ base, csrf, safeQrSvg, secret, label, errors }: AppEnrolProps): JSX.Element {
  return (
    <>
      <h1>Ajouter une application d’authentification</h1>
      <FormErrors errors={errors} title="L’application n’est pas encore ajoutée :" />
      <ol>
        <li>Dans votre application (Google Authenticator, Microsoft Authenticator, 1Password…), ajoutez un compte.</li>
        <li>
          Scannez ce QR code :
          <div role="img" aria-label="QR code du compte à ajouter">
            {safeQrSvg}
          </div>
          ou saisissez cette clé :
          <p>
            <code class="secret" safe>
              {secret.replace(/(.{4})/g, '$1 ').trim()}
            </code>
          </p>
        </li>
        <li>Saisissez le code à six chiffres qu’elle affiche.</li>
      </ol>
      <form method="post" action={`${base}/account/security/app/confirm`} class="narrow">
        <Csrf token={csrf} />
        <div>
          <label for="f-code">Code à six chiffres</label>
          <AppCodeInput invalid={errors.some((e) => e.field === 'code')} />
        </div>
        <div>
          <label for="f-label">Nom de l’appareil</label>
          <input id="f-label" name="label" type="text" maxlength="60" value={label} />
        </div>
        <button type="submit">Confirmer</button>
      </form>
      <p>
        <a href={`${base}/account/security`}>Annuler</a>
      </p>
    </>
  );
}

/** Recovery codes, shown this once: to be printed or noted, each good for one sign-in. */
export function RecoveryCodesBody({ base, codes }: { base: string; codes: string[] }): JSX.Element {
  return (
    <>
      <h1>Vos codes de secours</h1>
      <div class="notice ok" role="status">
        <p>
          Notez ou imprimez ces dix codes maintenant : ils ne seront plus affichés. Chacun permet une connexion si vous perdez votre second
          facteur, puis ne sert plus. Les codes précédents, s’il y en avait, ne fonctionnent plus.
        </p>
      </div>
      <ul class="places">
        {codes.map((code) => (
          <li>
            <code safe>{code}</code>
          </li>
        ))}
      </ul>
      <p>
        <a href={`${base}/account/security`}>J’ai noté mes codes</a>
      </p>
    </>
  );
}
