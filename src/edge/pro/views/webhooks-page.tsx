import { Csrf, Flash, FormErrors, ago, when, PostButton, TableScroll } from '../../html/page-parts.js';
import type { FieldError } from '../../../platform/outcome.js';
import type { Endpoint } from '../../../domain/webhooks/endpoint-store.js';
import type { DeliveryLogEntry } from '../../../domain/webhooks/deliveries.js';
import { WEBHOOK_EVENT_TYPES } from '../../../domain/webhooks/delivery-policy.js';
import { ProPage, type ProViewer } from './frame.js';

const EVENT_LABELS: Record<(typeof WEBHOOK_EVENT_TYPES)[number], string> = {
  'listing.created': 'annonce créée',
  'listing.updated': 'annonce modifiée',
  'listing.status_changed': 'statut commercial changé',
  'listing.deleted': 'annonce supprimée',
  'listing.published': 'annonce publiée',
  'listing.rejected': 'annonce refusée',
  'lead.received': 'nouveau contact',
  'lead.message_received': 'nouveau message d’un contact',
  'webhook.test': 'message de test',
};
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

/** What the add form shows again after a refusal: the values typed and the message of each field. */
export interface EndpointFormState {
  url: string;
  description: string;
  env: 'live' | 'test';
  events: readonly string[];
  errors: FieldError[];
}
const EMPTY_FORM: EndpointFormState = { url: '', description: '', env: 'live', events: [], errors: [] };

/** The plan cap's refusal, as the form says it next to the environment. */
export function capReached(planName: string, cap: number, env: 'live' | 'test'): string {
  if (cap === 0) return `La formule ${planName} ne comprend pas de webhooks.`;
  return `La formule ${planName} permet ${cap} point${cap > 1 ? 's' : ''} de réception ${env === 'live' ? 'LIVE' : 'TEST'}, et vous les avez déjà : supprimez-en un ou changez de formule.`;
}

/** A field's message under it, tied to it for screen readers. */
function FieldMessage({ field, errors }: { field: string; errors: FieldError[] }): JSX.Element {
  const message = errors.find((error) => error.field === field)?.message;
  return message ? (
    <p class="field-error" id={`e-${field}`} safe>
      {message}
    </p>
  ) : (
    ''
  );
}
const invalid = (field: string, errors: FieldError[]) =>
  errors.some((error) => error.field === field) ? { 'aria-invalid': 'true', 'aria-describedby': `e-${field}` } : {};

function EndpointForm({ csrf, form }: { csrf: string; form: EndpointFormState }): JSX.Element {
  return (
    <form method="post" action="/pro/webhooks" class="stack">
      <h2>Ajouter un point de réception</h2>
      <FormErrors errors={form.errors} title="Le point de réception n’a pas été ajouté. Corrigez :" />
      <Csrf token={csrf} />
      <label for="f-url">Adresse (https://)</label>
      <input
        id="f-url"
        name="url"
        type="url"
        required
        maxlength="2000"
        placeholder="https://crm.exemple.fr/webhooks"
        value={form.url}
        {...invalid('url', form.errors)}
      />
      <FieldMessage field="url" errors={form.errors} />
      <label for="f-description">Description (facultative)</label>
      <input id="f-description" name="description" type="text" maxlength="500" value={form.description} />
      <fieldset id="f-env" {...invalid('env', form.errors)}>
        <legend>Environnement</legend>
        <label class="check">
          <input type="radio" name="env" value="live" checked={form.env === 'live'} /> LIVE : vos vraies annonces
        </label>
        <label class="check">
          <input type="radio" name="env" value="test" checked={form.env === 'test'} /> TEST : le bac à sable (http:// accepté)
        </label>
        <FieldMessage field="env" errors={form.errors} />
      </fieldset>
      <fieldset>
        <legend>Événements envoyés (aucun coché : tous)</legend>
        {WEBHOOK_EVENT_TYPES.filter((type) => type !== 'webhook.test').map((type) => (
          <label class="check">
            <input type="checkbox" name="events" value={type} checked={form.events.includes(type)} />{' '}
            <span safe>{`${EVENT_LABELS[type]} (${type})`}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit">Ajouter</button>
    </form>
  );
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
