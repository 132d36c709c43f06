import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, failWith } from '../../http/errors.js';
import { errorResponses, IdempotencyHeader } from '../../http/schemas.js';
import { refuse } from '../../../platform/outcome.js';
import { checkLeadInput, LEAD_LIMITS } from '../../../domain/leads/lead-input.js';
import { isBlocked } from '../../../domain/leads/block-list.js';
import { receiveSandboxLead } from '../../../domain/leads/receive.js';
import type { LeadThread as LeadThreadRecord } from '../../../domain/leads/conversation-model.js';
import { answerInWrite } from '../../http/plugins/idempotency.js';
import { tenantOf } from '../../http/tenant.js';
import { LeadThread, SandboxLeadBody } from './schemas.js';
import { leadLocation, threadJson } from './lead-json.js';

/**
 * What each field of a test conversation must be, in the API's words: the schema has checked
 * types and lengths, so the contact form's rule (checkLeadInput) refuses a field for what is left.
 */
const FIELD_RULES: Record<string, string> = {
  name: `name must be a name of 1 to ${LEAD_LIMITS.name} characters, not blank`,
  email: `email must be an e-mail address such as camille.martin@example.org, at most ${LEAD_LIMITS.email} characters`,
  message: `message must be plain text of 1 to ${LEAD_LIMITS.message} characters, not blank`,
};

/**
 * Sandbox only: a test conversation, as if a visitor had written about one of the agency's
 * sandbox listings (docs/decisions.md §16), so a CRM can try its leads import end to end.
 */
export const sandboxLeadRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.services;
  app.post(
    '/leads',
    {
      config: { scope: 'leads:write' },
      schema: {
        tags: ['v1'],
        operationId: 'sandboxCreateLead',
        servers: [
          { url: '/sandbox', description: 'This server, sandbox (TEST keys): the only place this operation exists' },
          { url: `${config.baseUrl}/sandbox`, description: 'Sandbox (TEST keys), at BASE_URL' },
        ],
        summary: 'Sandbox: a visitor writes about one of your sandbox listings',
        description:
          'Only under /sandbox/v1 with a TEST key. Opens a conversation as the site’s contact form would: event lead.received, the ' +
          'mails to the agency’s pro users and the acknowledgement to the visitor — all kept in the mailbox, never sent, whatever the ' +
          'address. serviceId must be one of the agency’s sandbox listings (404 otherwise). An e-mail the agency blocked is 409: such a ' +
          'visitor’s conversations never reach the agency.',
        security: [{ bearerAuth: [] }],
        headers: IdempotencyHeader,
        body: SandboxLeadBody,
        response: {
          201: { ...LeadThread, description: 'The test conversation, with the visitor’s first message.' },
          ...errorResponses(404, 409),
        },
      },
    },
    async (request, reply) => {
      const { serviceId, ...fields } = request.body;
      const checked = checkLeadInput(fields);
      if (!checked.ok) {
        const errors = [...new Set(checked.errors.map((e) => e.field))].map((field) => ({ field, message: FIELD_RULES[field]! }));
        throw new ApiError('validation_error', `The body is invalid: ${errors.map((e) => e.message).join('; ')}`, errors);
      }
      const tenant = tenantOf(request);
      const { agencyId } = tenant;
      if (await isBlocked(db, agencyId, checked.input.email))
        throw failWith(
          refuse('conflict', 'The agency blocked this e-mail: a blocked visitor’s conversations never reach it. Use another address.', [
            { field: 'email', message: 'email is on the agency’s block list' },
          ]),
        );
      const answer = (thread: LeadThreadRecord) => {
        reply.header('location', leadLocation(config.baseUrl, tenant, thread.leadId));
        return threadJson(thread);
      };
      // Kept with the conversation's mails: a retry after a crash replays it and never opens a second one.
      const kept = answerInWrite(request, reply, 201, answer);
      const received = await receiveSandboxLead(db, agencyId, serviceId, checked.input, app.services.now(), config, kept);
      if (!received.ok) throw failWith(received);
      return reply.code(201).send(answer(received.value));
    },
  );
};
