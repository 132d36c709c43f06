import type { ListedSession } from '../../../domain/sessions/session-store.js';
import { deviceLabel } from '../../../domain/sessions/device.js';
import { Csrf, Flash, PostButton, ago, when } from '../page-parts.js';

/** The messages after an action of the sessions page (?fait=…). */
export const SESSIONS_DONE = {
  terminee: 'La session a été terminée : son appareil devra se reconnecter.',
  autres: 'Toutes vos autres sessions ont été terminées.',
  aucune: 'Vous n’aviez pas d’autre session ouverte.',
} as const;
export type SessionsDone = keyof typeof SESSIONS_DONE;

/** Where a session was opened, as much as the service knows: its network, never a town. */
const placeOf = (session: ListedSession) => (session.network ? `réseau ${session.network}` : 'réseau inconnu');

/**
 * The principal's live sessions (docs/accounts.md, "Sessions"): the device from its browser, the
 * approximate place from its network only, when it was opened and last seen. The session in use
 * is marked and ends by signing out; any other can be ended here, or all of them at once.
 */
export function SessionsView(props: {
  base: string;
  csrf: string;
  sessions: ListedSession[];
  currentId: string;
  now: Date;
  done: SessionsDone | null;
}): JSX.Element {
  const others = props.sessions.filter((session) => session.id !== props.currentId);
  return (
    <>
      <h1>Vos sessions</h1>
      <Flash text={props.done ? SESSIONS_DONE[props.done] : null} />
      <p>
        Les appareils sur lesquels votre compte est ouvert. Le lieu n’est qu’approximatif : c’est le réseau de la connexion, pas une
        adresse. Si vous ne reconnaissez pas une session, terminez-la, puis changez votre mot de passe.
      </p>
      <ol class="queue" aria-label="Sessions ouvertes, la plus récemment active d’abord">
        {props.sessions.map((session) => {
          const label = deviceLabel(session.userAgent);
          const current = session.id === props.currentId;
          return (
            <li>
              <h2>
                <span safe>{label}</span>
                {current ? (
                  <>
                    {' '}
                    <span class="badge">cette session</span>
                  </>
                ) : (
                  ''
                )}
              </h2>
              <dl class="facts-list">
                <dt>Lieu approximatif</dt>
                <dd safe>{placeOf(session)}</dd>
                <dt>Ouverte le</dt>
                <dd safe>{when(session.createdAt)}</dd>
                <dt>Dernière activité</dt>
                <dd safe>{ago(session.lastSeenAt, props.now)}</dd>
                {session.stage === 'second_factor' ? (
                  <>
                    <dt>État</dt>
                    <dd>mot de passe saisi, second facteur attendu</dd>
                  </>
                ) : (
                  ''
                )}
              </dl>
              {current ? (
                ''
              ) : (
                <PostButton
                  csrf={props.csrf}
                  action={`${props.base}/account/sessions/${session.id}/end`}
                  label="Terminer"
                  ariaLabel={`Terminer la session ${label} (${placeOf(session)})`}
                  secondary
                />
              )}
            </li>
          );
        })}
      </ol>
      {others.length > 0 ? (
        <PostButton csrf={props.csrf} action={`${props.base}/account/sessions/end-others`} label="Terminer toutes les autres sessions" />
      ) : (
        <p class="muted">Aucune autre session n’est ouverte.</p>
      )}
    </>
  );
}

/** The page a new-device mail's link opens: one button, so that a mail scanner following links ends nothing. */
export function EndSessionConfirm({ action, csrf }: { action: string; csrf: string }): JSX.Element {
  return (
    <>
      <h1>Terminer la session</h1>
      <p>
        Ce lien termine la session ouverte depuis le nouvel appareil signalé dans le mail. Son appareil devra se reconnecter avec votre mot
        de passe. Si vous ne reconnaissez pas cette connexion, changez aussi votre mot de passe.
      </p>
      <form method="post" action={action}>
        <Csrf token={csrf} />
        <button type="submit">Terminer cette session</button>
      </form>
    </>
  );
}
