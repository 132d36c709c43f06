import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { authenticatedKey } from '../http/plugins/key-auth.js';
import { ApiError, failWith } from '../http/errors.js';
import { errorResponses, IdempotencyHeader } from '../http/schemas.js';
import { notFound } from '../../platform/outcome.js';
import { restoreQueryOffset } from '../../platform/validation/timestamps.js';
import type { AgencyEnv } from '../../domain/tenant.js';
import type { LeadStatus, LeadSummary, LeadThread } from '../../domain/leads/conversation-model.js';
import { findLeadThread, leadsAfter } from '../../domain/leads/conversation-store.js';
import { fileLead, replyAsAgency } from '../../domain/leads/agency-side.js';
import { MESSAGE_MAX, readMessageText } from '../../domain/leads/lead-input.js';
import { decodeCursor, encodeCursor } from './leads-cursor.js';
import { LeadIdParams, LeadList, LeadsQuery, LeadStatusBody, LeadThread as LeadThreadSchema, ReplyBody } from './leads-schemas.js';

/**
 * The leads operations of v1 (docs/decisions.md §16): a CRM reads the agency's conversations
 * with visitors, answers them and files them. LIVE keys reach the site's conversations, TEST
 * keys (under /sandbox) the sandbox's. Another agency's conversation is not found, like one
 * that does not exist.
 */

const security = [{ bearerAuth: [] }];

export const scopeOf = (request: FastifyRequest): AgencyEnv => {
  const { agencyId, env } = authenticatedKey(request);
  return { agencyId, env };
};

const iso = (date: Date) => date.toISOString();

export const leadJson = (lead: LeadSummary) => ({
  leadId: lead.leadId,
  serviceId: lead.serviceId,
  externalId: lead.externalId,
  listingTitle: lead.listingTitle,
  status: lead.status,
  visitor: lead.visitor,
  receivedAt: iso(lead.receivedAt),
  lastMessageAt: iso(lead.lastMessageAt),
  messageCount: lead.messageCount,
  unreadCount: lead.unreadCount,
  deletedByVisitor: lead.deletedByVisitor ? iso(lead.deletedByVisitor) : null,
});

export const threadJson = (thread: LeadThread) => ({
  ...leadJson(thread),
  messages: thread.messages.map((m) => ({ ...m, createdAt: iso(m.createdAt) })),
});

/** Where a conversation is read: the Location of what a write created in it. */
export const leadLocation = (baseUrl: string, scope: AgencyEnv, leadId: string) =>
  `${baseUrl}${scope.env === 'test' ? '/sandbox' : ''}/v1/leads/${leadId}`;

/** The one text rule (readMessageText), said in the API's words. */
function replyTextRefusal(raw: unknown): ApiError | null {
  const read = readMessageText(raw);
  if (read.ok) return null;
  const message =
    read.fault === 'empty'
      ? 'text must not be blank'
      : read.fault === 'too_long'
        ? `text must be at most ${MESSAGE_MAX} characters long once trimmed (it has ${read.length})`
        : 'text must be valid Unicode text without NUL characters';
  return new ApiError('validation_error', `The body is invalid: ${message}`, [{ field: 'text', message }]);
}

const notALead = () => failWith(notFound('Lead'));

