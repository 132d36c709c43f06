import type { Children } from '@kitajs/html';
import { Csrf, ago, when, TableScroll } from '../../html/page-parts.js';
import type { KeyCard, CallLine, WeekPanel } from '../../../domain/key-usage/key-usage.js';
import { SCOPES } from '../../../domain/keys/key-format.js';
import { SCOPE_LABELS } from '../../html/labels.js';
import { ProPage, type ProViewer } from './frame.js';
import { RecentCalls, UsageFilterForm, WeekFigures, type UsageFilters } from './key-usage-sections.js';

const number = new Intl.NumberFormat('fr-FR');

const KEY_COLUMNS = ['Nom', 'Clé', 'Environnement', 'Créée le', 'Appels sur 24 h', 'Dernier appel', 'Action'] as const;

export interface KeysView {
  cards: KeyCard[];
  panel: WeekPanel;
  calls: { lines: CallLine[]; next: string | null };
  filters: UsageFilters;
  verified: boolean;
  /** Why LIVE keys cannot be made now (live-keys.ts), when they cannot. */
  liveWait?: string | null;
  now: Date;
  flash: string | null;
}

/**
 * Where a LIVE key comes from (docs/site-and-spaces.md): verification issues none from the
 * back-office, so a verified agency without an active LIVE key is told to generate one here.
 */
function LiveKeyHint({ view }: { view: KeysView }): JSX.Element {
  const hasLive = view.cards.some(({ key }) => key.env === 'live' && !key.revokedAt);
  if (!view.verified || hasLive) return '';
  return (
    <p class="notice ok" role="status">
      Votre SIREN est vérifié : vous n’avez pas encore de clé LIVE. <a href="#nouvelle-cle">Générez une clé LIVE ici</a>, en choisissant
      l’environnement LIVE : sa valeur s’affiche une seule fois.
    </p>
  );
}

