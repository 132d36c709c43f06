import type { Children } from '@kitajs/html';
import type { AlertFrequency, AlertSearch, AlertView } from '../../../../domain/alerts/alert-model.js';
import { CONFIRMATION_DAYS } from '../../../../domain/alerts/alert-model.js';
import { alertConfirmPath, alertManagePath, alertUnsubscribePath } from '../../../../domain/alerts/links.js';
import type { FieldError } from '../../../../platform/outcome.js';
import { frenchDate } from '../../../html/format.js';
import { Layout } from '../../../html/layout.js';
import { Flash } from '../../../html/page-parts.js';
import { ErrorSummary } from '../../views/components.js';
import { AlertForm, type AlertFormValues } from '../../views/alert-form.js';

/**
 * The pages of e-mail alerts (docs/decisions.md §18): the form on its own (after a refusal),
 * "check your mail", and the pages the private links of alert mails open — confirmation,
 * the address's alerts, the one-click unsubscribe — with what each says when the link is
 * expired, unknown or already used. None is indexed.
 */

const FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  immediate: 'dès leur publication',
  daily: 'une fois par jour, à 8 h',
};

function AlertsFrame({ title, children }: { title: string; children: Children }): JSX.Element {
  return (
    <Layout meta={{ title, description: title, noindex: true }}>
      <h1 safe>{title}</h1>
      {children}
    </Layout>
  );
}

const BackToListings = () => (
  <p>
    <a href="/listings">Voir les annonces en ligne</a> · <a href="/">Accueil</a>
  </p>
);

/** The search an alert follows, linked to its results page. */
const SearchLink = ({ label, path }: { label: string; path: string }) => (
  <a href={path} rel="noreferrer" safe>
    {label}
  </a>
);

/** The form alone: reached from a results page's link, or shown again with what was refused. */
export function AlertFormPage({
  search,
  values,
  errors,
}: {
  search: AlertSearch;
  values: AlertFormValues;
  errors: FieldError[];
}): JSX.Element {
  const title = 'Créer une alerte e-mail';
  return (
    <Layout meta={{ title: errors.length ? `Erreur : ${title}` : title, description: title, noindex: true }}>
      <h1>{title}</h1>
      <p>
        Recevez par e-mail les nouvelles annonces de la recherche « <SearchLink label={search.label} path={search.path} /> ».
      </p>
      <section class="alert-box narrow">
        <ErrorSummary errors={errors} title="L’alerte n’est pas créée. Corrigez :" />
        <AlertForm filters={search.filters} values={values} errors={errors} />
      </section>
    </Layout>
  );
}

export const CheckMailPage = ({ label }: { label: string }) => (
  <AlertsFrame title="Vérifiez votre boîte mail">
    <p class="notice ok" role="status">
      Votre demande d’alerte « <span safe>{label}</span> » est enregistrée.
    </p>
    <p>
      Nous venons de vous envoyer un e-mail : suivez son lien pour activer l’alerte. Rien ne vous sera envoyé avant. Sans confirmation sous{' '}
      {CONFIRMATION_DAYS} jours, la demande est effacée.
    </p>
    <BackToListings />
  </AlertsFrame>
);

/** What an alert is, in one paragraph: its search, its frequency. */
const AlertSummary = ({ alert }: { alert: Pick<AlertView, 'label' | 'path' | 'frequency'> }) => (
  <p>
    Les nouvelles annonces de la recherche « <SearchLink label={alert.label} path={alert.path} /> » vous seront envoyées par e-mail{' '}
    <span safe>{FREQUENCY_LABELS[alert.frequency]}</span>.
  </p>
);

/** Following the confirmation link: one button confirms (a mail scanner opening the link confirms nothing). */
export const ConfirmPage = ({ alert, token }: { alert: AlertView; token: string }) => (
  <AlertsFrame title="Confirmer votre alerte">
    <AlertSummary alert={alert} />
    <form method="post" action={alertConfirmPath(token)} class="confirm">
      <button type="submit">Confirmer l’alerte</button>
    </form>
    <p class="legal">Vous ne l’avez pas demandée ? Ne confirmez pas : rien ne vous sera envoyé et la demande sera effacée.</p>
  </AlertsFrame>
);

export const ConfirmedPage = ({ alert, manageToken }: { alert: AlertView; manageToken: string }) => (
  <AlertsFrame title="Votre alerte est active">
    <p class="notice ok" role="status">
      Alerte confirmée.
    </p>
    <AlertSummary alert={alert} />
    <p>Chaque e-mail d’alerte contient un lien pour vous désabonner en un clic et un lien vers vos alertes.</p>
    <p>
      <a href={alertManagePath(manageToken)}>Gérer vos alertes</a>
    </p>
  </AlertsFrame>
);

