import { LEAD_STATUSES, type LeadStatus } from '../../../domain/leads/conversation-model.js';
import type { InboxLead } from '../../../domain/leads/conversation-store.js';
import { PRO_INBOX_PATH, proConversationPath } from '../../../domain/leads/links.js';
import { TableScroll, when } from '../../html/page-parts.js';
import { LEAD_STATUS_LABELS } from '../../html/labels.js';
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

/** The counts at the top, each a link to its filter: one line, on a phone too. */
function InboxCounts({ counts }: { counts: LeadCounts }): JSX.Element {
  const figures: Array<[string, number, InboxFilter]> = [
    ...LEAD_STATUSES.map((status): [string, number, InboxFilter] => [
      capitalised(LEAD_STATUS_LABELS[status]),
      counts[status],
      { status, unreadOnly: false, page: 1 },
    ]),
    ['Contacts non lus', counts.unread, { status: 'all', unreadOnly: true, page: 1 }],
  ];
  return (
    <p>
      {figures.map(([label, value, target], i) => (
        <>
          {i > 0 ? ' · ' : ''}
          <a href={inboxHref(target)} safe>{`${label}\u00a0:\u00a0${number.format(value)}`}</a>
        </>
      ))}
    </p>
  );
}

/**
 * A plain GET form: it works without script, and its address can be bookmarked. Inline, as the
 * other filter forms of the spaces, so the button stands beside the controls it applies.
 */
function InboxFilters({ filter, counts }: { filter: InboxFilter; counts: LeadCounts }): JSX.Element {
  return (
    <form method="get" action={PRO_INBOX_PATH} class="inline" aria-label="Filtrer les contacts">
      <label for="f-statut">Statut</label>
      <select id="f-statut" name="statut">
        {INBOX_STATUSES.map((status) => (
          <option value={status} selected={filter.status === status} safe>
            {statusChoice(status, counts)}
          </option>
        ))}
      </select>
      <label class="check">
        <input type="checkbox" name="nonlus" value="1" checked={filter.unreadOnly} /> Non lus seulement
      </label>
      <button type="submit">Filtrer</button>
    </form>
  );
}

function InboxTable({ leads }: { leads: InboxLead[] }): JSX.Element {
  return (
    <TableScroll label="Contacts de l’agence">
      <table class="list stacked">
        <caption class="sr">Contacts de l’agence</caption>
        <thead>
          <tr>
            <th scope="col">Visiteur</th>
            <th scope="col">Annonce</th>
            <th scope="col">Dernier message</th>
            <th scope="col">Statut</th>
            <th scope="col">Messages non lus</th>
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
              <td data-label="Dernier message">
                <span>
                  <span safe>{when(lead.lastMessageAt)}</span>
                  {lead.lastMessage ? <br /> : ''}
                  {lead.lastMessage ? (
                    <span class="muted" safe>
                      {`${lead.lastMessage.author === 'agency' ? 'Agence : ' : ''}${lead.lastMessage.excerpt}`}
                    </span>
                  ) : (
                    ''
                  )}
                </span>
              </td>
              <td data-label="Statut" safe>
                {LEAD_STATUS_LABELS[lead.status]}
              </td>
              <td data-label="Messages non lus">
                {/* The badge inside a span: a stacked cell's grid would stretch it. */}
                <span>
                  {lead.unreadCount > 0 ? (
                    <span class="badge" safe>
                      {number.format(lead.unreadCount)}
                    </span>
                  ) : (
                    '0'
                  )}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function Pager({ filter, pages }: { filter: InboxFilter; pages: number }): JSX.Element {
  if (pages <= 1) return '';
  return (
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
  );
}

/** `/pro/contacts`: the counts, the filters, the export link, a page of conversations. */
export function InboxPage(props: {
  viewer: ProViewer;
  leads: InboxLead[];
  total: number;
  counts: LeadCounts;
  filter: InboxFilter;
  pages: number;
}): JSX.Element {
  const { filter, total } = props;
  const unfiltered = filter.status === 'open' && !filter.unreadOnly;
  return (
    <ProPage title="Contacts" section="leads" viewer={props.viewer}>
      <h1>Messages des visiteurs</h1>
      <InboxCounts counts={props.counts} />
      <InboxFilters filter={filter} counts={props.counts} />
      <p>
        <span
          safe
        >{`${number.format(total)} contact${total > 1 ? 's' : ''} pour ces filtres, le dernier message le plus récent d’abord.`}</span>{' '}
        <a href={inboxHref({ ...filter, page: 1 }, `${PRO_INBOX_PATH}.csv`)}>Exporter ces contacts (CSV)</a> ·{' '}
        <a href="/pro/account">Être prévenu des messages, visiteurs bloqués</a>
      </p>
      {props.leads.length === 0 ? (
        <p>{total === 0 && unfiltered ? 'Aucun message pour l’instant.' : 'Aucun contact pour ces filtres.'}</p>
      ) : (
        <InboxTable leads={props.leads} />
      )}
      <Pager filter={filter} pages={props.pages} />
    </ProPage>
  );
}
