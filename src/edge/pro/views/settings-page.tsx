import { LEAD_MAIL_CHOICES, type LeadMailChoice } from '../../../domain/leads/preferences.js';
import { Csrf, Flash, TableScroll, when } from '../../html/page-parts.js';
import { ProPage, type ProViewer } from './frame.js';

/** How a user may hear of visitors' messages, in their words (docs/decisions.md §16). */
const LEAD_MAIL_LABELS: Record<LeadMailChoice, string> = {
  each: 'À chaque message (par défaut)',
  digest: 'Un résumé quotidien à 8 h',
  none: 'Jamais : je consulte les contacts dans l’espace pro',
};

/** The account pages the user's security is managed on (docs/accounts.md). */
const SECURITY_LINKS: ReadonlyArray<readonly [string, string]> = [
  ['/pro/account/password', 'Changer de mot de passe'],
  ['/pro/account/security', 'Double authentification : application et clés d’accès'],
  ['/pro/account/sessions', 'Sessions ouvertes'],
  ['/pro/account/email', 'Changer d’adresse e-mail'],
];

const SecurityLinks = () => (
  <>
    <h2 id="securite">Sécurité du compte</h2>
    <ul>
      {SECURITY_LINKS.map(([href, label]) => (
        <li>
          <a href={href} safe>
            {label}
          </a>
        </li>
      ))}
    </ul>
  </>
);

/** `/pro/account`: the signed-in user's mail preference, and the agency's blocked visitors. */
export function SettingsPage({
  viewer,
  leadMail,
  blocked,
  flash,
}: {
  viewer: ProViewer;
  leadMail: LeadMailChoice;
  blocked: Array<{ email: string; blockedAt: Date }>;
  flash: string | null;
}): JSX.Element {
  return (
    <ProPage title="Votre compte" section="account" viewer={viewer}>
      <h1>Votre compte</h1>
      <p safe>{`${viewer.email} · ${viewer.role === 'admin' ? 'administrateur' : 'agent'} de ${viewer.agencyName}`}</p>
      <Flash text={flash} />
      <SecurityLinks />
      <h2 id="prevenu">Être prévenu des messages des visiteurs</h2>
      <form method="post" action="/pro/account/lead-mail" class="narrow">
        <Csrf token={viewer.csrf} />
        <fieldset>
          <legend>Recevoir un e-mail</legend>
          {LEAD_MAIL_CHOICES.map((choice) => (
            <label class="check">
              <input type="radio" name="leadMail" value={choice} checked={choice === leadMail} />
              <span safe>{LEAD_MAIL_LABELS[choice]}</span>
            </label>
          ))}
        </fieldset>
        <p class="legal">Ce choix ne vaut que pour vous ; chaque membre de l’agence fait le sien.</p>
        <button type="submit">Enregistrer</button>
      </form>
      <h2 id="bloques">Visiteurs bloqués</h2>
      <p>Les messages d’un visiteur bloqué ne parviennent pas à l’agence ; il n’en est pas averti.</p>
      {blocked.length === 0 ? (
        <p>Aucun visiteur bloqué.</p>
      ) : (
        <TableScroll label="Visiteurs bloqués">
          <table class="list stacked">
            <caption class="sr">Visiteurs bloqués</caption>
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Bloqué le</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {blocked.map((visitor) => (
                <tr>
                  <td data-label="E-mail" safe>
                    {visitor.email}
                  </td>
                  <td data-label="Bloqué le" safe>
                    {when(visitor.blockedAt)}
                  </td>
                  <td data-label="Action">
                    <form method="post" action="/pro/account/unblock">
                      <Csrf token={viewer.csrf} />
                      <input type="hidden" name="email" value={visitor.email} />
                      <button type="submit" class="secondary" aria-label={`Débloquer ${visitor.email}`}>
                        Débloquer
                      </button>
                    </form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </ProPage>
  );
}
