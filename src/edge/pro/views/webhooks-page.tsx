import { Csrf, Flash, ago, when, PostButton, TableScroll } from '../../html/page-parts.js';
import type { Endpoint } from '../../../domain/webhooks/endpoint-store.js';
import type { DeliveryLogEntry } from '../../../domain/webhooks/delivery-log.js';
import { EMPTY_FORM, EndpointForm, EVENT_LABELS, type EndpointFormState } from './endpoint-form.js';
import { ProPage, type ProViewer } from './frame.js';

const envLabel = (env: string) => (env === 'live' ? 'LIVE' : 'TEST (bac à sable)');

function EndpointState({ endpoint, now }: { endpoint: Endpoint; now: Date }): JSX.Element {
  if (endpoint.enabled) {
    return endpoint.failingSince ? (
      <strong
        class="late"
        safe
      >{`Actif, en échec depuis ${ago(endpoint.failingSince, now)} : il sera désactivé après 5 jours d’échecs.`}</strong>
    ) : (
      <span>Actif</span>
    );
  }
  if (endpoint.disabledReason === 'failing') {
    return (
      <strong
        class="late"
        safe
      >{`Désactivé le ${when(endpoint.disabledAt!)} : toutes les livraisons ont échoué pendant 5 jours. Corrigez le récepteur, puis réactivez-le.`}</strong>
    );
  }
  return <span safe>{`Désactivé le ${when(endpoint.disabledAt!)}`}</span>;
}

export interface WebhooksView {
  endpoints: Endpoint[];
  planName: string;
  cap: number;
  now: Date;
  flash: string | null;
}

/** The plan cap's refusal, as the form says it next to the environment. */
export function capReached(planName: string, cap: number, env: 'live' | 'test'): string {
  if (cap === 0) return `La formule ${planName} ne comprend pas de webhooks.`;
  return `La formule ${planName} permet ${cap} point${cap > 1 ? 's' : ''} de réception ${env === 'live' ? 'LIVE' : 'TEST'}, et vous les avez déjà : supprimez-en un ou changez de formule.`;
}

