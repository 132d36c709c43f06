import {
  LEAD_STATUSES,
  type LeadMessage,
  type LeadStatus,
  type LeadSummary,
  type LeadThread,
} from '../../../domain/leads/conversation-model.js';
import { MESSAGE_MAX } from '../../../domain/leads/lead-input.js';
import { PRO_INBOX_PATH, proConversationPath } from '../../../domain/leads/links.js';
import { Csrf, Flash, FormErrors, PostButton, TableScroll, when } from '../../html/page-parts.js';
import { LEAD_STATUS_LABELS } from '../../html/labels.js';
import type { FieldError } from '../../../platform/outcome.js';
import { ProPage, type ProViewer } from './frame.js';

const number = new Intl.NumberFormat('fr-FR');

/** The inbox's status filter: the default leaves archived conversations out. */
export type InboxStatus = 'open' | 'all' | LeadStatus;
export const INBOX_STATUSES = ['open', 'all', ...LEAD_STATUSES] as const satisfies readonly InboxStatus[];

export interface InboxFilter {
  status: InboxStatus;
  unreadOnly: boolean;
  page: number;
}

/** The inbox's address for a filter: a plain GET, so a link, a bookmark and the form agree. */
export function inboxHref(filter: InboxFilter, base = PRO_INBOX_PATH): string {
  const query = new URLSearchParams();
  if (filter.status !== 'open') query.set('statut', filter.status);
  if (filter.unreadOnly) query.set('nonlus', '1');
  if (filter.page > 1) query.set('page', String(filter.page));
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}

export type LeadCounts = Record<LeadStatus, number> & { unread: number };

