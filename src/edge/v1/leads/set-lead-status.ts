import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../../http/errors.js';
import { errorResponses } from '../../http/schemas.js';
import { tenantOf } from '../../http/tenant.js';
import type { LeadStatus } from '../../../domain/leads/conversation-model.js';
import { fileLead } from '../../../domain/leads/agency-side.js';
import { LeadIdParams, LeadStatusBody, LeadThread } from './schemas.js';
import { security, threadJson } from './lead-json.js';

const schema = {
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
    200: { ...LeadThread, description: 'The conversation with its new status and its messages.' },
    ...errorResponses(404),
  },
};

/** PATCH /v1/leads/{leadId}. */
export const setLeadStatusRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now } = app.services;
  app.patch('/leads/:leadId', { config: { scope: 'leads:write' }, schema }, async (request) => {
    const outcome = await fileLead(db, tenantOf(request), request.params.leadId, request.body.status as LeadStatus, now());
    if (!outcome.ok) throw failWith(outcome);
    return threadJson(outcome.value);
  });
};
