import type { User } from '../../../domain/accounts/user-store.js';
import { Csrf, PostButton, TableScroll, when } from '../../html/page-parts.js';
import { ProPage, type ProViewer } from './frame.js';

/** The agency's members, removable by an administrator, and the invitation of a new one. */
export function TeamPage({
  viewer,
  team,
  invitation,
}: {
  viewer: ProViewer;
  team: User[];
  invitation: { link: string; role: string } | null;
}): JSX.Element {
  return (
    <ProPage title="Équipe" section="team" viewer={viewer}>
      <h1>Équipe</h1>
      {invitation ? (
        <div class="notice ok" role="status">
          <p
            safe
          >{`Lien d’invitation (${invitation.role === 'admin' ? 'administrateur' : 'agent'}), affiché une seule fois, valable 7 jours :`}</p>
          <p>
            <code safe>{invitation.link}</code>
          </p>
        </div>
      ) : (
        ''
      )}
      <TableScroll label="Membres de l’agence">
        <table class="list">
          <caption class="sr">Membres de l’agence</caption>
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Rôle</th>
              <th scope="col">Depuis</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {team.map((user) => (
              <tr>
                <td safe>{user.email}</td>
                <td>{user.role === 'admin' ? 'administrateur' : 'agent'}</td>
                <td safe>{when(user.createdAt)}</td>
                <td>
                  {user.email === viewer.email ? (
                    'vous'
                  ) : (
                    <PostButton
                      csrf={viewer.csrf}
                      action={`/pro/team/${user.id}/remove`}
                      label="Retirer"
                      ariaLabel={`Retirer ${user.email}`}
                      secondary
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <h2>Inviter quelqu’un</h2>
      <form method="post" action="/pro/team/invitations" class="inline">
        <Csrf token={viewer.csrf} />
        <label for="f-role">Rôle</label>
        <select id="f-role" name="role">
          <option value="agent">Agent (annonces, contacts)</option>
          <option value="admin">Administrateur (clés, webhooks, équipe)</option>
        </select>{' '}
        <button type="submit">Créer un lien d’invitation</button>
      </form>
    </ProPage>
  );
}