const statusChoice = (status: InboxStatus, counts: LeadCounts) => {
  if (status === 'all') return `tous (${number.format(counts.new + counts.read + counts.replied + counts.archived)})`;
  if (status === 'open') return `non archivés (${number.format(counts.new + counts.read + counts.replied)})`;
  return `${LEAD_STATUS_LABELS[status]} (${number.format(counts[status])})`;
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function InboxPage({
  viewer,
  leads,
  total,
  counts,
  filter,
  pages,
}: {
  viewer: ProViewer;
  leads: LeadSummary[];
  total: number;
  counts: LeadCounts;
  filter: InboxFilter;
  pages: number;
}): JSX.Element {
  const figures: Array<[string, number, InboxFilter]> = [
    ...LEAD_STATUSES.map((status): [string, number, InboxFilter] => [
      capitalised(LEAD_STATUS_LABELS[status]),
      counts[status],
      { status, unreadOnly: false, page: 1 },
    ]),
    ['Non lus', counts.unread, { status: 'all', unreadOnly: true, page: 1 }],
  ];
  return (
    <ProPage title="Contacts" section="leads" viewer={viewer}>
      <h1>Messages des visiteurs</h1>
      <dl class="figures">
        {figures.map(([label, value, target]) => (
          <div>
            <dt safe>{label}</dt>
            <dd>
              <a href={inboxHref(target)} safe>
                {number.format(value)}
              </a>
            </dd>
          </div>
        ))}
      </dl>
      <form method="get" action={PRO_INBOX_PATH} class="search" aria-label="Filtrer les contacts">
        <div>
          <label for="f-statut">Statut</label>
          <select id="f-statut" name="statut">
            {INBOX_STATUSES.map((status) => (
              <option value={status} selected={filter.status === status} safe>
                {statusChoice(status, counts)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label class="check">
            <input type="checkbox" name="nonlus" value="1" checked={filter.unreadOnly} /> Non lus seulement
          </label>
        </div>
        <div>
          <button type="submit">Filtrer</button>
        </div>
      </form>
      <p>
        <span
          safe
        >{`${number.format(total)} contact${total > 1 ? 's' : ''} pour ces filtres, le dernier message le plus récent d’abord.`}</span>{' '}
        <a href={inboxHref({ ...filter, page: 1 }, `${PRO_INBOX_PATH}.csv`)}>Exporter ces contacts (CSV)</a> ·{' '}
        <a href="/pro/account">Être prévenu des messages, visiteurs bloqués</a>
      </p>
      {leads.length === 0 ? (
        <p>
          {total === 0 && filter.status === 'open' && !filter.unreadOnly
            ? 'Aucun message pour l’instant.'
            : 'Aucun contact pour ces filtres.'}
        </p>
      ) : (
        <TableScroll label="Contacts de l’agence">
          <table class="list stacked">
            <caption class="sr">Contacts de l’agence</caption>
            <thead>
              <tr>
                <th scope="col">Visiteur</th>
                <th scope="col">Annonce</th>
                <th scope="col">Dernier message</th>
                <th scope="col">Statut</th>
                <th scope="col">Non lus</th>
              </tr>
            </thead>
            <tbody>
              {leads.map((lead) => (
                <tr>
                  {/* One child per cell: a stacked row's cell is a grid of its label and its content. */}
                  <td data-label="Visiteur">
                    <span>
                      <a href={proConversationPath(lead.leadId)} safe>
                        {lead.visitor.name}
                      </a>
                      {lead.deletedByVisitor ? <span class="muted"> · supprimée par le visiteur</span> : ''}
                    </span>
                  </td>
                  <td data-label="Annonce">
                    <span>
                      <span safe>{lead.listingTitle}</span>
                      <span class="muted" safe>{` ${lead.externalId}`}</span>
                    </span>
                  </td>
                  <td data-label="Dernier message" safe>
                    {when(lead.lastMessageAt)}
                  </td>
                  <td data-label="Statut" safe>
                    {LEAD_STATUS_LABELS[lead.status]}
                  </td>
                  <td data-label="Non lus">
                    {lead.unreadCount > 0 ? (
                      <span class="badge" safe>
                        {number.format(lead.unreadCount)}
                      </span>
                    ) : (
                      '0'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {pages > 1 ? (
        <nav class="pages" aria-label="Pages">
          <ol>
            {filter.page > 1 ? (
              <li>
                <a href={inboxHref({ ...filter, page: filter.page - 1 })}>Page précédente</a>
              </li>
            ) : (
              ''
            )}
            <li>
              <span aria-current="page" safe>{`Page ${filter.page} sur ${pages}`}</span>
            </li>
            {filter.page < pages ? (
              <li>
                <a href={inboxHref({ ...filter, page: filter.page + 1 })}>Page suivante</a>
              </li>
            ) : (
              ''
            )}
          </ol>
        </nav>
      ) : (
        ''
      )}
    </ProPage>
  );
}

/** Who wrote a message, as the agency reads it: the visitor, or which member or key of the agency. */
function authorOf(message: LeadMessage, visitorName: string): string {
  if (message.author === 'visitor') return `${visitorName} (visiteur)`;
  if (message.writtenBy?.kind === 'user') return `Agence, par ${message.writtenBy.label}`;
  if (message.writtenBy?.kind === 'key') return `Agence, par la clé d’API « ${message.writtenBy.label} »`;
  return 'Agence';
}

export interface ConversationView {
  thread: LeadThread;
  /** The listing's public page, while the site shows it. */
  publicLink: string | null;
  blocked: boolean;
  flash: string | null;
  /** A refused reply: its message and the text as typed. */
  reply: { errors: FieldError[]; text: string };
}

export function ConversationPage({ viewer, view }: { viewer: ProViewer; view: ConversationView }): JSX.Element {
  const { thread } = view;
  const path = proConversationPath(thread.leadId);
  const error = view.reply.errors.find((e) => e.field === 'text')?.message;
  const statusButtons: Array<[LeadStatus, string]> =
    thread.status === 'archived'
      ? [['read', 'Désarchiver']]
      : [...(thread.status === 'replied' ? [] : [['replied', 'Marquer comme traité'] as [LeadStatus, string]]), ['archived', 'Archiver']];
  return (
    <ProPage title={`Contact de ${thread.visitor.name}`} section="leads" viewer={viewer}>
      <p>
        <a href={PRO_INBOX_PATH}>← Contacts</a>
      </p>
      <Flash text={view.flash} />
      <FormErrors errors={view.reply.errors} title="La réponse n’a pas été envoyée :" />
      <h1 safe>{thread.visitor.name}</h1>
      <p safe>{`Statut : ${LEAD_STATUS_LABELS[thread.status]} · premier message le ${when(thread.receivedAt)}`}</p>
      <div class="actions">
        {statusButtons.map(([status, label]) => (
          <form method="post" action={`${path}/status`} class="inline">
            <Csrf token={viewer.csrf} />
            <input type="hidden" name="status" value={status} />
            <button type="submit" class="secondary" safe>
              {label}
            </button>
          </form>
        ))}
      </div>
      {thread.deletedByVisitor ? (
        <p class="notice" role="status" safe>
          {`Conversation supprimée par le visiteur le ${when(thread.deletedByVisitor)} : ses messages et son téléphone sont effacés, et il ne reçoit plus de réponse.`}
        </p>
      ) : (
        ''
      )}
      <div class="compare">
        <section aria-labelledby="annonce">
          <h2 id="annonce">Annonce</h2>
          <p safe>{thread.listingTitle}</p>
          <p safe>{`Référence ${thread.externalId}`}</p>
          <p>{view.publicLink ? <a href={view.publicLink}>Voir la page publique</a> : 'L’annonce n’est pas en ligne.'}</p>
        </section>
        <section aria-labelledby="visiteur">
          <h2 id="visiteur">Visiteur</h2>
          <dl class="facts-list">
            <dt>Nom</dt>
            <dd safe>{thread.visitor.name}</dd>
            <dt>E-mail</dt>
            <dd safe>{thread.visitor.email}</dd>
            <dt>Téléphone</dt>
            <dd safe>{thread.visitor.phone ?? '—'}</dd>
          </dl>
          {view.blocked ? (
            <>
              <p>
                <strong>Visiteur bloqué</strong> : ses prochains messages ne vous parviennent pas.
              </p>
              <PostButton csrf={viewer.csrf} action={`${path}/unblock`} label="Débloquer" ariaLabel="Débloquer ce visiteur" secondary />
            </>
          ) : (
            <p>
              <a href={`${path}/block`}>Bloquer ce visiteur…</a>
            </p>
          )}
        </section>
      </div>
      <h2>Messages</h2>
      {thread.messages.length === 0 ? (
        <p>Aucun message : le visiteur les a effacés.</p>
      ) : (
        <ol class="queue">
          {thread.messages.map((message) => (
            <li>
              <h3 safe>{authorOf(message, thread.visitor.name)}</h3>
              <p class="muted" safe>
                {when(message.createdAt)}
              </p>
              <p class="description" safe>
                {message.text}
              </p>
            </li>
          ))}
        </ol>
      )}
      {thread.deletedByVisitor ? (
        <p>Le visiteur a supprimé cette conversation : vous ne pouvez plus lui répondre ici.</p>
      ) : (
        <form method="post" action={path} class="narrow" novalidate>
          <Csrf token={viewer.csrf} />
          <div>
            <label for="f-text">Votre réponse</label>
            <p class="legal" id="h-text" safe>
              {`${number.format(MESSAGE_MAX)} caractères au plus. Le visiteur la reçoit par e-mail, sans votre adresse ni votre nom.`}
            </p>
            <textarea
              id="f-text"
              name="text"
              rows="8"
              aria-invalid={error ? 'true' : undefined}
              aria-describedby={error ? 'e-text h-text' : 'h-text'}
              safe
            >
              {view.reply.text}
            </textarea>
            {error ? (
              <p class="field-error" id="e-text" safe>
                {error}
              </p>
            ) : (
              ''
            )}
          </div>
          <button type="submit">Envoyer la réponse</button>
        </form>
      )}
    </ProPage>
  );
}

export function BlockConfirmPage({ viewer, thread }: { viewer: ProViewer; thread: LeadSummary }): JSX.Element {
  const path = proConversationPath(thread.leadId);
  return (
    <ProPage title="Bloquer ce visiteur" section="leads" viewer={viewer}>
      <h1 safe>{`Bloquer ${thread.visitor.name} ?`}</h1>
      <p
        safe
      >{`Les prochains messages de ${thread.visitor.email} ne vous parviendront plus : ni dans vos contacts, ni par e-mail, ni par webhook. Le visiteur n’en est pas averti. Cette conversation reste visible ; vous pourrez le débloquer.`}</p>
      <div class="actions">
        <PostButton csrf={viewer.csrf} action={`${path}/block`} label="Bloquer ce visiteur" secondary />
        <a href={path}>Annuler</a>
      </div>
    </ProPage>
  );
}
