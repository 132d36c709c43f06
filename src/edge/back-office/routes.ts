import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerBackOfficeSpace } from './space.js';
import { dashboardPage } from './dashboard/routes.js';
import { verificationPages } from './verification/routes.js';
import { moderationPages } from './moderation/routes.js';
import { agenciesPages } from './agencies/routes.js';
import { auditPage } from './audit/routes.js';

/**
 * The back-office (docs/decisions.md §13, docs/site-and-spaces.md): French pages for operators, behind their own
 * session scope. Every action goes through the capability the operator API also uses, with
 * the operator as the audit log's actor. Sign-in and sign-out come with the session-space kit.
 */
export const backOfficePages: FastifyPluginAsyncTypebox = async (app) => {
  const space = await registerBackOfficeSpace(app);
  for (const pages of [dashboardPage, verificationPages, moderationPages, agenciesPages, auditPage]) await app.register(pages, { space });
};
