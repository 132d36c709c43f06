import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { deleteAsVisitor, readVisitorThread, replyAsVisitor } from '../../domain/leads/visitor-side.js';
import { visitorConversationPath } from '../../domain/leads/links.js';
import { renderDocument } from '../html/render.js';
import { conversationDeletedHtml, conversationGoneHtml, notFoundHtml, problemHtml, tooManyMessagesHtml } from './pages.js';
import { formFields, html, isFormPost } from './replies.js';
import { ConversationPage, DeleteConfirmPage, deletePath } from './views/conversation-page.js';

/**
 * A reply is one field of at most 5,000 characters: even all of them 3-byte UTF-8, percent-encoded
 * (9 bytes each), it fits; a larger body cannot be a valid reply and is refused (413) unparsed.
 */
export const REPLY_BODY_LIMIT = 48 * 1024;

const PAGE = visitorConversationPath(':token');
const SENT = 'envoye';

/**
 * The visitor's private conversation pages (docs/decisions.md §16, docs/site-and-spaces.md):
 * `GET /messages/{token}` the thread, `POST` a reply, `GET …/delete` the confirmation and
 * `POST …/delete` the deletion. The domain's visitor side does the work; routes only render.
 *
 * CSRF: these forms carry no session token because there is no session: the 256-bit token in
 * the path is the credential, and a cross-site form cannot post to an address it cannot know.
 */
export const conversationRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app.services;
  const hide = { schema: { hide: true } };
  const now = () => app.services.now();

  // Every answer under the private address, errors included: never stored by a cache, never
  // indexed, and the token in the URL never sent on as a Referer (to the listing, the stylesheet, anywhere).
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex, nofollow');
    return payload;
  });

  const tokenOf = (request: FastifyRequest) => (request.params as { token: string }).token;
  const page = (reply: FastifyReply, status: number, body: string) => html(reply, status, body, 'no-store');
  /** A link that opens nothing: unknown (never made, tampered with, or purged) or deleted by the visitor. */
  const closed = (reply: FastifyReply, kind: 'unknown' | 'deleted') =>
    kind === 'deleted' ? page(reply, 410, conversationGoneHtml()) : page(reply, 404, notFoundHtml());

  app.get(PAGE, hide, async (request, reply) => {
    const token = tokenOf(request);
    const found = await readVisitorThread(db, token, config);
    if (found.kind !== 'open') return closed(reply, found.kind);
    const flash = (request.query as Record<string, unknown>).fait === SENT ? 'Votre message a été envoyé à l’agence.' : null;
    const view = <ConversationPage thread={found.value} token={token} reply={{ text: '', errors: [] }} flash={flash} />;
    return page(reply, 200, renderDocument(view));
  });

  app.post(PAGE, { ...hide, bodyLimit: REPLY_BODY_LIMIT }, async (request, reply) => {
    if (!isFormPost(request)) return page(reply, 415, problemHtml(415));
    const token = tokenOf(request);
    const typed = formFields(request).text;
    const written = await replyAsVisitor(
      db,
      token,
      typed,
      { address: request.ip, now: now(), perHour: config.siteContactsPerHour },
      config,
    );
    if (written.kind === 'open')
      return reply
        .code(303)
        .header('location', `${visitorConversationPath(token)}?fait=${SENT}`)
        .send();
    if (written.kind !== 'refused') return closed(reply, written.kind);
    if (written.refusal.code === 'rate_limit_exceeded') {
      const retryAfter = Number(written.refusal.headers?.['retry-after'] ?? 3600);
      return page(reply.header('retry-after', String(retryAfter)), 429, tooManyMessagesHtml(retryAfter));
    }
    // The text was refused: the page again, with the message and what was typed.
    const found = await readVisitorThread(db, token, config);
    if (found.kind !== 'open') return closed(reply, found.kind);
    const again = { text: typeof typed === 'string' ? typed : '', errors: written.refusal.errors ?? [] };
    return page(reply, 400, renderDocument(<ConversationPage thread={found.value} token={token} reply={again} flash={null} />));
  });

  app.get(deletePath(':token'), hide, async (request, reply) => {
    const token = tokenOf(request);
    const found = await readVisitorThread(db, token, config);
    if (found.kind !== 'open') return closed(reply, found.kind);
    return page(reply, 200, renderDocument(<DeleteConfirmPage thread={found.value} token={token} />));
  });

  app.post(deletePath(':token'), { ...hide, bodyLimit: REPLY_BODY_LIMIT }, async (request, reply) => {
    if (!isFormPost(request)) return page(reply, 415, problemHtml(415));
    const deleted = await deleteAsVisitor(db, tokenOf(request), now());
    if (deleted.kind !== 'open') return closed(reply, deleted.kind);
    return page(reply, 200, conversationDeletedHtml());
  });
};
