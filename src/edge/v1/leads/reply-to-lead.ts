import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authenticatedKey } from '../../http/plugins/key-auth.js';
import { ApiError, failWith } from '../../http/errors.js';
import { errorResponses, IdempotencyHeader } from '../../http/schemas.js';
import { tenantOf } from '../../http/tenant.js';
import { answerInWrite } from '../../http/plugins/idempotency.js';
import { replyAsAgency } from '../../../domain/leads/agency-side.js';
import { MESSAGE_MAX, readMessageText } from '../../../domain/leads/lead-input.js';
import { LeadIdParams, LeadThread, ReplyBody } from './schemas.js';
import { leadLocation, security, threadJson } from './lead-json.js';

const schema = {
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
      ...LeadThread,
      description: 'The answer was added and mailed: the conversation with its messages, the answer last.',
    },
    ...errorResponses(404, 409),
  },
};

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

/** POST /v1/leads/{leadId}/messages: the agency's answer, written by the calling key. */
export const replyToLeadRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, now } = app.services;
  app.post('/leads/:leadId/messages', { config: { scope: 'leads:write' }, schema }, async (request, reply) => {
    const refused = replyTextRefusal(request.body.text);
    if (refused) throw refused;
    const tenant = tenantOf(request);
    const { keyId } = authenticatedKey(request);
    const { leadId } = request.params;
    reply.header('location', leadLocation(config.baseUrl, tenant, leadId));
    // Kept with the answer's mail: a retry after a crash replays it and never mails the visitor twice.
    const kept = answerInWrite(request, reply, 201, threadJson);
    const outcome = await replyAsAgency(db, tenant, leadId, { kind: 'key', keyId }, request.body.text, now(), config, kept);
    if (!outcome.ok) throw failWith(outcome);
    return reply.code(201).send(threadJson(outcome.value));
  });
};
