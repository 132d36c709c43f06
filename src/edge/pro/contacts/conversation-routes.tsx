import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileLead, openLead, replyAsAgency } from '../../../domain/leads/agency-side.js';
import { blockVisitorOf, isBlocked, unblockVisitor } from '../../../domain/leads/block-list.js';
import type { AgencyEnv } from '../../../domain/tenant.js';
import type { LeadThread } from '../../../domain/leads/conversation-model.js';
import { findLeadThread } from '../../../domain/leads/conversation-store.js';
import { proConversationPath } from '../../../domain/leads/links.js';
import { findPublicListing } from '../../../domain/public-listings/find.js';
import { publicUrl } from '../../../domain/public-listings/visibility.js';
import type { FieldError } from '../../../platform/outcome.js';
import { IdString } from '../../../platform/validation/schema-types.js';
import { CsrfField } from '../../http/session-space.js';
import type { ProSpace } from '../space.js';
import { BlockConfirmPage, ConversationPage } from '../views/conversation-page.js';

/** A path of the pro space as a route of its plugin, mounted under `/pro`: the paths themselves come from the leads' links. */
export function proRoute(path: string): string {
  if (!path.startsWith('/pro/')) throw new Error(`${path} is not a path of the pro space`);
  return path.slice('/pro'.length);
}

const LeadParams = Type.Object({ leadId: IdString('lead') });
const conversationRoute = proRoute(proConversationPath(':leadId'));
/** Longer than a message may be, so a too long reply gets the domain's French message, not a bare 400. */
const ReplyBody = Type.Object({ ...CsrfField, text: Type.Optional(Type.String({ maxLength: 20_000 })) });
const StatusBody = Type.Object({
  ...CsrfField,
  status: Type.Union([Type.Literal('replied'), Type.Literal('archived'), Type.Literal('read')]),
});
const DoneQuery = Type.Object({ fait: Type.Optional(Type.String({ maxLength: 20 })) });

/** What the page says after an action (`?fait=…`, set by the redirect that follows it). */
const FLASHES: Record<string, string> = {
  reponse: 'Votre réponse a été envoyée au visiteur par e-mail.',
  replied: 'Contact marqué comme traité : il est classé « répondu ».',
  archived: 'Contact archivé : il ne paraît plus dans la liste par défaut.',
  read: 'Contact désarchivé.',
  bloque: 'Visiteur bloqué : ses prochains messages ne vous parviendront pas.',
  debloque: 'Visiteur débloqué : ses prochains messages vous parviendront.',
};

/** `/pro/contacts/{leadId}`: one conversation, the agency's reply, its status, blocking its visitor. */
export const conversationPages: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  const { db, config, now } = app.services;
  const scopeOf = (request: FastifyRequest): AgencyEnv => ({ agencyId: space.agencyOf(request), env: 'live' });
  // Another agency's conversation is answered exactly as an unknown one.
  const unknown = (request: FastifyRequest, reply: FastifyReply) =>
    space.message(request, reply, 404, 'Contact introuvable', 'Aucun de vos contacts n’a cet identifiant.');

  const show = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    thread: LeadThread,
    extra: { flash?: string | null; errors?: FieldError[]; text?: string } = {},
  ) => {
    const [listing, blocked] = await Promise.all([
      findPublicListing(db, thread.serviceId),
      isBlocked(db, scopeOf(request).agencyId, thread.visitor.email),
    ]);
    const view = {
      thread,
      publicLink: listing.kind === 'public' ? publicUrl(config.siteUrl, thread.serviceId) : null,
      blocked,
      flash: extra.flash ?? null,
      reply: { errors: extra.errors ?? [], text: extra.text ?? '' },
    };
    return space.page(reply, status, <ConversationPage viewer={space.viewerOf(request)} view={view} />);
  };

  app.get(conversationRoute, { schema: { hide: true, params: LeadParams, querystring: DoneQuery } }, async (request, reply) => {
    const { leadId } = request.params;
    // Opening it marks it read; the page then shows it as it now stands.
    if (!(await openLead(db, scopeOf(request), leadId, now()))) return unknown(request, reply);
    const [thread] = await Promise.all([findLeadThread(db, scopeOf(request), leadId), space.countUnread(request)]);
    if (!thread) return unknown(request, reply);
    return show(request, reply, 200, thread, { flash: FLASHES[request.query.fait ?? ''] ?? null });
  });

  app.post(conversationRoute, { schema: { hide: true, params: LeadParams, body: ReplyBody } }, async (request, reply) => {
    const { leadId } = request.params;
    const author = { kind: 'user' as const, userId: space.userOf(request) };
    const text = request.body.text ?? '';
    const sent = await replyAsAgency(db, scopeOf(request), leadId, author, text, now(), config);
    if (sent.ok) return space.seeOther(reply, `${proConversationPath(leadId)}?fait=reponse`);
    if (sent.code === 'not_found') return unknown(request, reply);
    const thread = await findLeadThread(db, scopeOf(request), leadId);
    if (!thread) return unknown(request, reply);
    const errors =
      sent.code === 'conflict'
        ? [{ field: 'text', message: 'Le visiteur a supprimé cette conversation : elle ne prend plus de réponse.' }]
        : (sent.errors ?? [{ field: 'text', message: sent.detail }]);
    return show(request, reply, sent.code === 'conflict' ? 409 : 400, thread, { errors, text });
  });

  app.post(`${conversationRoute}/status`, { schema: { hide: true, params: LeadParams, body: StatusBody } }, async (request, reply) => {
    const { leadId } = request.params;
    const filed = await fileLead(db, scopeOf(request), leadId, request.body.status, app.services.now());
    if (!filed.ok) return unknown(request, reply);
    return space.seeOther(reply, `${proConversationPath(leadId)}?fait=${request.body.status}`);
  });

  app.get(`${conversationRoute}/block`, { schema: { hide: true, params: LeadParams } }, async (request, reply) => {
    const thread = await findLeadThread(db, scopeOf(request), request.params.leadId);
    if (!thread) return unknown(request, reply);
    return space.page(reply, 200, <BlockConfirmPage viewer={space.viewerOf(request)} thread={thread} />);
  });

  app.post(
    `${conversationRoute}/block`,
    { schema: { hide: true, params: LeadParams, body: Type.Object(CsrfField) } },
    async (request, reply) => {
      const { leadId } = request.params;
      if (!(await blockVisitorOf(db, scopeOf(request), leadId, space.userOf(request), now()))) return unknown(request, reply);
      return space.seeOther(reply, `${proConversationPath(leadId)}?fait=bloque`);
    },
  );

  app.post(
    `${conversationRoute}/unblock`,
    { schema: { hide: true, params: LeadParams, body: Type.Object(CsrfField) } },
    async (request, reply) => {
      const { leadId } = request.params;
      const thread = await findLeadThread(db, scopeOf(request), leadId);
      if (!thread) return unknown(request, reply);
      await unblockVisitor(db, scopeOf(request).agencyId, thread.visitor.email);
      return space.seeOther(reply, `${proConversationPath(leadId)}?fait=debloque`);
    },
  );
};
