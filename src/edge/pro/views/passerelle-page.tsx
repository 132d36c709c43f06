import { Csrf, Flash, FormErrors, TableScroll, when } from '../../html/page-parts.js';
import type { FieldError } from '../../../platform/outcome.js';
import type { PullResult, PullSetting } from '../../../domain/poliris/pull-settings.js';
import type { DropLogin } from '../../../domain/poliris/drop-accounts.js';
import { ProPage, type ProViewer } from './frame.js';

type Env = 'live' | 'test';

export interface PasserelleView {
  pulls: PullSetting[];
  logins: DropLogin[];
  /** Where the agency's software connects; `port` null when the service runs no SFTP drop. */
  sftp: { host: string; port: number | null; fingerprint: string | null };
  /** Why LIVE pulls and logins wait (unverified or suspended agency), in French; null when they run. */
  liveWaits: string | null;
  flash: string | null;
  /** A refused form: its environment, what was typed, and the messages (fields `url`, `password`, `publicKey`). */
  refused?: { env: Env; typed: Record<string, string>; errors: FieldError[] };
}

const ENV_TITLES: Record<Env, string> = { live: 'LIVE : vos vraies annonces', test: 'TEST : le bac à sable' };
const RESULT_LABELS: Record<PullResult, string> = {
  imported: 'fichier importé',
  not_modified: 'fichier inchangé, rien à importer',
  refused: 'fichier refusé',
  failed: 'échec du téléchargement',
};

/** A field's own message under it, tied to it for screen readers. */
function Field(props: { env: Env; name: string; label: string; view: PasserelleView; control: (attrs: object) => JSX.Element }) {
  const id = `f-${props.env}-${props.name}`;
  const message =
    props.view.refused?.env === props.env ? props.view.refused.errors.find((e) => e.field === props.name)?.message : undefined;
  const attrs = {
    id,
    name: props.name,
    ...(message ? { 'aria-invalid': 'true', 'aria-describedby': `e-${props.env}-${props.name}` } : {}),
  };
  return (
    <>
      <label for={id} safe>
        {props.label}
      </label>
      {props.control(attrs)}
      {message ? (
        <p class="field-error" id={`e-${props.env}-${props.name}`} safe>
          {message}
        </p>
      ) : (
        ''
      )}
    </>
  );
}

function PullSection({ env, viewer, view }: { env: Env; viewer: ProViewer; view: PasserelleView }): JSX.Element {
  const pull = view.pulls.find((p) => p.env === env) ?? null;
  const typed = view.refused?.env === env ? (view.refused.typed.url ?? '') : (pull?.url ?? '');
  return (
    <section aria-labelledby={`pull-${env}`}>
      <h3 id={`pull-${env}`}>Récupération planifiée</h3>
      <p>Indiquez l’adresse où votre logiciel publie le fichier de la passerelle (ZIP) : nous le récupérons toutes les quatre heures.</p>
      {pull ? (
        <p safe>
          {pull.lastPullAt
            ? `Dernière récupération le ${when(pull.lastPullAt)} : ${RESULT_LABELS[pull.lastResult!]}${pull.lastDetail ? ` (${pull.lastDetail})` : ''}.`
            : `Première récupération prévue vers ${when(pull.nextPullAt)}.`}
        </p>
      ) : (
        <p>Aucune adresse enregistrée.</p>
      )}
      <form method="post" action="/pro/passerelle/pull" class="stack">
        <Csrf token={viewer.csrf} />
        <input type="hidden" name="env" value={env} />
        <Field
          env={env}
          name="url"
          label={env === 'live' ? 'Adresse du fichier (https://)' : 'Adresse du fichier'}
          view={view}
          control={(attrs) => (
            <input
              {...attrs}
              type="url"
              required
              maxlength="2000"
              placeholder="https://logiciel.exemple.fr/export/agence.zip"
              value={typed}
            />
          )}
        />
        <button type="submit">Enregistrer l’adresse</button>
      </form>
      {pull ? (
        <form method="post" action="/pro/passerelle/pull/clear">
          <Csrf token={viewer.csrf} />
          <input type="hidden" name="env" value={env} />
          <button type="submit" class="secondary">
            Arrêter la récupération
          </button>
        </form>
      ) : (
        ''
      )}
    </section>
  );
}

