import { PLAN_NAMES, PLANS, planAllowances } from '../../../domain/agencies/plans.js';
import { PASSWORD_MIN } from '../../../domain/credentials/password.js';
import { Csrf, FormErrors } from '../../html/page-parts.js';
import { SignInForm, type SignInFields } from '../../html/sign-in-form.js';
import { LabelledInput } from '../../html/accounts/address-views.js';
import type { FieldError } from '../../../platform/outcome.js';
import { ProPage } from './frame.js';

/** The pro space's public forms' fields: the kit's labelled input. */
const Field = LabelledInput;

export function SignupPage({ csrf, values, errors }: { csrf: string; values: Record<string, string>; errors: FieldError[] }): JSX.Element {
  return (
    <ProPage title="Créer un compte agence" section={null} viewer={null}>
      <h1>Créer le compte de votre agence</h1>
      <p>
        Vous recevez une clé de TEST dès l’inscription. Nous vérifions votre SIREN sous 48 heures ; les clés LIVE sont ensuite disponibles,
        une fois votre adresse e-mail confirmée par le lien que nous vous envoyons.
      </p>
      <FormErrors errors={errors} title="Le compte n’a pas été créé. Corrigez :" />
      <form method="post" action="/pro/signup" class="narrow" novalidate>
        <input type="hidden" name="_csrf" value={csrf} />
        <Field
          name="agencyName"
          label="Nom de l’agence"
          type="text"
          value={values.agencyName ?? ''}
          errors={errors}
          autocomplete="organization"
        />
        <Field
          name="siren"
          label="SIREN"
          type="text"
          value={values.siren ?? ''}
          errors={errors}
          autocomplete="off"
          hint="9 chiffres, tels qu’ils figurent sur votre extrait Kbis."
        />
        <Field name="email" label="Adresse e-mail" type="email" value={values.email ?? ''} errors={errors} autocomplete="email" />
        <Field
          name="password"
          label="Mot de passe"
          type="password"
          value=""
          errors={errors}
          autocomplete="new-password"
          hint={`${PASSWORD_MIN} caractères au moins.`}
        />
        <div>
          <label for="f-plan">Formule</label>
          <ul class="legal" id="h-plan">
            {PLANS.map((plan) => (
              <li safe>{`${PLAN_NAMES[plan]} : ${planAllowances(plan)}.`}</li>
            ))}
          </ul>
          <select id="f-plan" name="plan" aria-describedby="h-plan">
            {PLANS.map((plan) => (
              <option value={plan} selected={(values.plan ?? 'agence') === plan} safe>
                {PLAN_NAMES[plan]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Créer le compte</button>
      </form>
      <p>
        Déjà inscrit ? <a href="/pro/login">Se connecter</a>
      </p>
    </ProPage>
  );
}

export function LoginPage(form: SignInFields): JSX.Element {
  return (
    <ProPage title="Connexion" section={null} viewer={null}>
      <h1>Espace pro : connexion</h1>
      <SignInForm action="/pro/login" {...form} />
      <p>
        Pas encore de compte ? <a href="/pro/signup">Créer un compte agence</a>
      </p>
    </ProPage>
  );
}

export function InvitationPage({
  csrf,
  token,
  agencyName,
  role,
  email,
  values,
  errors,
}: {
  csrf: string;
  token: string;
  agencyName: string;
  role: string;
  /** The invited address, which the account takes; null for an invitation made before addresses were asked. */
  email: string | null;
  values: Record<string, string>;
  errors: FieldError[];
}): JSX.Element {
  const as = role === 'admin' ? 'administrateur' : 'agent';
  return (
    <ProPage title="Rejoindre une agence" section={null} viewer={null}>
      <h1 safe>{`Rejoindre ${agencyName}`}</h1>
      <p safe>
        {email
          ? `Vous êtes invité comme ${as}, à l’adresse ${email} : choisissez votre mot de passe.`
          : `Vous êtes invité comme ${as}. Choisissez vos identifiants.`}
      </p>
      <FormErrors errors={errors} title="Le compte n’a pas été créé. Corrigez :" />
      <form method="post" action={`/pro/invitation/${token}`} class="narrow" novalidate>
        <input type="hidden" name="_csrf" value={csrf} />
        {email ? (
          // Named for password managers, which file the new password under this address.
          <input type="hidden" name="username" autocomplete="username" value={email} />
        ) : (
          <Field name="email" label="Adresse e-mail" type="email" value={values.email ?? ''} errors={errors} autocomplete="email" />
        )}
        <Field
          name="password"
          label="Mot de passe"
          type="password"
          value=""
          errors={errors}
          autocomplete="new-password"
          hint={`${PASSWORD_MIN} caractères au moins.`}
        />
        <button type="submit">Créer mon compte</button>
      </form>
    </ProPage>
  );
}

/**
 * A signed-in user whose address is not verified yet (docs/accounts.md): why LIVE keys wait, and
 * « Renvoyer le lien » for a lost mail. Shown on the dashboard and the keys page.
 */
export function AddressNotice({ email, csrf }: { email: string; csrf: string }): JSX.Element {
  return (
    <div class="notice" role="status">
      <p
        safe
      >{`Confirmez votre adresse e-mail : nous avons envoyé un lien à ${email}. Tant qu’elle n’est pas confirmée, votre compte ne peut pas créer de clé LIVE (les clés TEST restent disponibles).`}</p>
      <form method="post" action="/pro/account/verify" class="inline">
        <Csrf token={csrf} />
        <button type="submit" class="secondary">
          Renvoyer le lien
        </button>
      </form>
    </div>
  );
}