/** The agency's keys with their use, each revocable; a stacked table on a phone. */
function KeyTable({ cards, now }: { cards: KeyCard[]; now: Date }): JSX.Element {
  return (
    <TableScroll label="Vos clés">
      <table class="list stacked">
        <caption class="sr">Vos clés</caption>
        <thead>
          <tr>
            {KEY_COLUMNS.map((column) => (
              <th scope="col">{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cards.map(({ key, calls24h, limit }) => (
            <tr>
              <td data-label={KEY_COLUMNS[0]} safe>
                {key.name}
              </td>
              <td data-label={KEY_COLUMNS[1]}>
                <code safe>{key.display}</code>
              </td>
              <td data-label={KEY_COLUMNS[2]}>{key.env === 'live' ? 'LIVE' : 'TEST'}</td>
              <td data-label={KEY_COLUMNS[3]} safe>
                {when(key.createdAt)}
              </td>
              <td data-label={KEY_COLUMNS[4]} safe>{`${number.format(calls24h)} / ${number.format(limit)}`}</td>
              <td data-label={KEY_COLUMNS[5]}>{key.lastUsedAt ? ago(key.lastUsedAt, now) : 'jamais utilisée'}</td>
              <td data-label={KEY_COLUMNS[6]}>
                {key.revokedAt ? (
                  <span safe>{`révoquée le ${when(key.revokedAt)}`}</span>
                ) : (
                  <a href={`/pro/api-keys/${key.id}/revoke`} aria-label={`Révoquer la clé ${key.name}`}>
                    Révoquer…
                  </a>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The form of a new key: its name, environment (LIVE once verified) and rights. */
function NewKeyForm({ csrf, verified, liveWait }: { csrf: string; verified: boolean; liveWait?: string | null }): JSX.Element {
  return (
    <>
      <h2 id="nouvelle-cle">Nouvelle clé</h2>
      <form method="post" action="/pro/api-keys" class="narrow">
        <Csrf token={csrf} />
        <div>
          <label for="f-name">Nom (pour la reconnaître)</label>
          <input id="f-name" name="name" type="text" required maxlength="100" placeholder="Logiciel de transaction, nuit" />
        </div>
        <div>
          <label for="f-env">Environnement</label>
          <select id="f-env" name="env" aria-describedby={verified ? undefined : 'h-env'}>
            <option value="test">TEST (bac à sable)</option>
            {verified ? <option value="live">LIVE</option> : ''}
          </select>
          {verified ? (
            ''
          ) : (
            <p class="legal" id="h-env" safe>
              {liveWait ?? 'Les clés LIVE seront disponibles dès la vérification de votre SIREN.'}
            </p>
          )}
        </div>
        <fieldset>
          <legend>Droits</legend>
          {SCOPES.map((scope) => (
            <label class="check">
              <input type="checkbox" name="scopes" value={scope} checked /> <span safe>{SCOPE_LABELS[scope]}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit">Créer la clé</button>
      </form>
    </>
  );
}

/** `children`: a notice of the signed-in user's own (an address to verify), under the title. */
export function KeysPage({ viewer, view, children }: { viewer: ProViewer; view: KeysView; children?: Children }): JSX.Element {
  const keyName = new Map(view.cards.map((c) => [c.key.id, c.key.name]));
  return (
    <ProPage title="Clés d’API" section="keys" viewer={viewer}>
      <h1>Clés d’API</h1>
      {children}
      {view.flash ? (
        <p class="notice ok" role="status" safe>
          {view.flash}
        </p>
      ) : (
        ''
      )}
      <LiveKeyHint view={view} />
      {/* A stacked table: on a phone each key becomes a block of labelled lines, its quota and "Révoquer…" included. */}
      <KeyTable cards={view.cards} now={view.now} />
      <NewKeyForm csrf={viewer.csrf} verified={view.verified} liveWait={view.liveWait} />
      <h2>Les 7 derniers jours</h2>
      <UsageFilterForm cards={view.cards} filters={view.filters} />
      <WeekFigures panel={view.panel} />
      <h2>Derniers appels</h2>
      <RecentCalls calls={view.calls} filters={view.filters} keyName={keyName} />
    </ProPage>
  );
}

/** The new key, shown this once. The copy button needs script; without it the field is selectable. */
export function KeyCreatedPage({ viewer, name, env, value }: { viewer: ProViewer; name: string; env: string; value: string }): JSX.Element {
  return (
    <ProPage title="Clé créée" section="keys" viewer={viewer}>
      <h1 safe>{`Clé « ${name} » créée`}</h1>
      <p class="notice" role="status">
        Copiez-la maintenant : elle ne sera plus jamais affichée. Nous n’en gardons qu’une empreinte.
      </p>
      <label for="new-key" safe>{`Clé ${env === 'live' ? 'LIVE' : 'TEST'}`}</label>
      <input id="new-key" type="text" readonly value={value} class="secret" />
      <p>
        <button type="button" data-copy="new-key" hidden>
          Copier la clé
        </button>
      </p>
      <script src="/pro/assets/copy.js" defer></script>
      <p>
        <a href="/pro/api-keys">Revenir à mes clés</a>
      </p>
    </ProPage>
  );
}

export function RevokePage({ viewer, keyId, name }: { viewer: ProViewer; keyId: string; name: string }): JSX.Element {
  return (
    <ProPage title="Révoquer une clé" section="keys" viewer={viewer}>
      <h1 safe>{`Révoquer la clé « ${name} » ?`}</h1>
      <p>Les appels faits avec cette clé seront refusés immédiatement, sur tous les serveurs. C’est définitif.</p>
      <form method="post" action={`/pro/api-keys/${keyId}/revoke`}>
        <Csrf token={viewer.csrf} />
        <button type="submit" class="secondary">
          Révoquer définitivement
        </button>{' '}
        <a href="/pro/api-keys">Annuler</a>
      </form>
    </ProPage>
  );
}
