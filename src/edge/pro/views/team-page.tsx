import type { User } from '../../../domain/accounts/user-store.js';
import type { PendingInvitation } from '../../../domain/accounts/invitations.js';
import type { FieldError } from '../../../platform/outcome.js';
import { Csrf, Flash, FormErrors, PostButton, TableScroll, when } from '../../html/page-parts.js';
import { LabelledInput } from '../../html/accounts/address-views.js';
import { ProPage, type ProViewer } from './frame.js';

/** The invitation form as last sent (typed address, role, why it was refused) and the message after an action. */
export interface TeamForm {
  flash: string | null;
  email: string;
  role: string;
  errors: FieldError[];
}

const roleName = (role: string) => (role === 'admin' ? 'administrateur' : 'agent');
const MEMBER_COLUMNS = ['E-mail', 'Rôle', 'Depuis', 'Action'] as const;
const INVITATION_COLUMNS = ['E-mail', 'Rôle', 'Expire le', 'Action'] as const;

/** The header of a stacked table: on a phone each row becomes a block of labelled lines, its button included. */
const Head = ({ columns }: { columns: readonly string[] }) => (
  <thead>
    <tr>
      {columns.map((column) => (
        <th scope="col" safe>
          {column}
        </th>
      ))}
    </tr>
  </thead>
);

/** The agency's members, removable by an administrator; those mail no longer reaches are flagged. */
function Members({ viewer, team, unreachable }: { viewer: ProViewer; team: User[]; unreachable: ReadonlySet<string> }): JSX.Element {
  return (
    <TableScroll label="Membres de l’agence">
      <table class="list stacked">
        <caption class="sr">Membres de l’agence</caption>
        <Head columns={MEMBER_COLUMNS} />
        <tbody>
          {team.map((user) => (
            <tr>
              <td data-label={MEMBER_COLUMNS[0]}>
                <span safe>{user.email}</span>
                {unreachable.has(user.id) ? <em> · e-mails refusés par sa messagerie</em> : ''}
              </td>
              <td data-label={MEMBER_COLUMNS[1]}>{roleName(user.role)}</td>
              <td data-label={MEMBER_COLUMNS[2]} safe>
                {when(user.createdAt)}
              </td>
              <td data-label={MEMBER_COLUMNS[3]}>
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
  );
}

/** Invitations mailed and not yet accepted, each revocable until it expires. */
function PendingInvitations({ viewer, invitations }: { viewer: ProViewer; invitations: PendingInvitation[] }): JSX.Element {
  if (invitations.length === 0) return '';
  return (
    <>
      <h2>Invitations en attente</h2>
      <TableScroll label="Invitations en attente">
        <table class="list stacked">
          <caption class="sr">Invitations en attente</caption>
          <Head columns={INVITATION_COLUMNS} />
          <tbody>
            {invitations.map((invitation) => (
              <tr>
                <td data-label={INVITATION_COLUMNS[0]} safe>
                  {invitation.email}
                </td>
                <td data-label={INVITATION_COLUMNS[1]}>{roleName(invitation.role)}</td>
                <td data-label={INVITATION_COLUMNS[2]} safe>
                  {when(invitation.expiresAt)}
                </td>
                <td data-label={INVITATION_COLUMNS[3]}>
                  <PostButton
                    csrf={viewer.csrf}
                    action={`/pro/team/invitations/${invitation.id}/revoke`}
                    label="Révoquer"
                    ariaLabel={`Révoquer l’invitation de ${invitation.email}`}
                    secondary
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}

/** The members, the pending invitations, and the invitation of a colleague by mail. */
export function TeamPage({
  viewer,
  team,
  unreachable,
  invitations,
  form,
}: {
  viewer: ProViewer;
  team: User[];
  /** Ids of the members whose address the SMTP server refused for good. */
  unreachable: ReadonlySet<string>;
  invitations: PendingInvitation[];
  form: TeamForm;
}): JSX.Element {
  return (
    <ProPage title="Équipe" section="team" viewer={viewer}>
      <h1>Équipe</h1>
      <Flash text={form.flash} />
      <Members viewer={viewer} team={team} unreachable={unreachable} />
      <PendingInvitations viewer={viewer} invitations={invitations} />
      <h2>Inviter quelqu’un</h2>
      <p>Nous envoyons l’invitation à l’adresse de votre collègue : elle est valable 7 jours et ne sert qu’une fois.</p>
      <FormErrors errors={form.errors} title="L’invitation n’a pas été envoyée. Corrigez :" />
      <form method="post" action="/pro/team/invitations" class="narrow" novalidate>
        <Csrf token={viewer.csrf} />
        <LabelledInput
          name="email"
          label="Adresse e-mail de votre collègue"
          type="email"
          autocomplete="off"
          value={form.email}
          errors={form.errors}
        />
        <div>
          <label for="f-role">Rôle</label>
          <select id="f-role" name="role">
            <option value="agent" selected={form.role !== 'admin'}>
              Agent (annonces, contacts)
            </option>
            <option value="admin" selected={form.role === 'admin'}>
              Administrateur (clés, webhooks, équipe)
            </option>
          </select>
        </div>
        <button type="submit">Envoyer l’invitation</button>
      </form>
    </ProPage>
  );
}
