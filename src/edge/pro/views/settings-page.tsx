import { LEAD_MAIL_CHOICES, type LeadMailChoice } from '../../../domain/leads/preferences.js';
import { frenchDate } from '../../html/format.js';
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

/**
 * The user's address refused for good by the SMTP server (docs/operations.md, "Mail"): no mail
 * goes there until a link mailed to it is followed, or the account takes another address.
 */
function UndeliverableNotice({ email, since, csrf }: { email: string; since: Date; csrf: string }): JSX.Element {
  return (
    <div class="notice" role="status" id="adresse-refusee">
      <p
        safe
      >{`Les e-mails vers ${email} n’arrivent plus (refusés par le serveur de messagerie le ${frenchDate(since)}) : vous ne recevez ni les messages des visiteurs ni les liens de votre compte.`}</p>
      <p>
        Vérifiez cette adresse auprès de votre messagerie, puis confirmez-la à nouveau : nous y envoyons un lien, et le suivre rétablit les
        e-mails. Si elle ne sert plus, <a href="/pro/account/email">changez d’adresse</a>.
      </p>
      <form method="post" action="/pro/account/verify" class="inline">
        <Csrf token={csrf} />
        <button type="submit" class="secondary">
          Confirmer l’adresse à nouveau
        </button>
      </form>
    </div>
  );
}

/** `/pro/account`: the signed-in user's mail preference, and the agency's blocked visitors. */
export function SettingsPage({
  viewer,
  leadMail,
  blocked,
  flash,
  refusedSince,
}: {
  viewer: ProViewer;
  leadMail: LeadMailChoice;
  blocked: Array<{ email: string; blockedAt: Date }>;
  flash: string | null;
  /** When the SMTP server refused the user's address for good; null while mail reaches it. */
  refusedSince: Date | null;
}): JSX.Element {
  return (
    <ProPage title="Votre compte" section="account" viewer={viewer}>
      <h1>Votre compte</h1>
      <p safe>{`${viewer.email} · ${viewer.role === 'admin' ? 'administrateur' : 'agent'} de ${viewer.agencyName}`}</p>
      <Flash text={flash} />
      {refusedSince ? <UndeliverableNotice email={viewer.email} since={refusedSince} csrf={viewer.csrf} /> : ''}
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
