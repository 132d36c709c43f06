import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { leadCounts, recentLeads } from '../../../domain/leads/conversation-store.js';
import type { AgencyEnv } from '../../../domain/tenant.js';
import { leadsForExport } from '../../../domain/leads/export.js';
import { PRO_INBOX_PATH } from '../../../domain/leads/links.js';
import { sortableParisDateTime } from '../../../platform/calendar/french-time.js';
import { parisDay } from '../../../platform/calendar/paris-day.js';
import { Int } from '../../../platform/validation/schema-types.js';
import { LEAD_STATUS_LABELS } from '../../html/labels.js';
import type { ProSpace } from '../space.js';
import { INBOX_STATUSES, InboxPage, type InboxFilter } from '../views/inbox-page.js';
import { csvDocument } from './csv.js';
import { conversationPages, proRoute } from './conversation-routes.js';

const INBOX_PAGE = 50;
const InboxQuery = Type.Object({
  statut: Type.Optional(Type.Union(INBOX_STATUSES.map((status) => Type.Literal(status)))),
  nonlus: Type.Optional(Type.String({ maxLength: 5 })),
  page: Type.Optional(Int(1, 10_000)),
});

const filterOf = (query: { statut?: InboxFilter['status']; nonlus?: string; page?: number }): InboxFilter => ({
  status: query.statut ?? 'open',
  unreadOnly: query.nonlus === '1',
  page: query.page ?? 1,
});
/** The inbox filter as the conversation store reads it. */
const storeFilter = (filter: InboxFilter) => ({
  status: filter.status === 'open' || filter.status === 'all' ? undefined : filter.status,
  unarchivedOnly: filter.status === 'open',
  unreadOnly: filter.unreadOnly,
});

const CSV_HEADER = [
  'Date du premier message',
  'Date du dernier message',
  'Statut',
  'Nom',
  'E-mail',
  'Téléphone',
  'Annonce',
  'Référence',
  'Nombre de messages',
  'Premier message',
];

/**
 * `/pro/contacts` (docs/site-and-spaces.md, docs/decisions.md §16): the agency's conversations
 * with the site's visitors, for admins and agents: the inbox with its filters and counts, its CSV
 * export, each conversation (conversation-routes.tsx); `/pro/leads`, linked from mails sent
 * before the inbox, moved here for good.
 */
export const contactsPages: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  const { db, now } = app.services;
  const scopeOf = (request: FastifyRequest): AgencyEnv => ({ agencyId: space.agencyOf(request), env: 'live' });

  app.get(proRoute(PRO_INBOX_PATH), { schema: { hide: true, querystring: InboxQuery } }, async (request, reply) => {
    const filter = filterOf(request.query);
    const scope = scopeOf(request);
    const [{ leads, total }, counts] = await Promise.all([
      recentLeads(db, scope, { ...storeFilter(filter), limit: INBOX_PAGE, offset: (filter.page - 1) * INBOX_PAGE }),
      leadCounts(db, scope),
    ]);
    const pages = Math.max(1, Math.ceil(total / INBOX_PAGE));
    const view = <InboxPage viewer={space.viewerOf(request)} leads={leads} total={total} counts={counts} filter={filter} pages={pages} />;
    return space.page(reply, filter.page > pages ? 404 : 200, view);
  });

  app.get(proRoute(`${PRO_INBOX_PATH}.csv`), { schema: { hide: true, querystring: InboxQuery } }, async (request, reply) => {
    const leads = await leadsForExport(db, scopeOf(request), storeFilter(filterOf(request.query)));
    const rows = leads.map((lead) => [
      sortableParisDateTime(lead.receivedAt),
      sortableParisDateTime(lead.lastMessageAt),
      LEAD_STATUS_LABELS[lead.status],
      lead.visitor.name,
      lead.visitor.email,
      lead.visitor.phone ?? '',
      lead.listingTitle,
      lead.externalId,
      String(lead.messageCount),
      lead.firstMessage ??
        (lead.deletedByVisitor
          ? `(effacé : conversation supprimée par le visiteur le ${sortableParisDateTime(lead.deletedByVisitor)})`
          : ''),
    ]);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="contacts-${parisDay(now())}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(csvDocument(CSV_HEADER, rows));
  });

  // Mails sent before the inbox link here: moved for good, its query kept (re-encoded, so that
  // nothing but a query rides on the Location); the inbox itself then asks a signed-out browser
  // to sign in.
  app.get('/leads', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const query = new URLSearchParams(request.url.split('?')[1] ?? '').toString();
    return reply
      .code(301)
      .header('location', query ? `${PRO_INBOX_PATH}?${query}` : PRO_INBOX_PATH)
      .send();
  });

  await app.register(conversationPages, { space });
};
