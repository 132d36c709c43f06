import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listLeadsRoute } from './list-leads.js';
import { getLeadRoute } from './get-lead.js';
import { replyToLeadRoute } from './reply-to-lead.js';
import { setLeadStatusRoute } from './set-lead-status.js';

/**
 * The leads operations of v1 (docs/decisions.md §16), one file each: a CRM reads the agency's
 * conversations with visitors, answers them and files them. LIVE keys reach the site's
 * conversations, TEST keys (under /sandbox) the sandbox's.
 */
export const v1LeadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const operation of [listLeadsRoute, getLeadRoute, replyToLeadRoute, setLeadStatusRoute]) await app.register(operation);
};
