import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses } from '../../http/schemas.js';
import { tenantOf } from '../../http/tenant.js';
import { notFound } from '../../../platform/outcome.js';
import { findLeadThread } from '../../../domain/leads/conversation-store.js';
import { LeadIdParams, LeadThread } from './schemas.js';
import { security, threadJson } from './lead-json.js';

const schema = {
  tags: ['v1'],
  operationId: 'getLead',
  summary: 'One conversation with its messages',
  description:
    'The conversation and its messages, oldest first. An agency message says who wrote it (a pro user or an API key). Reading ' +
    'changes nothing: PATCH it to read to file it as seen.',
  security,
  params: LeadIdParams,
  response: {
    200: { ...LeadThread, description: 'The conversation with its messages, oldest first.' },
    ...errorResponses(404),
  },
};

/** GET /v1/leads/{leadId}: another agency's conversation is not found, like one that does not exist. */
export const getLeadRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.services;
  app.get('/leads/:leadId', { config: { scope: 'leads:read' }, schema }, async (request) => {
    const thread = await findLeadThread(db, tenantOf(request), request.params.leadId);
    if (!thread) throw failWith(notFound('Lead'));
    return threadJson(thread);
  });
};