export const v1LeadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.services;

  app.get(
    '/leads',
    {
      config: { scope: 'leads:read' },
      schema: {
        tags: ['v1'],
        operationId: 'listLeads',
        summary: 'The agency’s conversations with visitors, oldest first',
        description:
          'Pages through the conversations oldest first (by creation), limit at a time (1–200, default 50). Give the nextCursor of a page as ' +
          'after to get the next one; it is null on the last page. The cursor is opaque. Filters: status, and since (the latest message of ' +
          'either side at or after it: a nightly import passes the time it last ran). Reading changes nothing: PATCH a conversation to read ' +
          'to file it as seen.',
        security,
        querystring: LeadsQuery,
        response: { 200: { ...LeadList, description: 'One page of conversations, oldest first, without their messages.' } },
      },
      // Before the schema judges it: an unencoded + in the offset arrives as a space.
      preValidation: async (request) => {
        const query = request.query as { since?: unknown };
        if (typeof query.since === 'string') query.since = restoreQueryOffset(query.since);
      },
    },
    async (request) => {
      const { status, since, after, limit } = request.query;
      const afterId = after === undefined ? undefined : decodeCursor(after);
      if (afterId === null) {
        const message = 'after must be the nextCursor of a previous page, exactly as it was given';
        throw new ApiError('validation_error', `The query is invalid: ${message}`, [{ field: 'after', message }]);
      }
      const found = await leadsAfter(db, scopeOf(request), {
        status: status as LeadStatus | undefined,
        since: since === undefined ? undefined : new Date(since),
        after: afterId,
        limit: limit + 1,
      });
      const page = found.slice(0, limit);
      return { data: page.map(leadJson), nextCursor: found.length > limit ? encodeCursor(page.at(-1)!.leadId) : null };
    },
  );

  app.get(
    '/leads/:leadId',
    {
      config: { scope: 'leads:read' },
      schema: {
        tags: ['v1'],
        operationId: 'getLead',
        summary: 'One conversation with its messages',
        description:
          'The conversation and its messages, oldest first. An agency message says who wrote it (a pro user or an API key). Reading ' +
          'changes nothing: PATCH it to read to file it as seen.',
        security,
        params: LeadIdParams,
        response: {
          200: { ...LeadThreadSchema, description: 'The conversation with its messages, oldest first.' },
          ...errorResponses(404),
        },
      },
    },
    async (request) => {
      const thread = await findLeadThread(db, scopeOf(request), request.params.leadId);
      if (!thread) throw notALead();
      return threadJson(thread);
    },
  );

  app.post(
    '/leads/:leadId/messages',
    {
      config: { scope: 'leads:write' },
      schema: {
        tags: ['v1'],
        operationId: 'replyToLead',
        summary: 'Answer the visitor',
        description:
          'Adds the agency’s message, written by this API key, and mails it to the visitor with a private link to the conversation ' +
          '(the sandbox keeps its mails in the mailbox, never sent). The conversation becomes replied. A conversation the visitor ' +
          'deleted takes no answer: 409. Send an Idempotency-Key so that a retry never mails the visitor twice.',
        security,
        params: LeadIdParams,
        headers: IdempotencyHeader,
        body: ReplyBody,
        response: {
          201: {
            ...LeadThreadSchema,
            description: 'The answer was added and mailed: the conversation with its messages, the answer last.',
          },
          ...errorResponses(404, 409),
        },
      },
    },
    async (request, reply) => {
      const refused = replyTextRefusal(request.body.text);
      if (refused) throw refused;
      const scope = scopeOf(request);
      const { keyId } = authenticatedKey(request);
      const { leadId } = request.params;
      const outcome = await replyAsAgency(db, scope, leadId, { kind: 'key', keyId }, request.body.text, app.services.now(), config);
      if (!outcome.ok) throw failWith(outcome);
      return reply
        .code(201)
        .header('location', leadLocation(config.baseUrl, scope, leadId))
        .send(threadJson(outcome.value));
    },
  );

  app.patch(
    '/leads/:leadId',
    {
      config: { scope: 'leads:write' },
      schema: {
        tags: ['v1'],
        operationId: 'setLeadStatus',
        summary: 'File a conversation under a status',
        description:
          'Any status may follow any other. A conversation goes back to new by itself when the visitor writes again, and becomes ' +
          'replied when the agency answers.',
        security,
        params: LeadIdParams,
        body: LeadStatusBody,
        response: {
          200: { ...LeadThreadSchema, description: 'The conversation with its new status and its messages.' },
          ...errorResponses(404),
        },
      },
    },
    async (request) => {
      const outcome = await fileLead(db, scopeOf(request), request.params.leadId, request.body.status as LeadStatus, app.services.now());
      if (!outcome.ok) throw failWith(outcome);
      return threadJson(outcome.value);
    },
  );
};