function KeysTable({ env, login, csrf }: { env: Env; login: DropLogin; csrf: string }): JSX.Element {
  if (login.keys.length === 0) return <p>Aucune clé publique.</p>;
  return (
    <TableScroll label={`Clés publiques ${env === 'live' ? 'LIVE' : 'TEST'}`}>
      <table>
        <caption>Clés publiques</caption>
        <thead>
          <tr>
            <th scope="col">Clé</th>
            <th scope="col">Ajoutée le</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {login.keys.map((key) => (
            <tr>
              <td>
                <code safe>{`${key.keyType} ${key.fingerprint}`}</code>
                {key.comment ? (
                  <div class="muted" safe>
                    {key.comment}
                  </div>
                ) : (
                  ''
                )}
              </td>
              <td safe>{when(key.createdAt)}</td>
              <td>
                <form method="post" action="/pro/passerelle/sftp/keys/remove" class="inline">
                  <Csrf token={csrf} />
                  <input type="hidden" name="env" value={env} />
                  <input type="hidden" name="fingerprint" value={key.fingerprint} />
                  <button type="submit" class="secondary" aria-label={`Retirer la clé ${key.fingerprint}`}>
                    Retirer
                  </button>
                </form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function SftpSection({ env, viewer, view }: { env: Env; viewer: ProViewer; view: PasserelleView }): JSX.Element {
  const login = view.logins.find((l) => l.env === env)!;
  const typedKey: string = view.refused?.env === env ? (view.refused.typed.publicKey ?? '') : '';
  return (
    <section aria-labelledby={`sftp-${env}`}>
      <h3 id={`sftp-${env}`}>Dépôt SFTP</h3>
      {view.sftp.port === null ? <p class="notice">Le dépôt SFTP n’est pas ouvert sur ce service pour l’instant.</p> : ''}
      <dl>
        <dt>Hôte</dt>
        <dd safe>{view.sftp.host}</dd>
        <dt>Port</dt>
        <dd safe>{view.sftp.port === null ? 'non ouvert' : String(view.sftp.port)}</dd>
        <dt>Utilisateur</dt>
        <dd>
          <code safe>{login.userName}</code>
        </dd>
        <dt>Empreinte de la clé du serveur</dt>
        <dd>{view.sftp.fingerprint ? <code safe>{view.sftp.fingerprint}</code> : 'créée au premier démarrage du dépôt'}</dd>
        <dt>Mot de passe</dt>
        <dd>{login.passwordSetAt ? `défini le ${when(login.passwordSetAt)}` : 'aucun'}</dd>
      </dl>
      <p>Déposez le fichier ZIP de la passerelle à la racine : il est importé dès la fin de son envoi.</p>
      <form method="post" action="/pro/passerelle/sftp/password" class="stack">
        <Csrf token={viewer.csrf} />
        <input type="hidden" name="env" value={env} />
        {/* The login this password goes with, for password managers (not sent: no name). */}
        <input type="text" autocomplete="username" value={login.userName} hidden readonly />
        <Field
          env={env}
          name="password"
          label="Nouveau mot de passe (12 caractères au moins)"
          view={view}
          control={(attrs) => <input {...attrs} type="password" required minlength="12" maxlength="256" autocomplete="new-password" />}
        />
        <button type="submit">Définir le mot de passe</button>
      </form>
      {login.passwordSetAt ? (
        <form method="post" action="/pro/passerelle/sftp/password/clear">
          <Csrf token={viewer.csrf} />
          <input type="hidden" name="env" value={env} />
          <button type="submit" class="secondary">
            Retirer le mot de passe
          </button>
        </form>
      ) : (
        ''
      )}
      <KeysTable env={env} login={login} csrf={viewer.csrf} />
      <form method="post" action="/pro/passerelle/sftp/keys" class="stack">
        <Csrf token={viewer.csrf} />
        <input type="hidden" name="env" value={env} />
        <Field
          env={env}
          name="publicKey"
          label="Ajouter une clé publique (contenu du fichier .pub)"
          view={view}
          control={(attrs) => (
            <textarea {...attrs} rows="3" required maxlength="16384" placeholder="ssh-ed25519 AAAA… logiciel@agence" safe>
              {typedKey}
            </textarea>
          )}
        />
        <button type="submit">Ajouter la clé</button>
      </form>
    </section>
  );
}

/** `/pro/passerelle`: the scheduled pull and the SFTP logins, LIVE then TEST. */
export function PasserellePage({ viewer, view }: { viewer: ProViewer; view: PasserelleView }): JSX.Element {
  return (
    <ProPage title="Envoi automatique" section="passerelle" viewer={viewer}>
      <h1>Envoi automatique de la passerelle</h1>
      <Flash text={view.flash} />
      <FormErrors
        errors={(view.refused?.errors ?? []).map((e) => ({ ...e, field: `${view.refused!.env}-${e.field}` }))}
        title="Rien n’a été enregistré. Corrigez :"
      />
      <p>
        Votre logiciel exporte déjà vos annonces vers les portails au format des passerelles (Poliris) : sans aucun développement, il peut
        aussi nous les envoyer. Chaque fichier est votre liste complète : ce qu’il ne contient plus est retiré, dans la limite de 20 % par
        import. Chaque envoi laisse son rapport sur la page <a href="/pro/imports">Importer un fichier</a>, où vous pouvez aussi envoyer un
        fichier vous-même.
      </p>
      {(['live', 'test'] as const).map((env) => (
        <section aria-labelledby={`env-${env}`}>
          <h2 id={`env-${env}`} safe>
            {ENV_TITLES[env]}
          </h2>
          {env === 'live' && view.liveWaits ? (
            <p class="notice" safe>
              {view.liveWaits}
            </p>
          ) : (
            ''
          )}
          <PullSection env={env} viewer={viewer} view={view} />
          <SftpSection env={env} viewer={viewer} view={view} />
        </section>
      ))}
    </ProPage>
  );
}