export const ExpiredConfirmationPage = () => (
  <AlertsFrame title="Ce lien de confirmation a expiré">
    <p>
      Un lien de confirmation est valable {CONFIRMATION_DAYS} jours, et une alerte non confirmée est alors effacée. Pour recevoir les
      nouvelles annonces, créez l’alerte de nouveau depuis une page de résultats.
    </p>
    <BackToListings />
  </AlertsFrame>
);

/** A private link that opens nothing: never made, mistyped or cut, or too old. */
export const InvalidLinkPage = () => (
  <AlertsFrame title="Ce lien n’est pas valide">
    <p>
      Ce lien d’alerte ne correspond à aucune alerte. Vérifiez qu’il a été copié en entier depuis l’e-mail, ou utilisez le lien d’un e-mail
      plus récent.
    </p>
    <BackToListings />
  </AlertsFrame>
);

/** The address's alerts, by the manage link of any of its mails. */
export function ManagePage({
  email,
  alerts,
  token,
  flash,
}: {
  email: string;
  alerts: AlertView[];
  token: string;
  flash: string | null;
}): JSX.Element {
  return (
    <AlertsFrame title="Vos alertes e-mail">
      <Flash text={flash} />
      <p>
        Alertes envoyées à <strong safe>{email}</strong> :
      </p>
      {alerts.length === 0 ? (
        <p>Vous n’avez plus aucune alerte. Créez-en une depuis une page de résultats.</p>
      ) : (
        <ul class="alerts">
          {alerts.map((alert) => (
            <li>
              <p class="alert-name">
                <SearchLink label={alert.label} path={alert.path} />
              </p>
              <p class="facts">
                <span safe>{`Envoi ${FREQUENCY_LABELS[alert.frequency]}`}</span> ·{' '}
                {alert.confirmed ? 'active' : <span class="late">en attente de confirmation</span>} ·{' '}
                <span safe>{`créée le ${frenchDate(alert.createdAt)}`}</span>
              </p>
              <form method="post" action={`${alertManagePath(token)}/delete`} class="inline">
                <input type="hidden" name="alert" value={String(alert.alertId)} />
                <button type="submit" class="secondary" aria-label={`Supprimer l’alerte « ${alert.label} »`}>
                  Supprimer
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <BackToListings />
    </AlertsFrame>
  );
}

/** A person following the unsubscribe link of a mail: one button (mail clients post to the same address themselves). */
export const UnsubscribePage = ({ alert, token }: { alert: AlertView; token: string }) => (
  <AlertsFrame title="Vous désabonner de cette alerte">
    <p>
      Vous ne recevrez plus les nouvelles annonces de la recherche « <SearchLink label={alert.label} path={alert.path} /> ».
    </p>
    <form method="post" action={alertUnsubscribePath(token)} class="confirm">
      <button type="submit">Me désabonner</button>
    </form>
    <p>
      <a href={alertManagePath(token)}>Voir toutes vos alertes</a>
    </p>
  </AlertsFrame>
);

export const UnsubscribedPage = ({ alert, token }: { alert: AlertView; token: string }) => (
  <AlertsFrame title="Vous êtes désabonné">
    <p class="notice ok" role="status">
      L’alerte « <span safe>{alert.label}</span> » est supprimée : vous ne recevrez plus ses e-mails.
    </p>
    <p>
      <a href={alertManagePath(token)}>Voir vos autres alertes</a>
    </p>
    <BackToListings />
  </AlertsFrame>
);

/** The unsubscribe link of an alert deleted already (a second click, a replayed request): 410. */
export const AlreadyUnsubscribedPage = ({ token }: { token: string }) => (
  <AlertsFrame title="Cette alerte est déjà supprimée">
    <p>Vous vous êtes déjà désabonné de cette alerte : elle ne vous envoie plus rien.</p>
    <p>
      <a href={alertManagePath(token)}>Voir vos autres alertes</a>
    </p>
    <BackToListings />
  </AlertsFrame>
);

export const TooManyAlertRequestsPage = ({ minutes }: { minutes: number }) => (
  <AlertsFrame title="Trop de demandes d’alerte">
    <p>
      Beaucoup d’alertes ont été demandées en peu de temps depuis votre connexion ou pour cette adresse e-mail. Réessayez dans {minutes}{' '}
      minute{minutes > 1 ? 's' : ''}.
    </p>
    <BackToListings />
  </AlertsFrame>
);
