import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../../http/errors.js';
import { tenantOf } from '../../http/tenant.js';
import { restoringOffsetOf } from '../query-offset.js';
import type { LeadStatus } from '../../../domain/leads/conversation-model.js';
import { leadsAfter } from '../../../domain/leads/conversation-store.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { LeadList, LeadsQuery } from './schemas.js';
import { leadJson, security } from './lead-json.js';

const schema = {
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
};

/** GET /v1/leads: a page of the agency's conversations. */
export const listLeadsRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.services;
  app.get(
    '/leads',
    {
      config: { scope: 'leads:read' },
      schema,
      preValidation: restoringOffsetOf('since'),
    },
    async (request) => {
      const { status, since, after, limit } = request.query;
      const afterId = after === undefined ? undefined : decodeCursor(after);
      if (afterId === null) {
        const message = 'after must be the nextCursor of a previous page, exactly as it was given';
        throw new ApiError('validation_error', `The query is invalid: ${message}`, [{ field: 'after', message }]);
      }
      const found = await leadsAfter(db, tenantOf(request), {
        status: status as LeadStatus | undefined,
        since: since === undefined ? undefined : new Date(since),
        after: afterId,
        limit: limit + 1,
      });
      const page = found.slice(0, limit);
      return { data: page.map(leadJson), nextCursor: found.length > limit ? encodeCursor(page.at(-1)!.leadId) : null };
    },
  );
};
