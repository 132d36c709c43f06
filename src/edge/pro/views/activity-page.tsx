import type { AuditRecord } from '../../../domain/audit/audit-log.js';
import { accountEventFacts, accountEventLabel } from '../../html/accounts/event-labels.js';
import { when } from '../../html/page-parts.js';
import { ProPage, type ProViewer } from './frame.js';

/** Who acted, as an agency may know it: a member by their address, anyone else (an operator) as the service's support. */
const actorOf = (entry: AuditRecord) => (entry.actor.startsWith('usr_') && entry.actorEmail ? entry.actorEmail : 'le support du service');

/**
 * The account events of the agency's members, newest first (docs/accounts.md, "Activity"): an
 * admin sees the whole team's, an agent their own. One card each, whose lines wrap at any width.
 */
export function ActivityPage({ viewer, entries, next }: { viewer: ProViewer; entries: AuditRecord[]; next: number | null }): JSX.Element {
  const team = viewer.role === 'admin';
  return (
    <ProPage title="Activité" section="activity" viewer={viewer}>
      <h1>Activité</h1>
      <p>
        {team
          ? 'Les événements de sécurité des comptes de votre équipe : connexions, mots de passe, seconds facteurs, sessions.'
          : 'Les événements de sécurité de votre compte : connexions, mot de passe, seconds facteurs, sessions.'}
      </p>
      {entries.length === 0 ? (
        <p>Aucun événement enregistré.</p>
      ) : (
        <ol class="queue" aria-label="Événements, les plus récents d’abord">
          {entries.map((entry) => {
            const facts = accountEventFacts(entry.after);
            return (
              <li>
                <p>
                  <strong safe>{accountEventLabel(entry.action)}</strong>
                  {team && entry.targetEmail && entry.targetId !== entry.actor ? (
                    <>
                      {' '}
                      <span class="muted" safe>{`· compte ${entry.targetEmail}`}</span>
                    </>
                  ) : (
                    ''
                  )}
                </p>
                <p class="muted" safe>{`${when(entry.at)} · par ${actorOf(entry)}`}</p>
                {facts.length ? (
                  <dl class="facts-list">
                    {facts.map((fact) => (
                      <>
                        <dt safe>{fact.field}</dt>
                        <dd class="description" safe>
                          {fact.text}
                        </dd>
                      </>
                    ))}
                  </dl>
                ) : (
                  ''
                )}
              </li>
            );
          })}
        </ol>
      )}
      {next ? (
        <p>
          <a href={`/pro/activity?avant=${next}`}>Événements plus anciens</a>
        </p>
      ) : (
        ''
      )}
    </ProPage>
  );
}