export function WebhooksPage({ viewer, view, form }: { viewer: ProViewer; view: WebhooksView; form?: EndpointFormState }): JSX.Element {
  return (
    <ProPage title="Webhooks" section="webhooks" viewer={viewer}>
      <h1>Webhooks</h1>
      <Flash text={view.flash} />
      <p
        safe
      >{`Votre logiciel est prévenu de chaque changement (annonce créée, publiée, refusée, nouveau contact…) par une requête signée. Formule ${view.planName} : ${view.cap} point${view.cap > 1 ? 's' : ''} de réception par environnement.`}</p>
      {view.endpoints.length === 0 ? (
        <p>Aucun point de réception pour l’instant.</p>
      ) : (
        <TableScroll label="Vos points de réception">
          <table>
            <caption>Vos points de réception</caption>
            <thead>
              <tr>
                <th scope="col">Adresse</th>
                <th scope="col">Environnement</th>
                <th scope="col">Événements</th>
                <th scope="col">État</th>
              </tr>
            </thead>
            <tbody>
              {view.endpoints.map((endpoint) => (
                <tr>
                  <td>
                    <a href={`/pro/webhooks/${endpoint.webhookId}`} safe>
                      {endpoint.url}
                    </a>
                    {endpoint.description ? (
                      <div class="muted" safe>
                        {endpoint.description}
                      </div>
                    ) : (
                      ''
                    )}
                  </td>
                  <td>{envLabel(endpoint.env)}</td>
                  <td>{endpoint.events ? endpoint.events.map((e) => EVENT_LABELS[e]).join(', ') : 'tous'}</td>
                  <td>
                    <EndpointState endpoint={endpoint} now={view.now} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {view.cap > 0 ? (
        <EndpointForm csrf={viewer.csrf} form={form ?? EMPTY_FORM} />
      ) : (
        <p>Les webhooks sont disponibles à partir de la formule Pro Agence.</p>
      )}
    </ProPage>
  );
}

export function SecretPage({
  viewer,
  endpoint,
  secret,
  created,
}: {
  viewer: ProViewer;
  endpoint: Endpoint;
  secret: string;
  created: boolean;
}): JSX.Element {
  return (
    <ProPage title={created ? 'Point de réception ajouté' : 'Nouveau secret'} section="webhooks" viewer={viewer}>
      <h1>{created ? 'Point de réception ajouté' : 'Nouveau secret de signature'}</h1>
      <p class="notice" role="status">
        Copiez le secret maintenant : il ne sera plus jamais affiché. Votre logiciel s’en sert pour vérifier la signature de chaque requête
        (Standard Webhooks).
        {created ? '' : ' Pendant 24 heures, les requêtes portent aussi la signature de l’ancien secret.'}
      </p>
      <p safe>{`${endpoint.url} · ${envLabel(endpoint.env)}`}</p>
      <label for="secret">Secret de signature</label>
      <input id="secret" type="text" readonly value={secret} class="secret" />
      <p>
        <button type="button" data-copy="secret" hidden>
          Copier le secret
        </button>
      </p>
      <script src="/pro/assets/copy.js" defer></script>
      <p>
        <a href={`/pro/webhooks/${endpoint.webhookId}`}>Voir le point de réception</a>
      </p>
    </ProPage>
  );
}

const STATE_LABELS = { pending: 'en attente', succeeded: 'livrée', failed: 'échouée' } as const;

function Attempts({ delivery }: { delivery: DeliveryLogEntry }): JSX.Element {
  return (
    <ol>
      {delivery.attempts.map((a) => (
        <li
          safe
        >{`${when(a.at)} · ${a.status === null ? 'pas de réponse' : `HTTP ${a.status}`} · ${a.latencyMs} ms${a.error ? ` · ${a.error}` : ''}${a.answer ? ` · réponse : ${a.answer.slice(0, 200)}` : ''}`}</li>
      ))}
    </ol>
  );
}

function Action({
  viewer,
  action,
  label,
  secondary,
}: {
  viewer: ProViewer;
  action: string;
  label: string;
  secondary?: boolean;
}): JSX.Element {
  return <PostButton csrf={viewer.csrf} action={action} label={label} secondary={secondary} inline />;
}

export function EndpointPage({
  viewer,
  endpoint,
  log,
  now,
  flash,
}: {
  viewer: ProViewer;
  endpoint: Endpoint;
  log: { deliveries: DeliveryLogEntry[]; next: string | null };
  now: Date;
  flash: string | null;
}): JSX.Element {
  const base = `/pro/webhooks/${endpoint.webhookId}`;
  return (
    <ProPage title="Point de réception" section="webhooks" viewer={viewer}>
      <h1 safe>{endpoint.url}</h1>
      <Flash text={flash} />
      <p
        safe
      >{`${envLabel(endpoint.env)} · événements : ${endpoint.events ? endpoint.events.map((e) => EVENT_LABELS[e]).join(', ') : 'tous'}`}</p>
      <p>
        <EndpointState endpoint={endpoint} now={now} />
      </p>
      <p class="actions">
        {endpoint.enabled ? <Action viewer={viewer} action={`${base}/test`} label="Envoyer un message de test" /> : ''}{' '}
        <Action viewer={viewer} action={`${base}/rotate`} label="Changer le secret" secondary />{' '}
        {endpoint.enabled ? (
          <Action viewer={viewer} action={`${base}/disable`} label="Désactiver" secondary />
        ) : (
          <Action viewer={viewer} action={`${base}/enable`} label="Réactiver" />
        )}{' '}
        <a href={`${base}/delete`}>Supprimer…</a>
      </p>
      <h2>Journal des livraisons</h2>
      {log.deliveries.length === 0 ? (
        <p>Aucune livraison pour l’instant.</p>
      ) : (
        <ul class="deliveries">
          {log.deliveries.map((delivery) => (
            <li>
              <p>
                <strong
                  safe
                >{`${EVENT_LABELS[delivery.eventType as keyof typeof EVENT_LABELS] ?? delivery.eventType} · ${STATE_LABELS[delivery.state]}`}</strong>{' '}
                <span
                  class="muted"
                  safe
                >{`${delivery.deliveryId} · ${when(delivery.createdAt)}${delivery.nextAttemptAt ? ` · prochain essai ${when(delivery.nextAttemptAt)}` : ''}`}</span>
              </p>
              <Attempts delivery={delivery} />
              {endpoint.enabled ? (
                <Action viewer={viewer} action={`${base}/deliveries/${delivery.deliveryId}/retry`} label="Renvoyer maintenant" secondary />
              ) : (
                ''
              )}
            </li>
          ))}
        </ul>
      )}
      {log.next ? (
        <p>
          <a href={`${base}?avant=${log.next}`}>Livraisons plus anciennes</a>
        </p>
      ) : (
        ''
      )}
      <p>
        <a href="/pro/webhooks">Revenir aux webhooks</a>
      </p>
    </ProPage>
  );
}

export function DeleteEndpointPage({ viewer, endpoint }: { viewer: ProViewer; endpoint: Endpoint }): JSX.Element {
  return (
    <ProPage title="Supprimer un point de réception" section="webhooks" viewer={viewer}>
      <h1 safe>{`Supprimer ${endpoint.url} ?`}</h1>
      <p>Plus rien n’y sera envoyé, et son journal des livraisons sera effacé. C’est définitif.</p>
      <form method="post" action={`/pro/webhooks/${endpoint.webhookId}/delete`}>
        <Csrf token={viewer.csrf} />
        <button type="submit" class="secondary">
          Supprimer définitivement
        </button>{' '}
        <a href={`/pro/webhooks/${endpoint.webhookId}`}>Annuler</a>
      </form>
    </ProPage>
  );
}
